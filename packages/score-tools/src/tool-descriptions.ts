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
const AS_REWRITE = 'A write as rewrite_measures describes.';

/**
 * The description of each tool, by name, before the examples `defineTool` appends.
 *
 * @example
 * ```ts
 * TOOL_DESCRIPTIONS.read_measures.includes('get_format_guide'); // true
 * ```
 */
export const TOOL_DESCRIPTIONS = {
  get_score_info: `Describes the score without its notes: title and credits (composer, lyricist, ...), parts (staves, clefs, voices, likely instrument), measure count, time and key changes, pickups, printed numbers, import warnings, the revision, and a synopsis per block of measures (who plays, range, notes per measure, rests, rehearsal marks, text directions). Call it first. m counts measures from 1 in score order (a pickup is m1), not by printed number; parts count from 1.`,

  read_measures: `Reads measures start_measure to end_measure (at most ${MAX_READ_MEASURES}; a longer range is refused with the largest that fits) of parts (default all) as lanes-seq (see get_format_guide): % context lines, then a line per voice, staff and part for up to 4 measures (" | " between them), with marks and lyric lines. Edit the lines and pass them to rewrite_measures with the revision.`,

  rewrite_measures: `Replaces measures with lanes-seq (see get_format_guide): at most ${MAX_REWRITE_MEASURES} measures from start_measure, of the parts listed. Each (part, staff, measure) with a lane is replaced whole; the rest stay. Lanes past the end append measures (needs allow_measure_count_change). time_signature puts the measures written in a new time (the rest of those measures must be whole rests). A text with any mark, @ item or lyric line gives its lanes' marks in full; one with none keeps the marks of notes written again. The result lists dropped marks and warnings (range, voices the edit made cross, a voice removed), which never block.
Every write: planned whole first; if anything is wrong nothing changes, and the answer starts "Nothing was changed." with each problem and its fix. Applied: one undo step, selected, new revision. With revision, refused only if a unit it replaces changed since. dry_run shows the change; idempotency_key applies a repeat once.`,

  write_marks: `Changes marks, never notes. A lane lists its voice's events as *, each with its marks: "P1 s1 v1 m3: *( * * *)" slurs four notes; later events stay. @ items and lyric lines as in lanes-seq. mode: add (default; a dynamic, tempo or chord symbol replaces the one there), remove, or replace (a * holds exactly its marks). ${AS_REWRITE}`,

  insert_measures: `Inserts count measures of rests before at_measure (measure count + 1 appends), in the time and key before them; needs allow_measure_count_change. Later measures' m grows by count; printed numbers a file gave stay with their measures, so they may repeat, and new measures print their position. ${AS_REWRITE}`,

  delete_measures: `Deletes measures start_measure to end_measure in every part; needs allow_measure_count_change. Later measures' m shrinks; ties into the deleted measures are removed. ${AS_REWRITE}`,

  set_time_signature: `Sets beats/beat_type from measure on, until the next change. Measures of whole rests are refitted; one whose notes would not fill it is refused unless rebar: true, which re-bars that stretch (notes cut by new bar lines tied, the last bar filled with rests; more or fewer bars need allow_measure_count_change). ${AS_REWRITE}`,

  set_key_signature: `Sets the key from measure on, until the next change. Pitches are absolute (F#4 is F sharp in any key), so no note changes; transpose_measures moves notes. ${AS_REWRITE}`,

  set_clef: `Sets the clef of part's staff (default 1) from measure, at onset (whole notes), on: treble bass alto tenor percussion treble8vb treble8va bass8vb. Notes keep their written pitch. ${AS_REWRITE}`,

  transpose_measures: `Transposes the notes of measures start_measure to end_measure in parts (default all) by an interval (P, M, m, A or d and a number, "-" for down; "A1" is a chromatic semitone), spelled by it: C#4 up M3 is E#4. Key signatures stay. ${AS_REWRITE}`,

  undo: `Undoes your own last write and selects what it changed. Refused, saying who changed what, if a person's step is newer or a collaborator changed what it wrote; then read and rewrite.`,

  redo: `Redoes what your last undo took back. Refused if the newest undone step is not yours or was changed since.`,

  set_score_info: `Sets the title, subtitle, composer, lyricist, arranger or copyright (one line each; "" removes one; left out stays). ${AS_REWRITE}`,

  add_part: `Adds a part for instrument (its name in the table: "Cello", "Clarinet in B-flat") at position (default last), resting throughout. Refused under a write scope, as remove_part and move_part are. ${AS_REWRITE}`,

  remove_part: `Removes part with its music (listed in dropped); needs allow_part_count_change; never the last part. ${AS_REWRITE}`,

  set_part: `Sets part's name, abbreviation, instrument (table values unless given; staves stay) or transposition (written to sounding: "-M2"; "P1" none). ${AS_REWRITE}`,

  move_part: `Moves part to position. ${AS_REWRITE}`,

  get_selection: `The measures and parts selected in the editor (or by your last write or select_measures), or null, with the revision.`,

  select_measures: `Selects measures start_measure to end_measure of parts (default all) in the editor, to show the user; the score does not change.`,

  play: `Plays measures start_measure to end_measure of parts through the user's player; left out: the selection, else the whole score and all parts. A browser plays only after the user has clicked the page: until then it is refused with "click the page first"; ask the user to click, then call again.`,

  stop: 'Stops playback.',

  get_proposal_status: `What became of a write held for review (it answered "awaiting_review" with review.id): pending (stale: true if its measures changed since), accepted, rejected, stale or failed (message says why), and who decided. After rejected or stale, read again.`,

  get_format_guide: `The lanes-seq guide: how read_measures prints music and rewrite_measures and write_marks read it, with the common mistakes. Read it once before your first write.`,

  export_score: `Exports the whole score as a file: "musicxml" (MusicXML 4.0, for notation programs), "mxl" (compressed MusicXML), "lanes" (lanes-seq with %% header lines) or "midi". A host that keeps files writes it and answers a resource_link (name, MIME type, size) and a summary; its content comes inline only with inline: true, up to ${MAX_INLINE_EXPORT_BYTES} bytes. A host that keeps no files answers the content inline, up to that size.`,
} as const;
