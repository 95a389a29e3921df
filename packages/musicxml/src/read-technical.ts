/**
 * Reading one child of `<technical>` as a mark: bowings, harmonics, open
 * and stopped strings, snap pizzicato, and a fingering of one digit 0 to 5.
 */
import type { LaneMark, TechniqueName } from '@scorelane/lanes-seq';
import { fullText, layoutOnly } from './mark-xml.ts';
import { childElements, type XmlElement } from './xml-tree.ts';

/** MusicXML's name of each technique lanes-seq knows. */
export const TECHNIQUE_ELEMENTS: Readonly<Record<string, TechniqueName>> = {
  'up-bow': 'up-bow',
  'down-bow': 'down-bow',
  harmonic: 'harmonic',
  'open-string': 'open',
  stopped: 'stopped',
  'snap-pizzicato': 'snap-pizzicato',
};

/**
 * The mark one child of `<technical>` says, or `undefined` when the model
 * has no word for it (a fingering `1-2`, a substitution, an artificial harmonic).
 *
 * @example
 * ```ts
 * readTechnique({ n: 'fingering', c: ['3'] }); // { kind: 'fingering', finger: 3 }
 * ```
 */
export function readTechnique(node: XmlElement): LaneMark | undefined {
  if (node.n === 'fingering') {
    const text = fullText(node).trim();
    return /^[0-5]$/.test(text) && layoutOnly(node)
      ? { kind: 'fingering', finger: Number(text) }
      : undefined;
  }
  const name = TECHNIQUE_ELEMENTS[node.n];
  if (name === undefined || !layoutOnly(node)) return undefined;
  if (childElements(node).length > 0 || fullText(node).trim() !== '') return undefined;
  return { kind: 'technique', name };
}
