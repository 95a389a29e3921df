/**
 * The order of MusicXML `<voice>` values: numbers by value, then any other
 * text in code-point order.
 */

/**
 * Compares two `<voice>` values: numbers by value (`"2"` before `"10"`),
 * before any value that is not a number.
 *
 * @example
 * ```ts
 * ['10', '2', 'a'].sort(compareVoiceIds); // ['2', '10', 'a']
 * ```
 */
export function compareVoiceIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  if (Number.isFinite(x)) return -1;
  if (Number.isFinite(y)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
