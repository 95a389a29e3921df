/**
 * `@scorelane/musicxml`: MusicXML 4.0 (`.musicxml`, `.xml`, `.mxl`) to and
 * from a score-model score, keeping what the model does not read.
 */
export { exportMusicXml } from './export-musicxml.ts';
export { exportMxl } from './export-mxl.ts';
export {
  type ImportOptions,
  type ImportResult,
  importMusicXml,
  MAX_SCORE_QUARTERS,
} from './import-musicxml.ts';
export {
  MUSICXML_PROBLEM_CODES,
  type MusicXmlProblem,
  type MusicXmlProblemCode,
} from './problem.ts';
export { MAX_SCORE_BYTES } from './read-input.ts';
