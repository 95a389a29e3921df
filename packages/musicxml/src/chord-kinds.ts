/**
 * Chord symbols between MusicXML and lanes-seq: each `<kind>` (with the
 * `<degree>`s that add to or alter it) and the quality suffix lanes-seq
 * writes for it (`minor-seventh` is `m7`, `dominant` with a flat ninth
 * added is `7b9`). A kind or set of degrees not in the table has no suffix
 * in lanes-seq, and its `<harmony>` is kept as the file had it.
 */

/** One degree as the table writes it: `add:9:-1` (type, value, alter). */
export type DegreeKey = string;

/** Each chord: MusicXML kind, its degrees (sorted, joined by `,`), and the lanes-seq quality. */
export const CHORD_KINDS: readonly (readonly [kind: string, degrees: string, quality: string])[] = [
  ['major', '', ''],
  ['minor', '', 'm'],
  ['augmented', '', 'aug'],
  ['diminished', '', 'dim'],
  ['dominant', '', '7'],
  ['major-seventh', '', 'maj7'],
  ['minor-seventh', '', 'm7'],
  ['diminished-seventh', '', 'dim7'],
  ['augmented-seventh', '', 'aug7'],
  ['half-diminished', '', 'm7b5'],
  ['major-minor', '', 'mmaj7'],
  ['major-sixth', '', '6'],
  ['minor-sixth', '', 'm6'],
  ['dominant-ninth', '', '9'],
  ['major-ninth', '', 'maj9'],
  ['minor-ninth', '', 'm9'],
  ['dominant-11th', '', '11'],
  ['minor-11th', '', 'm11'],
  ['dominant-13th', '', '13'],
  ['major-13th', '', 'maj13'],
  ['minor-13th', '', 'm13'],
  ['suspended-second', '', 'sus2'],
  ['suspended-fourth', '', 'sus4'],
  ['power', '', '5'],
  ['suspended-fourth', 'add:7:-1', '7sus4'],
  ['major-sixth', 'add:9:0', '69'],
  ['major', 'add:9:0', 'add9'],
  ['minor', 'add:9:0', 'madd9'],
  ['dominant', 'alter:5:-1', '7b5'],
  ['dominant', 'alter:5:1', '7#5'],
  ['dominant', 'add:9:-1', '7b9'],
  ['dominant', 'add:9:1', '7#9'],
  ['dominant', 'add:11:1', '7#11'],
  ['dominant-ninth', 'add:11:1', '9#11'],
  ['dominant', 'add:13:-1', '7b13'],
  ['major-seventh', 'add:11:1', 'maj7#11'],
];

/**
 * The lanes-seq quality of a MusicXML kind with its degrees, or `undefined`.
 *
 * @example
 * ```ts
 * qualityOf('dominant', ['add:9:-1']); // "7b9"
 * ```
 */
export function qualityOf(kind: string, degrees: readonly DegreeKey[]): string | undefined {
  const key = [...degrees].sort().join(',');
  return CHORD_KINDS.find(([name, held]) => name === kind && held === key)?.[2];
}

/**
 * The MusicXML kind and degrees of a lanes-seq quality, or `undefined`.
 *
 * @example
 * ```ts
 * kindOf('m7'); // { kind: 'minor-seventh', degrees: [] }
 * ```
 */
export function kindOf(quality: string): { kind: string; degrees: DegreeKey[] } | undefined {
  const found = CHORD_KINDS.find(([, , held]) => held === quality);
  if (!found) return undefined;
  return { kind: found[0], degrees: found[1] === '' ? [] : found[1].split(',') };
}
