/**
 * Where a trill's wavy line ends when it ends on grace notes after the last
 * note of a voice in a measure (a Nachschlag, as the MusicXML test suite's
 * `33f-Trill-EndingOnGraceNote` writes): MuseScore 3 cannot open a file
 * whose `<wavy-line type="stop">` is on such a grace note (its engine stops
 * with "divide by zero", on the suite's own file too). So export ends the
 * line on the voice's last note before those grace notes: the same note the
 * grace notes hang from, the same trill, a line a few grace notes shorter.
 */
import { mergeInOrder, NOTE_ORDER } from './element-order.ts';
import {
  child,
  element,
  isElement,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/** What this needs of a written event: its `<note>`s and whether it is a grace note. */
export interface WrittenEvent {
  readonly notes: readonly XmlNode[];
  readonly grace: boolean;
}

/**
 * The events of one voice of a measure, in order, with every wavy-line stop
 * of the grace notes after its last other note moved to that note; the same
 * array when there is none to move.
 *
 * @example
 * ```ts
 * const chunks = endWavyLinesBeforeTrailingGraces(written); // the stop on the last main note
 * ```
 */
export function endWavyLinesBeforeTrailingGraces<T extends WrittenEvent>(
  events: T[],
  withNotes: (event: T, notes: readonly XmlNode[]) => T,
): T[] {
  let last = events.length - 1;
  while (last >= 0 && events[last]!.grace) last--;
  if (last < 0 || last === events.length - 1) return events;
  const stops: XmlElement[] = [];
  const result = events.map((event, index) =>
    index > last
      ? withNotes(
          event,
          event.notes.map((note) => withoutStops(note, stops)),
        )
      : event,
  );
  if (stops.length === 0) return events;
  const main = result[last]!;
  const first = main.notes.findIndex((note) => isElement(note) && note.n === 'note');
  if (first < 0) return events;
  const notes = [...main.notes];
  notes[first] = withStops(notes[first] as XmlElement, stops);
  result[last] = withNotes(main, notes);
  return result;
}

function isStop(node: XmlNode): boolean {
  return isElement(node) && node.n === 'wavy-line' && node.a?.type === 'stop';
}

/** `note` without its wavy-line stops, which go into `stops`. */
function withoutStops(note: XmlNode, stops: XmlElement[]): XmlNode {
  if (!isElement(note) || note.n !== 'note') return note;
  let changed = false;
  const children = (note.c ?? []).flatMap((notations): XmlNode[] => {
    if (!isElement(notations) || notations.n !== 'notations') return [notations];
    const kept = (notations.c ?? []).flatMap((ornaments): XmlNode[] => {
      if (!isElement(ornaments) || ornaments.n !== 'ornaments') return [ornaments];
      const found = (ornaments.c ?? []).filter(isStop) as XmlElement[];
      if (found.length === 0) return [ornaments];
      changed = true;
      stops.push(...found);
      const rest = (ornaments.c ?? []).filter((node) => !isStop(node));
      return rest.some(isElement) ? [withChildren(ornaments, rest)] : [];
    });
    return kept.some(isElement) || notations.a !== undefined ? [withChildren(notations, kept)] : [];
  });
  return changed ? withChildren(note, children) : note;
}

/** `note` with `stops` in its (first) `<notations>`'s `<ornaments>`, made when it has none. */
function withStops(note: XmlElement, stops: readonly XmlElement[]): XmlElement {
  const notations = child(note, 'notations');
  if (notations === undefined)
    return withChildren(
      note,
      mergeInOrder(NOTE_ORDER, note.c ?? [], [
        element('notations', {}, [element('ornaments', {}, stops)]),
      ]),
    );
  const ornaments = child(notations, 'ornaments');
  const inside =
    ornaments === undefined
      ? [...(notations.c ?? []), element('ornaments', {}, stops)]
      : (notations.c ?? []).map((node) =>
          node === ornaments ? withChildren(ornaments, [...(ornaments.c ?? []), ...stops]) : node,
        );
  return withChildren(
    note,
    (note.c ?? []).map((node) => (node === notations ? withChildren(notations, inside) : node)),
  );
}
