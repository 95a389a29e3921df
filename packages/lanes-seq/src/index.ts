export type { ChordSymbolMark } from './chord-symbol.ts';
export {
  CHORD_QUALITIES,
  chordSymbolFix,
  chordSymbolOf,
  formatChordSymbol,
} from './chord-symbol.ts';
export type {
  ChordEvent,
  ChordNote,
  Lane,
  LaneEvent,
  LaneLocation,
  LanesDocument,
  LyricLocation,
  MarkLocation,
  NoteEvent,
  OnsetLocation,
  Point,
  RestEvent,
  SpaceEvent,
  Span,
} from './document.ts';
export {
  canonicalChord,
  canonicalDocument,
  compareChordNotes,
  compareLanes,
  compareLyricLines,
  laneKey,
} from './document.ts';
export type { CommonMistake, FormatGuideOptions } from './format-guide.ts';
export { COMMON_MISTAKES, formatGuide } from './format-guide.ts';
export type { Interval } from './interval.ts';
export { parseInterval } from './interval.ts';
export type { IssueCode, LanesIssue, TextEdit } from './issue.ts';
export { formatIssue, ISSUE_CODES, LIMITS } from './issue.ts';
export { compareMarks, fitsGrace, fitsOnset, fitsRest, formatMark, markSlot } from './mark-text.ts';
export type {
  ArticulationName,
  ChordRoot,
  DynamicName,
  LaneMark,
  LyricLine,
  OnsetMarks,
  OrnamentName,
  Syllable,
  TechniqueName,
} from './marks.ts';
export { ARTICULATIONS, DYNAMICS, ORNAMENTS, TECHNIQUES } from './marks.ts';
export type { ParseOptions } from './missing-header.ts';
export type { DurationNotation, NoteValue, TupletRatio } from './note-value.ts';
export {
  isNotatable,
  LONGEST_VALUE,
  MAX_DOTS,
  MAX_TIED_VALUES,
  MAX_TUPLET,
  notateDuration,
  noteValueDuration,
  noteValueOf,
  SHORTEST_VALUE,
} from './note-value.ts';
export type { ParseResult, ReadableLanes } from './parse.ts';
export { parse } from './parse.ts';
export type { MarksDocument, MarksLane, MarksParseResult } from './parse-marks.ts';
export { parseMarks } from './parse-marks.ts';
export type { Alter, Pitch, Step } from './pitch.ts';
export {
  comparePitches,
  diatonicIndex,
  formatPitch,
  isMidiPitch,
  MAX_OCTAVE,
  MIN_OCTAVE,
  midiNumber,
  parsePitch,
  STEPS,
  samePitch,
} from './pitch.ts';
export type { Rational } from './rational.ts';
export {
  add,
  compare,
  equals,
  formatRational,
  isPowerOfTwo,
  multiply,
  rational,
  subtract,
  sum,
  ZERO,
} from './rational.ts';
export type { ScoreFileResult } from './score-file.ts';
export { parseScoreFile } from './score-file.ts';
export type {
  BarlineDirective,
  Clef,
  ClefDirective,
  KeyChange,
  PartDeclaration,
  PickupLength,
  ScoreFile,
  ScoreFileText,
  ScoreHeader,
  TimeChange,
} from './score-header.ts';
export { CLEFS, keyFifths, SCORE_FILE_TEXTS, timeLength } from './score-header.ts';
export {
  serialize,
  serializeEvent,
  serializeLane,
  serializeLyricLine,
  serializeMarks,
  serializeOnsetMarks,
} from './serialize.ts';
export { serializeScoreFile } from './serialize-score-file.ts';
export { pointAt } from './source-text.ts';
