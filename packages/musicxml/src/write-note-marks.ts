/**
 * Writing the marks of an event that MusicXML puts on the note: inside
 * `<notations>` (slurs, ornaments and tremolo, technical marks and
 * fingering, articulations and breath marks, fermata, arpeggiate), and the
 * event's `<lyric>`s, as MuseScore writes them.
 */
import type { LaneMark } from '@scorelane/lanes-seq';
import type { Lyric, ScoreEvent } from '@scorelane/score-model';
import { markLeaf, slurLeaf } from './notation-leaves.ts';
import { ARTICULATION_ELEMENTS } from './read-articulations.ts';
import { ORNAMENT_ELEMENTS } from './read-ornaments.ts';
import { TECHNIQUE_ELEMENTS } from './read-technical.ts';
import { element, type XmlElement, type XmlNode } from './xml-tree.ts';

/** The MusicXML element name of each model name, the tables of the readers turned round. */
function inverse(table: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(table).map(([xml, model]) => [model, xml]));
}

const ARTICULATION_NAMES = inverse(ARTICULATION_ELEMENTS);
const ORNAMENT_NAMES = inverse(ORNAMENT_ELEMENTS);
const TECHNIQUE_NAMES = inverse(TECHNIQUE_ELEMENTS);

const NO_MARKS: readonly LaneMark[] = [];

/** `list` with `node` pushed on it, a new list when there is none yet. */
function withOne(list: XmlElement[] | undefined, node: XmlElement): XmlElement[] {
  if (list === undefined) return [node];
  list.push(node);
  return list;
}
const NO_ELEMENTS: readonly XmlElement[] = [];

/** Where one note of an event is written, for its marks. */
export interface NoteMarkPlace {
  /** The note's index in the event (0 for the first note of a chord). */
  readonly note: number;
  readonly firstPiece: boolean;
  readonly lastPiece: boolean;
  /** The `number`s slurs of levels 1 and 2 are written with. */
  readonly slurNumbers: readonly [string, string];
}

/**
 * The children of `<notations>` that write the event's marks on one of its
 * notes: everything on the first note (an arpeggio on every note of a
 * chord, each note its own fingering), slur stops on the last piece of a
 * note written in tied pieces, all else on the first.
 *
 * @example
 * ```ts
 * notationMarks(eventWithStaccato, { note: 0, firstPiece: true, lastPiece: true, slurNumbers: ['1', '2'] });
 * // [<articulations><staccato/></articulations>]
 * ```
 */
export function notationMarks(event: ScoreEvent, place: NoteMarkPlace): readonly XmlElement[] {
  const marks: readonly LaneMark[] = event.marks ?? NO_MARKS;
  const finger = event.kind === 'chord' ? event.notes[place.note]?.fingering : undefined;
  // Most notes have no mark: no arrays made for them.
  if (marks.length === 0 && finger === undefined) return NO_ELEMENTS;
  const first = place.note === 0;
  const out: XmlElement[] = [];
  if (first) {
    for (const mark of marks) {
      if (mark.kind !== 'slur') continue;
      const writes = mark.type === 'stop' ? place.lastPiece : place.firstPiece;
      if (writes) out.push(slurLeaf(mark.type, place.slurNumbers[mark.level - 1]!));
    }
  }
  if (!place.firstPiece) return out;
  // Made only for a kind of mark the event has: most marked notes have a slur end alone.
  let ornaments: XmlElement[] | undefined;
  let technical: XmlElement[] | undefined;
  let articulations: XmlElement[] | undefined;
  let fermata = false;
  let arpeggio = false;
  for (const mark of marks) {
    switch (mark.kind) {
      case 'ornament':
        ornaments = withOne(ornaments, markLeaf(ORNAMENT_NAMES[mark.name]!));
        break;
      case 'tremolo':
        ornaments = withOne(
          ornaments,
          element('tremolo', { type: 'single' }, [String(mark.strokes)]),
        );
        break;
      case 'technique':
        technical = withOne(technical, markLeaf(TECHNIQUE_NAMES[mark.name]!));
        break;
      case 'fingering':
        technical = withOne(technical, element('fingering', {}, [String(mark.finger)]));
        break;
      case 'articulation':
        articulations = withOne(articulations, markLeaf(ARTICULATION_NAMES[mark.name]!));
        break;
      case 'breath':
        articulations = withOne(
          articulations,
          markLeaf(mark.name === 'caesura' ? 'caesura' : 'breath-mark'),
        );
        break;
      case 'fermata':
        fermata = true;
        break;
      case 'arpeggio':
        arpeggio = true;
        break;
      default:
        break;
    }
  }
  if (finger !== undefined)
    technical = withOne(technical, element('fingering', {}, [String(finger)]));
  if (first) {
    if (ornaments) out.push(element('ornaments', {}, ornaments));
    if (technical) out.push(element('technical', {}, technical));
    if (articulations) out.push(element('articulations', {}, articulations));
    if (fermata) out.push(element('fermata', { type: 'upright' }));
  } else if (technical) {
    out.push(
      element(
        'technical',
        {},
        technical.filter((node) => node.n === 'fingering'),
      ),
    );
  }
  if (arpeggio) out.push(element('arpeggiate'));
  return out;
}

/**
 * The `<lyric>`s of an event, one per verse (`number` is the verse), with
 * `syllabic` from the hyphens: `hyphened` holds the verses whose syllable
 * before (in this voice) had a hyphen, and is brought up to date.
 *
 * @example
 * ```ts
 * lyricElements([{ verse: 1, text: 'Freu', hyphen: true, extend: false }], new Set());
 * // [<lyric number="1"><syllabic>begin</syllabic><text>Freu</text></lyric>]
 * ```
 */
export function lyricElements(lyrics: readonly Lyric[], hyphened: Set<number>): XmlElement[] {
  return lyrics.map((lyric) => {
    const before = hyphened.has(lyric.verse);
    const syllabic = before ? (lyric.hyphen ? 'middle' : 'end') : lyric.hyphen ? 'begin' : 'single';
    if (lyric.hyphen) hyphened.add(lyric.verse);
    else hyphened.delete(lyric.verse);
    const children: XmlNode[] = [element('syllabic', {}, [syllabic])];
    lyric.text.split('~').forEach((text, index) => {
      if (index > 0) children.push(element('elision'));
      children.push(element('text', {}, [text]));
    });
    if (lyric.extend) children.push(element('extend', { type: 'start' }));
    return element('lyric', { number: String(lyric.verse) }, children);
  });
}
