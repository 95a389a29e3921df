/**
 * Part groups (brackets, braces) as the part list writes them: every
 * `<part-group type="stop">` closes a group that was started, and every
 * group started is stopped. Import keeps a group's start before the part
 * it begins at and its stop after the part it ends at, so removing the
 * first or last part of a group would otherwise leave half of it.
 */
import { element, isElement, type XmlNode } from './xml-tree.ts';

function groupNumber(node: XmlNode): string | undefined {
  if (!isElement(node) || node.n !== 'part-group') return undefined;
  return node.a?.number ?? '1';
}

/**
 * The part list's items with every part group balanced: a stop whose group
 * was never started (its first part was removed) is left out, and a group
 * still open after the last part (its last part was removed) is stopped
 * there. A balanced list is returned as it was.
 *
 * @example
 * ```ts
 * balancedPartGroups([scorePart, element('part-group', { type: 'stop', number: '1' })]);
 * // [scorePart]: the group's start went with a removed part
 * ```
 */
export function balancedPartGroups(items: readonly XmlNode[]): XmlNode[] {
  const open: string[] = [];
  const balanced: XmlNode[] = [];
  for (const item of items) {
    const number = groupNumber(item);
    const type = number !== undefined && isElement(item) ? item.a?.type : undefined;
    if (type === 'start') open.push(number!);
    if (type === 'stop') {
      const index = open.lastIndexOf(number!);
      if (index < 0) continue;
      open.splice(index, 1);
    }
    balanced.push(item);
  }
  for (const number of open.reverse())
    balanced.push(element('part-group', { type: 'stop', number }));
  return balanced;
}
