/**
 * Reading the `<notations>` of one kept `<note>` into marks of the model
 * (articulations, ornaments, techniques, fingering, fermata, arpeggio,
 * breath), taking what is read out of the kept note, so export writes it
 * from the model only. Slurs are paired across the part (`read-slurs.ts`);
 * lyrics are read by `read-lyrics.ts`.
 */
import { fitsGrace, fitsRest, type LaneMark } from '@scorelane/lanes-seq';
import { canJoin, inMarkOrder } from './mark-order.ts';
import { fullText, layoutOnly, without } from './mark-xml.ts';
import { readArticulation } from './read-articulations.ts';
import { readOrnaments } from './read-ornaments.ts';
import { readTechnique } from './read-technical.ts';
import {
  childElements,
  isElement,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/** What an event is, for the marks it may take (lanes-seq's rules for rests and grace notes). */
export type EventRole = 'note' | 'grace' | 'rest';

/**
 * Whether an event of `role` may carry `mark`: lanes-seq's own rules for
 * rests and grace notes (`mark-on-rest`, `mark-on-grace`), so import never
 * makes text the parser refuses.
 *
 * @example
 * ```ts
 * takes('rest', { kind: 'articulation', name: 'staccato' }); // false
 * ```
 */
export function takes(role: EventRole, mark: LaneMark): boolean {
  if (role === 'grace') return fitsGrace(mark);
  if (role === 'rest') return fitsRest(mark);
  return true;
}

/** What reading one kept note gives. */
export interface NoteMarks {
  /** The marks read, to join the event's marks (fingering among them, for a single note). */
  readonly marks: LaneMark[];
  /** The note without what was read. */
  readonly note: XmlElement;
}

/** One child of `<notations>` read: the marks of its own children, and what is left of it. */
function readGroup(
  group: XmlElement,
  role: EventRole,
  marks: LaneMark[],
  held: readonly LaneMark[],
): XmlElement | undefined {
  const taken = new Set<XmlElement>();
  const accept = (node: XmlElement, mark: LaneMark | undefined) => {
    if (!mark || !takes(role, mark) || !canJoin([...held, ...marks], mark)) return;
    marks.push(mark);
    taken.add(node);
  };
  switch (group.n) {
    case 'articulations': {
      if (!layoutOnly(group)) return group;
      const read: [XmlElement, LaneMark][] = [];
      for (const node of childElements(group)) {
        const mark = readArticulation(node);
        if (mark) read.push([node, mark]);
      }
      // In another order than export writes them, they are kept: MuseScore times a note by the last.
      if (inMarkOrder(read.map(([, mark]) => mark)))
        for (const [node, mark] of read) accept(node, mark);
      return without(group, taken);
    }
    case 'ornaments':
      for (const [node, mark] of readOrnaments(group)) accept(node, mark);
      return without(group, taken);
    case 'technical':
      if (layoutOnly(group))
        for (const node of childElements(group)) accept(node, readTechnique(node));
      return without(group, taken);
    default:
      return group;
  }
}

/** A `<fermata>` or `<arpeggiate>` as a mark, when it says no more than the model does. */
function readSingle(node: XmlElement): LaneMark | undefined {
  if (node.n === 'fermata') {
    const shape = fullText(node).trim();
    return (shape === '' || shape === 'normal') && layoutOnly(node, ['type'])
      ? { kind: 'fermata' }
      : undefined;
  }
  if (node.n === 'arpeggiate' && layoutOnly(node, ['number'])) return { kind: 'arpeggio' };
  return undefined;
}

/**
 * Reads the marks of one kept `<note>`'s `<notations>` that the model
 * names and an event of `role` may take, and that do not repeat a mark in
 * `held` (the marks its event already has: an articulation on two notes of
 * a chord is one mark of the chord). A second arpeggiate of a chord is
 * taken out too: the chord's one arpeggio is written on each of its notes.
 *
 * @example
 * ```ts
 * readNoteMarks(keptNote, 'note', []).marks; // [{ kind: 'articulation', name: 'staccato' }]
 * ```
 */
export function readNoteMarks(
  note: XmlElement,
  role: EventRole,
  held: readonly LaneMark[],
): NoteMarks {
  const marks: LaneMark[] = [];
  const children: XmlNode[] = [];
  // The kept note itself when nothing is read out of it (most notes): no copy per note.
  let noteChanged = false;
  for (const node of note.c ?? []) {
    if (!isElement(node) || node.n !== 'notations') {
      children.push(node);
      continue;
    }
    const inner: XmlNode[] = [];
    let changed = false;
    for (const group of node.c ?? []) {
      if (!isElement(group)) {
        inner.push(group);
        continue;
      }
      const single = readSingle(group);
      if (single) {
        const arpeggioAgain =
          single.kind === 'arpeggio' && held.some((mark) => mark.kind === 'arpeggio');
        if (arpeggioAgain) {
          changed = true;
          continue;
        }
        if (takes(role, single) && canJoin([...held, ...marks], single)) {
          marks.push(single);
          changed = true;
          continue;
        }
      }
      const left = readGroup(group, role, marks, held);
      if (left !== group) changed = true;
      if (left) inner.push(left);
    }
    if (!inner.every((item) => typeof item === 'string' && item.trim() === '') || node.a)
      children.push(changed ? withChildren(node, inner) : node);
    else noteChanged = true;
    if (changed) noteChanged = true;
  }
  return { marks, note: noteChanged ? withChildren(note, children) : note };
}
