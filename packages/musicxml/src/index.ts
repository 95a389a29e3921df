/**
 * `@scorelane/musicxml`: MusicXML 4.0 (`.musicxml`, `.xml`, `.mxl`) to and
 * from a score-model score, keeping what the model does not read.
 */

export {
  type ExportLimit,
  exportMusicXmlWithinLimit,
  exportMxlWithinLimit,
  type LimitedExport,
} from './export-limit.ts';
export { exportMusicXml } from './export-musicxml.ts';
export { exportMxl } from './export-mxl.ts';
export { type ImportOptions, type ImportResult, importMusicXml } from './import-musicxml.ts';
export {
  MAX_PART_STAVES,
  MAX_SCORE_BYTES,
  MAX_SCORE_MEASURES,
  MAX_SCORE_QUARTERS,
  MAX_XML_DEPTH,
  MAX_XML_ELEMENTS,
} from './limits.ts';
export {
  MUSICXML_PROBLEM_CODES,
  type MusicXmlProblem,
  type MusicXmlProblemCode,
} from './problem.ts';
