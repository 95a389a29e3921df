/**
 * What the model reads about each tool. Each description states only its own
 * tool's rules, once: the notation is taught by the one format guide of
 * `@scorelane/lanes-seq` (served by `get_format_guide`, in the MCP server's
 * instructions and as a resource), how measures are counted is said by
 * `get_score_info`, and how every write is planned, refused and undone is
 * said by `rewrite_measures`, which the other writes point to. The tool
 * definitions add one example call each.
 */
import { MAX_READ_MEASURES, MAX_REWRITE_MEASURES } from '@scorelane/score-model';
import { MAX_INLINE_EXPORT_BYTES } from './export-files.ts';

/** The pointer every other write tool carries instead of a copy of the write rules. */
const AS_REWRITE = 'Writes as rewrite_measures says.';

/**
 * The description of each tool, by name, before the examples `defineTool` appends.
 *
 * @example
 * ```ts
 * TOOL_DESCRIPTIONS.read_measures.includes('get_format_guide'); // true
 * ```
 */
export const TOOL_DESCRIPTIONS = {
  get_score_info: `The score without its notes: titles, parts, measures, time and key changes, pickups, printed numbers, import warnings, revision, and a synopsis per block of measures. Call it first. m counts measures from 1 in score order (a pickup is m1), not printed numbers; parts count from 1.`,

  read_measures: `Reads measures start_measure-end_measure (at most ${MAX_READ_MEASURES}) of parts (default all) as lanes-seq (see get_format_guide): % context lines, then a line per voice and 4 measures (" | " between), with marks and lyrics. Edit and pass them to rewrite_measures with the revision.`,

  rewrite_measures: `Replaces measures with lanes-seq (see get_format_guide): at most ${MAX_REWRITE_MEASURES} measures from start_measure, of the parts listed. Each (part, staff, measure) with a lane is replaced whole; others stay. Lanes past the end append measures (allow_measure_count_change). time_signature: the measures written take it (what they leave out must be whole rests). A text with any mark, @ item or lyric line states its lanes' marks in full; one with none keeps the marks of notes written again. Dropped marks and warnings (range, crossed voices, a removed voice) are listed, never blocking.
Every write: planned whole; if anything is wrong nothing changes and the answer starts "Nothing was changed." with each problem and its fix. Applied: one undo step, selected, new revision. With revision, refused only if a unit it replaces changed since. dry_run previews; idempotency_key applies a repeat once.`,

  write_marks: `Changes marks, never notes: a lane lists its voice's events as *, each with its marks ("P1 s1 v1 m3: *( * * *)" slurs four notes); later events stay. @ items and lyric lines as in lanes-seq. mode: add (default; a new dynamic, tempo or chord symbol replaces the old), remove, or replace (a * holds exactly its marks). ${AS_REWRITE}`,

  insert_measures: `Inserts count measures of rests before at_measure (measure count + 1 appends), in the time and key before them; needs allow_measure_count_change. Later m grow by count; printed numbers stay continuous. ${AS_REWRITE}`,

  delete_measures: `Deletes measures start_measure-end_measure in every part; needs allow_measure_count_change. Later m shrink; ties into them are removed. ${AS_REWRITE}`,

  set_time_signature: `Sets beats/beat_type from measure to the next change. Whole-rest measures are refitted; notes that no longer fill one are refused unless rebar: true re-bars the stretch (cut notes tied, the last bar filled with rests; a bar count change needs allow_measure_count_change). ${AS_REWRITE}`,

  set_key_signature: `Sets the key from measure to the next change. Pitches are absolute (F#4 in any key): no note changes; transpose_measures moves notes. ${AS_REWRITE}`,

  set_clef: `Sets part's staff's clef from measure (at onset, whole notes) on. Notes keep their written pitch. ${AS_REWRITE}`,

  set_barline: `Sets measure's bar line in all parts: style regular, double, final, repeat-end (times it plays) or repeat-start (at side start); volta "1, 2" over measure-volta_end (volta_open; "" removes). ${AS_REWRITE}`,

  transpose_measures: `Transposes measures start_measure-end_measure of parts (default all) by interval (P M m A d and a number, "-" down; "A1" a chromatic semitone), spelled by it: C#4 up M3 is E#4. Key signatures stay. ${AS_REWRITE}`,

  undo: `Undoes your last write, selecting what it changed; refused (saying who changed what) if a person's step is newer or someone changed what it wrote: then read and rewrite.`,

  redo: `Redoes your last undo; refused if the newest undone step is not yours or changed since.`,

  set_score_info: `Sets the title, subtitle, composer, lyricist, arranger or copyright (one line each; "" removes one; left out stays). ${AS_REWRITE}`,

  add_part: `Adds a part for instrument (its name in the table: "Cello", "Clarinet in B-flat") at position (default last), resting throughout; refused under a write scope (so are remove_part and move_part). ${AS_REWRITE}`,

  remove_part: `Removes part with its music (listed in dropped); needs allow_part_count_change; never the last part. ${AS_REWRITE}`,

  set_part: `Sets part's name, abbreviation, instrument (table values unless given; staves stay) or transposition (written to sounding: "-M2"; "P1" none). ${AS_REWRITE}`,

  move_part: `Moves part to position. ${AS_REWRITE}`,

  get_selection: `The measures and parts selected in the editor (or by your last write or select_measures), or null, with the revision.`,

  select_measures: `Shows the user measures start_measure-end_measure of parts (default all) by selecting them; the score does not change.`,

  play: `Plays measures start_measure-end_measure of parts on the user's player (left out: the selection, else everything). A browser plays only after the user clicked the page; until then it answers "click the page first": ask the user, then call again.`,

  stop: 'Stops playback.',

  get_proposal_status: `Status of a write held for review (review.id): pending (stale: true if its measures changed), accepted, rejected, stale or failed (with why), and who decided. After rejected or stale, read again.`,

  get_format_guide: `The lanes-seq guide, with the common mistakes. Read it once before your first write.`,

  export_score: `Exports the score: "musicxml" (MusicXML 4.0), "mxl" (compressed MusicXML), "lanes" (lanes-seq with %% headers) or "midi". Answers a resource_link (name, MIME type, size) where the host keeps files, the content too only with inline: true; else the content. Inline at most ${MAX_INLINE_EXPORT_BYTES} bytes.`,
} as const;
