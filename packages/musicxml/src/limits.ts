/**
 * Every limit of reading and writing MusicXML, in one place. Each is far
 * above any real score and low enough that any input up to
 * {@link MAX_SCORE_BYTES} is read or refused in bounded time and memory.
 * What a file past one gets:
 *
 * | limit | value | past it |
 * | --- | --- | --- |
 * | {@link MAX_SCORE_BYTES} | 64 MiB of MusicXML text (an `.mxl` unpacked) | `too-large`, before parsing |
 * | {@link MAX_XML_DEPTH} | 256 nested elements | `too-large`, parsing stops at the 257th level |
 * | {@link MAX_XML_ELEMENTS} | 1,000,000 elements | `too-large`, parsing stops at the next element |
 * | {@link MAX_SCORE_MEASURES} | 16,384 measures in a part | `too-large`, parsing stops at the next `<measure>` |
 * | {@link MAX_SCORE_QUARTERS} | 65,536 quarter notes | `number-out-of-range`, before anything is written |
 * | {@link MAX_PART_STAVES} | 64 staves in a part | `bad-staves`, a warning: the part gets the staves its notes are on |
 *
 * The planners of `@scorelane/score-model` refuse a change past
 * {@link MAX_SCORE_MEASURES} or {@link MAX_SCORE_QUARTERS} (`score-too-long`),
 * and `exportMusicXmlWithinLimit` and `exportMxlWithinLimit`
 * (`export-limit.ts`) refuse to write MusicXML past {@link MAX_SCORE_BYTES}
 * (`too-large`), so what was saved can be read again.
 */
export { MAX_SCORE_MEASURES, MAX_SCORE_QUARTERS } from '@scorelane/score-model';

/**
 * The most a score may hold, in bytes of MusicXML text (or characters of a
 * string): 64 MiB, far above any real score (the 150 files of the MusicXML
 * test suite hold 0.95 MB together), and low enough that reading it cannot
 * exhaust memory. A larger input, or an `.mxl` whose score unpacks to more,
 * is refused with `too-large`.
 *
 * @example
 * ```ts
 * if (bytes.length > MAX_SCORE_BYTES) console.error('too large to import');
 * ```
 */
export const MAX_SCORE_BYTES = 64 * 1024 * 1024;

/**
 * The deepest nesting of elements the reader accepts. MusicXML nests about
 * ten deep; the reader stops at the first element past the limit, so a file
 * of millions of nested elements costs no more than one of 256.
 *
 * @example
 * ```ts
 * MAX_XML_DEPTH; // 256
 * ```
 */
export const MAX_XML_DEPTH = 256;

/**
 * The most elements a file may hold: 1,000,000, more than a 25 MB
 * orchestral score holds (real MusicXML has one element per 25 to 30 bytes;
 * the largest real scores are a few MB). The reader stops at the first
 * element past it, so 63 MiB of `<x/>` (16 million elements) is refused
 * after reading 4 MB of it.
 *
 * @example
 * ```ts
 * MAX_XML_ELEMENTS; // 1000000
 * ```
 */
export const MAX_XML_ELEMENTS = 1_000_000;

/**
 * The most staves a part may have: 64, far more than any instrument (an
 * organ has three). A `<staves>` outside 1 to 64 is not read (`bad-staves`,
 * a warning): the part gets the staves its notes are on, and a note whose
 * `<staff>` is outside it is read on staff 1.
 *
 * @example
 * ```ts
 * MAX_PART_STAVES; // 64
 * ```
 */
export const MAX_PART_STAVES = 64;
