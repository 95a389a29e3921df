/**
 * The `<type>` import gives a note the file wrote without one, so export
 * writes note types.
 */
import {
  multiply,
  type NoteValue,
  notateDuration,
  type Rational,
  rational,
} from '@scorelane/lanes-seq';
import { mergeInOrder, NOTE_ORDER } from './element-order.ts';
import { printedPieces, typeName } from './write-note.ts';
import { child, childText, element, withChildren, type XmlElement } from './xml-tree.ts';

/**
 * The plain or dotted value that, in the ratio of the note's own
 * `<time-modification>`, prints `duration` exactly; `undefined` when none
 * does (or the ratio is not two positive whole numbers).
 */
function valueInRatio(duration: Rational, modification: XmlElement): NoteValue | undefined {
  const actual = Number(childText(modification, 'actual-notes'));
  const normal = Number(childText(modification, 'normal-notes'));
  if (!Number.isInteger(actual) || !Number.isInteger(normal) || actual <= 0 || normal <= 0)
    return undefined;
  const notation = notateDuration(multiply(duration, rational(actual, normal)));
  return notation.kind === 'value' ? notation.value : undefined;
}

function valueElements(value: NoteValue, kept: XmlElement): XmlElement[] {
  const added = [element('type', {}, [typeName(value.base)])];
  if (!child(kept, 'dot')) for (let dot = 0; dot < value.dots; dot++) added.push(element('dot'));
  return added;
}

/**
 * A kept note with a `<type>` (and `<dot>`s, and a `<time-modification>`
 * for a tuplet) computed from its duration when the file gave it none, so
 * export writes note types. A duration no single value prints gets the
 * value of its first tied piece. A note that has its own
 * `<time-modification>` gets the value that prints its duration in that
 * ratio, or, when none does, stays without a type, as the file wrote it:
 * a reader that times a typed note by its printed value where that is
 * within a hair of its `<duration>` (MuseScore, by 2 ticks) would
 * otherwise move every later note of its voice by the difference.
 *
 * @example
 * ```ts
 * withNoteType({ n: 'note' }, rational(3, 8), false); // <type>quarter</type><dot/>
 * ```
 */
export function withNoteType(kept: XmlElement, duration: Rational, grace: boolean): XmlElement {
  if (child(kept, 'type')) return kept;
  const modification = child(kept, 'time-modification');
  if (modification) {
    const value = valueInRatio(duration, modification);
    if (!value) return kept;
    return withChildren(kept, mergeInOrder(NOTE_ORDER, kept.c ?? [], valueElements(value, kept)));
  }
  const piece = printedPieces(duration)[0]!;
  const added = valueElements(piece.value, kept);
  if (piece.ratio && !grace)
    added.push(
      element('time-modification', {}, [
        element('actual-notes', {}, [String(piece.ratio.actual)]),
        element('normal-notes', {}, [String(piece.ratio.normal)]),
      ]),
    );
  return withChildren(kept, mergeInOrder(NOTE_ORDER, kept.c ?? [], added));
}
