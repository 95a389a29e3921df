/**
 * `@scorelane/score-model`: the score on a Yjs document, reads as lanes-seq,
 * and a pure planner that refuses bad writes before they touch the document.
 */

/** Re-exported from lanes-seq, where the interval names of part directives are read. */
export { type Interval, parseInterval } from '@scorelane/lanes-seq';
export { type ApplyOutput, apply } from './apply-plan.ts';
export {
  clefAt,
  clefChanges,
  clefEntering,
  clefEnteringReader,
  type PlacedClefChange,
  planSetClef,
  type SetClefRequest,
} from './clef-changes.ts';
export { transposePitch } from './interval.ts';
export type { Json } from './json.ts';
export { formatKey, keySignature } from './key-signature.ts';
export { markOf, modelMarks } from './lane-mark-words.ts';
export { ROOT_NAMES, scoreTypes } from './layout.ts';
export {
  describeMark,
  MARK_KINDS,
  MARKS_KEY,
  type Mark,
  type MarkKind,
  marksOf,
  withMarks,
} from './marks.ts';
export type { MarksMode } from './marks-edit.ts';
export {
  barlinePhrase,
  barlineSigns,
  MAX_REPEAT_TIMES,
  sameBarlines,
  type VoltaSpan,
  voltaLabel,
  voltaSpans,
} from './measure-barlines.ts';
export {
  type DeleteMeasuresRequest,
  type InsertMeasuresRequest,
  planDeleteMeasures,
  planInsertMeasures,
} from './measure-edits.ts';
export { measureLength, restUnit } from './measure-length.ts';
export { exportMidi, type MidiExport, type MidiExportOptions } from './midi-export.ts';
export {
  type ScoreNotes,
  type SoundingNote,
  soundingNotes,
  type UnplayableNote,
} from './midi-notes.ts';
export {
  BARLINE_STYLES,
  type BarlineStyle,
  planSetBarline,
  type SetBarlineRequest,
} from './plan-barline.ts';
export {
  describePart,
  type PartChanges,
  type PartEdit,
  type PartEditRequest,
  planPartEdit,
} from './plan-parts.ts';
export { plan, type RewriteRequest } from './plan-rewrite.ts';
export { planSetTexts, type SetTextsRequest } from './plan-score-texts.ts';
export type {
  DroppedAttachment,
  PlannedWrite,
  ScorePlan,
  TieRepair,
  UnitChange,
} from './plan-types.ts';
export { planWriteMarks, type WriteMarksRequest } from './plan-write-marks.ts';
export { playOrder, playOrderOf } from './play-order.ts';
export { playedContent } from './played-content.ts';
export { describePrintedNumbers } from './printed-number-phrase.ts';
export { deliberateNumbers, printedNumbersOf } from './printed-numbers.ts';
export {
  type FormatProblemsOptions,
  formatProblems,
  PROBLEM_CODES,
  type Problem,
  type ProblemCode,
  type Result,
} from './problem.ts';
export { MAX_PROBLEMS } from './problem-list.ts';
export {
  MAX_READ_MEASURES,
  type ReadContext,
  type ReadOutput,
  type ReadRequest,
  readMeasures,
} from './read-measures.ts';
export { currentRevision } from './revision.ts';
export { MAX_REWRITE_MEASURES, MAX_VOICES } from './rewrite-admission.ts';
export {
  createScore,
  openScore,
  type Score,
  type ScoreInit,
  type ScoreOptions,
  type UnitInit,
} from './score.ts';
export { scoreContent } from './score-content.ts';
export { type ScoreInfo, scoreInfo } from './score-info.ts';
export { type ScoreFromLanesOptions, scoreFromLanes, scoreToLanes } from './score-lanes.ts';
export {
  MAX_SCORE_MEASURES,
  MAX_SCORE_QUARTERS,
  scoreLengthExcess,
} from './score-limits.ts';
export {
  MAX_SCORE_TEXT,
  pickTexts,
  SCORE_TEXT_FIELDS,
  type ScoreTextField,
  type ScoreTexts,
  scoreTextProblem,
} from './score-texts.ts';
export type {
  ClefChange,
  EndBarline,
  KeySignature,
  Lyric,
  MeasureBarlines,
  MeasureInfo,
  PartInfo,
  ScoreEvent,
  TimeSignature,
  Tonic,
  UnitContent,
  VoiceContent,
  Volta,
} from './score-types.ts';
export { planSetKey, planSetTime, type SetKeyRequest, type SetTimeRequest } from './signatures.ts';
export { planTranspose, type TransposeRequest } from './transpose.ts';
export {
  isTransposing,
  MAX_TRANSPOSITION_SEMITONES,
  sameTransposition,
  type Transposition,
  transpositionFromInterval,
  transpositionName,
  transpositionSemitones,
} from './transposition.ts';
export { structureTypes, type UnitPlace, type UnitPlaces, unitPlaces } from './unit-places.ts';
export { validate } from './validate.ts';
export type { SplitEvent, TupletGroup } from './voice-check.ts';
