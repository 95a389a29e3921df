/**
 * How a part draws its pedal marks: with a line (`line="yes"`) or with
 * Ped. and * signs (`line="no"`), as `<pedal>`'s `line`, `sign` and
 * `abbreviated` attributes say. The model's pedal marks carry no style, so
 * the part keeps the one its file's pedals are read with, and export writes
 * every pedal of the model in it: a Chopin score drawn with signs keeps its
 * signs after a round trip, and a pedal an agent adds looks like the rest.
 * A pedal of another style than its part's is kept as the file had it.
 */
import type { XmlElement } from './xml-tree.ts';

/** The style attributes of a `<pedal>`, as the file wrote them (none, some or all of the three). */
export type PedalStyle = { readonly [name: string]: string };

/** The attributes of `<pedal>` that make its style. */
const STYLE_ATTRIBUTES = ['line', 'sign', 'abbreviated'] as const;

/**
 * What export writes a part's pedals with when the part keeps no style (a
 * score not imported, or one whose file had no pedal the model read): a line.
 */
export const DEFAULT_PEDAL_STYLE: PedalStyle = Object.freeze({ line: 'yes' });

/**
 * The style of one `<pedal>` element: its `line`, `sign` and `abbreviated`
 * attributes, those it has.
 *
 * @example
 * ```ts
 * pedalStyleOf({ n: 'pedal', a: { type: 'start', line: 'no', 'default-y': '-80' } }); // { line: 'no' }
 * ```
 */
export function pedalStyleOf(pedal: XmlElement): PedalStyle {
  const style: Record<string, string> = {};
  for (const name of STYLE_ATTRIBUTES) {
    const value = pedal.a?.[name];
    if (value !== undefined) style[name] = value;
  }
  return style;
}

/**
 * Whether two pedal styles are the same: the same attributes with the same values.
 *
 * @example
 * ```ts
 * samePedalStyle({ line: 'no' }, { line: 'no' }); // true
 * samePedalStyle({ line: 'no' }, {}); // false
 * ```
 */
export function samePedalStyle(a: PedalStyle, b: PedalStyle): boolean {
  for (const name of STYLE_ATTRIBUTES) if (a[name] !== b[name]) return false;
  return true;
}
