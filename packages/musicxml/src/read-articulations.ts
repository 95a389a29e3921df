/**
 * Reading one child of `<articulations>` as a mark: the six articulations
 * lanes-seq names, and breath marks and caesuras.
 */
import type { ArticulationName, LaneMark } from '@scorelane/lanes-seq';
import { fullText, layoutOnly } from './mark-xml.ts';
import type { XmlElement } from './xml-tree.ts';

/** MusicXML's name of each articulation lanes-seq knows. */
export const ARTICULATION_ELEMENTS: Readonly<Record<string, ArticulationName>> = {
  staccato: 'staccato',
  staccatissimo: 'staccatissimo',
  tenuto: 'tenuto',
  'detached-legato': 'portato',
  accent: 'accent',
  'strong-accent': 'marcato',
};

/**
 * The mark one child of `<articulations>` says, or `undefined` when the
 * model has no word for it (or its attributes say more than layout: a
 * `strong-accent` pointing down is kept as it is).
 *
 * @example
 * ```ts
 * readArticulation({ n: 'detached-legato' }); // { kind: 'articulation', name: 'portato' }
 * ```
 */
export function readArticulation(node: XmlElement): LaneMark | undefined {
  const name = ARTICULATION_ELEMENTS[node.n];
  if (name !== undefined) {
    const pointsUp = node.n !== 'strong-accent' || (node.a?.type ?? 'up') === 'up';
    return pointsUp && layoutOnly(node, ['type']) ? { kind: 'articulation', name } : undefined;
  }
  const text = fullText(node).trim();
  if (node.n === 'breath-mark' && (text === '' || text === 'comma') && layoutOnly(node))
    return { kind: 'breath', name: 'breath' };
  if (node.n === 'caesura' && (text === '' || text === 'normal') && layoutOnly(node))
    return { kind: 'breath', name: 'caesura' };
  return undefined;
}
