/**
 * What the model reads about each tool. Every description that reads or
 * writes lanes-seq embeds the one format guide from `@scorelane/lanes-seq`,
 * states its limits and the replacement rule (the guide holds it), and the
 * tool definitions add one example call each.
 */
import { formatGuide } from '@scorelane/lanes-seq';
import { MAX_READ_MEASURES, MAX_REWRITE_MEASURES } from '@scorelane/score-model';

const NUMBERING =
  'Measures and parts are counted from 1; m is the measure index in the score (a pickup is m1), not its printed number.';

const WRITES = `Every write is planned in full before anything changes. If the plan has a problem, nothing is changed: the answer starts "Nothing was changed." and lists every problem with its place and fix; correct them and call again. A write that applies is one undo step, selects what changed and returns the new revision. Pass the revision your last read returned as "revision": the write is refused only if a unit it replaces changed since (edits elsewhere do not matter). "dry_run": true shows the exact change (before and after of every unit) without writing. Repeat a call with the same "idempotency_key" and it is applied once.`;

/**
 * The description of each tool, by name, before the examples `defineTool` appends.
 *
 * @example
 * ```ts
 * TOOL_DESCRIPTIONS.read_measures.includes(formatGuide()); // true
 * ```
 */
export const TOOL_DESCRIPTIONS = {
  get_score_info: `Describes the whole score without reading its notes: title and credits (composer, lyricist, ...), parts (with staves, clefs, the voices in use and the instrument the name suggests), the measure count, every time and key change, pickups, the revision, and a synopsis that helps you find your way in a long score: per block of measures, which parts play, their pitch range and notes per measure, which rest, and rehearsal marks and tempo text where the score has them. Call it first, then read_measures for the notes. ${NUMBERING}`,

  read_measures: `Reads measures start_measure to end_measure (inclusive; at most ${MAX_READ_MEASURES} at once) of the given parts (left out: all parts) as lanes-seq text. The text starts with % context lines (title, parts, time and key in force, ties entering the range, marks it cannot show, the revision); then one line per voice, staff, part and measure, with its marks and lyric lines. A longer range is refused with the largest range that fits; read a long score in several calls. ${NUMBERING} To change measures, edit the lines you read and pass them to rewrite_measures with the revision.

${formatGuide()}`,

  rewrite_measures: `Replaces measures with lanes-seq text. start_measure is the first measure of the range; every lane of lanes_seq must be for a part listed in parts and a measure from start_measure up to ${MAX_REWRITE_MEASURES} measures on (at most ${MAX_REWRITE_MEASURES} measures per call: split longer rewrites). Only the (part, staff, measure) units your text has lanes for are replaced, whole; everything else stays. Lanes for measures past the last one append measures, which needs "allow_measure_count_change": true. Every voice must fill its measure exactly; ties must land on the same pitch. Musical warnings (a note outside the instrument's usual range, voices that cross, a voice removed) do not block the write; read them and fix what you did not mean. A text with any mark, @ item or lyric line states the marks of its lanes in full; a text with none keeps the marks of notes written again unchanged. dropped lists, in words, every mark removed. For marks alone, use write_marks. ${WRITES} ${NUMBERING}

${formatGuide()}`,

  write_marks: `Changes marks, never notes. A lane gives its voice's events in order as *, each with its marks in lanes-seq (read_measures describes it): "P1 s1 v1 m3: *( * * *)" slurs four notes; later events are untouched. @ items and lyric lines as in lanes-seq. mode: "add" (default; a dynamic, tempo or chord symbol replaces the one there), "remove" (refused if absent), "replace" (a * holds exactly its marks). Spans must end in their voice. Writes as rewrite_measures does (plan, revision, dry_run, undo).`,

  insert_measures: `Inserts count empty measures (a rest filling each) before at_measure; at_measure = measure count + 1 appends them at the end. The new measures take the time and key of the measure before them. Needs "allow_measure_count_change": true. Later measures move: their numbers grow by count. ${WRITES} ${NUMBERING}`,

  delete_measures: `Deletes measures start_measure to end_measure (inclusive) in every part. Needs "allow_measure_count_change": true. Later measures move: their numbers shrink. Ties from the measure before into the deleted ones are removed. ${WRITES} ${NUMBERING}`,

  set_time_signature: `Sets the time signature from measure on, until the next change (beats/beat_type, e.g. 3/4 is beats 3, beat_type 4). Measures that held only whole-measure rests are refitted; a measure whose notes would no longer fill it is refused (rewrite it first). ${WRITES} ${NUMBERING}`,

  set_key_signature: `Sets the key signature from measure on, until the next change: tonic ("C", "F#", "Bb") and mode ("major" or "minor"). Pitches are absolute in this score (F#4 is F sharp in any key), so no note changes; transpose_measures moves notes. ${WRITES} ${NUMBERING}`,

  set_score_info: `Sets the title, subtitle, composer, lyricist, arranger or copyright (one line each; "" removes one; left out stays). get_score_info shows them. Writes as rewrite_measures does (plan, revision, dry_run, undo).`,

  transpose_measures: `Transposes the notes of measures start_measure to end_measure in the given parts (left out: all parts) by an interval: a quality (P perfect, M major, m minor, A augmented, d diminished) and a number, with "-" for down: "M3" up a major third, "-P4" down a perfect fourth, "P8" up an octave, "A1" up a chromatic semitone. Spelling follows the interval: C#4 up M3 is E#4, not F4. Key signatures do not change. ${WRITES} ${NUMBERING}`,

  undo: `Undoes your own last write (one tool call = one step) and selects the measures it had changed. It never undoes someone else's work: if a person's edit is newer than your last step, or a collaborator has since changed a unit your step wrote, it is refused ("Nothing was changed.") and says who changed what; then read the measures and rewrite them instead.`,

  redo: `Redoes the write your last undo took back, and selects what it changes. Refused ("Nothing was changed.") if the newest undone step is not yours or a collaborator has since changed what it restores.`,

  get_selection: `The measures and parts the user has selected in the editor (or your last write or select_measures selected), or null when nothing is selected, with the revision. ${NUMBERING}`,

  select_measures: `Selects measures start_measure to end_measure of the given parts (left out: all parts) in the editor, to show the user what you are talking about. Changes nothing in the score. ${NUMBERING}`,

  play: `Plays measures start_measure to end_measure of the given parts; with no measures given it plays the selection (or the whole score when nothing is selected), and parts left out means the selection's parts, else all parts, through the user's player. A browser plays sound only after the user has clicked the page: then this is refused at once with "click the page first"; ask the user to click and call again. ${NUMBERING}`,

  stop: 'Stops playback started with play.',

  get_proposal_status: `What became of a write you made while the document's review mode was on. Such a write answers status "awaiting_review" with review.id: nothing is written until a person accepts it. This answers its state: "pending" (waiting; "stale": true when its measures changed since, so accepting would write nothing), "accepted" (applied, as the person's undo step), "rejected", "stale" or "failed" (not applied; message says why), and who decided. After a rejection or a stale answer, read the measures again before you propose anew.`,

  export_score: `Exports the whole score as a file: "musicxml" (MusicXML 4.0 text, for other notation programs), "lanes" (the whole score as lanes-seq with %% header lines: title, parts, measures, time, key, pickups; notes with the marks and lyrics lanes-seq writes, without layout) or "midi" (a Standard MIDI File, base64). The answer holds the file's content, its MIME type and a file name.`,
} as const;
