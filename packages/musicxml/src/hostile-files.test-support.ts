/**
 * Hostile MusicXML files that the reader must refuse within bounded time and
 * memory, built in memory (no such file is kept in the repository): for the
 * tests (in a child process with a capped heap) and the benchmark.
 */
const HEAD =
  '<?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>x</part-name></score-part></part-list><part id="P1">';
const FIRST =
  '<measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes><note><rest/><duration>4</duration></note></measure>';
const TAIL = '</part></score-partwise>';

/**
 * The hostile files, each under the 64 MiB the reader takes, by name; each
 * function builds its text.
 *
 * @example
 * ```ts
 * importMusicXml(HOSTILE_FILES.deep()); // refused: too-large
 * ```
 */
export const HOSTILE_FILES: Readonly<Record<'deep' | 'wide' | 'measures', () => string>> = {
  // 20 million open <a>: 60 MB.
  deep: () => HEAD + '<a>'.repeat(20_000_000),
  // 63 MiB of <x/> in one measure: 16.5 million elements.
  wide: () => `${HEAD}<measure number="1">${'<x/>'.repeat(16_500_000)}</measure>${TAIL}`,
  // 200,000 measures of 4/4: 12 MB.
  measures: () =>
    HEAD +
    FIRST +
    '<measure><note><rest/><duration>4</duration></note></measure>'.repeat(200_000) +
    TAIL,
};
