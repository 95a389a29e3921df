/**
 * The children of `<note>` export writes from the model (`<pitch>`,
 * `<duration>`, `<voice>`, `<type>`, `<staff>`, ...), each made once per
 * value, written ahead as text (`XmlWritten`), and shared by every note that
 * has that value: a score of twenty thousand notes uses a few hundred of
 * them, so a note costs a few pointers instead of a tree of small objects
 * made and written out again for each.
 *
 * They are written at {@link NOTE_CHILD_DEPTH}, where a note's children
 * stand in a partwise score; written at any other depth they are written
 * from their tree, as any element.
 */
import type { Pitch, TupletRatio } from '@scorelane/lanes-seq';
import { element, type XmlElement, type XmlWritten } from './xml-tree.ts';
import { writtenAhead } from './xml-write.ts';

/** The depth of a note's children: `<score-partwise>` 0, `<part>` 1, `<measure>` 2, `<note>` 3. */
export const NOTE_CHILD_DEPTH = 4;

/**
 * Leaves kept per value. Bounded, since a module-level cache outlives the
 * export that filled it: past the bound it starts again (a score with that
 * many different durations is rare, and still written right).
 */
const MOST_KEPT = 4096;

function ahead(node: XmlElement): XmlWritten {
  return writtenAhead(node, NOTE_CHILD_DEPTH);
}

/**
 * `node` written ahead at `depth` (a note's children unless told) and kept
 * in `cache` under `key`, the cache started again once it holds
 * {@link MOST_KEPT}: for every module that keeps leaves per value.
 *
 * @example
 * ```ts
 * const slurs = new Map<string, XmlWritten>();
 * remembered(slurs, 'start1', element('slur', { type: 'start', number: '1' }), 5);
 * ```
 */
export function remembered<K>(
  cache: Map<K, XmlWritten>,
  key: K,
  node: XmlElement,
  depth = NOTE_CHILD_DEPTH,
): XmlWritten {
  if (cache.size >= MOST_KEPT) cache.clear();
  const written = writtenAhead(node, depth);
  cache.set(key, written);
  return written;
}

/** `<grace/>`. */
export const GRACE_LEAF = ahead(element('grace'));
/** `<chord/>`. */
export const CHORD_LEAF = ahead(element('chord'));
/** `<rest/>`. */
export const REST_LEAF = ahead(element('rest'));
/** `<rest measure="yes"/>`, a rest filling its measure alone. */
export const MEASURE_REST_LEAF = ahead(element('rest', { measure: 'yes' }));
/** `<tie type="stop"/>`. */
export const TIE_STOP_LEAF = ahead(element('tie', { type: 'stop' }));
/** `<tie type="start"/>`. */
export const TIE_START_LEAF = ahead(element('tie', { type: 'start' }));
/** `<dot/>`. */
export const DOT_LEAF = ahead(element('dot'));

const STEP_INDEX: Readonly<Record<string, number>> = { C: 0, D: 1, E: 2, F: 3, G: 4, A: 5, B: 6 };
const pitches = new Map<number, XmlWritten>();

/**
 * `<pitch>` with its `<step>`, `<alter>` (when not 0) and `<octave>`.
 *
 * @example
 * ```ts
 * pitchLeaf({ step: 'F', alter: 1, octave: 4 }).n; // "pitch"
 * ```
 */
export function pitchLeaf(pitch: Pitch): XmlWritten {
  // A number for the key, not a string made for every note: octaves from -10 up, alters -2 to 2.
  const key = ((pitch.octave + 10) * 7 + STEP_INDEX[pitch.step]!) * 5 + pitch.alter + 2;
  const known = pitches.get(key);
  if (known) return known;
  const children = [element('step', {}, [pitch.step])];
  if (pitch.alter !== 0) children.push(element('alter', {}, [String(pitch.alter)]));
  children.push(element('octave', {}, [String(pitch.octave)]));
  return remembered(pitches, key, element('pitch', {}, children));
}

const durations = new Map<number, XmlWritten>();

/**
 * `<duration>` of a length in divisions.
 *
 * @example
 * ```ts
 * durationLeaf(480)['=']; // "        <duration>480</duration>\n"
 * ```
 */
export function durationLeaf(divisions: number): XmlWritten {
  return (
    durations.get(divisions) ??
    remembered(durations, divisions, element('duration', {}, [String(divisions)]))
  );
}

const voices = new Map<string, XmlWritten>();

/**
 * `<voice>` with the voice's text.
 *
 * @example
 * ```ts
 * voiceLeaf('1')['=']; // "        <voice>1</voice>\n"
 * ```
 */
export function voiceLeaf(voice: string): XmlWritten {
  return voices.get(voice) ?? remembered(voices, voice, element('voice', {}, [voice]));
}

const staves = new Map<number, XmlWritten>();

/**
 * `<staff>` with the staff's number.
 *
 * @example
 * ```ts
 * staffLeaf(2)['=']; // "        <staff>2</staff>\n"
 * ```
 */
export function staffLeaf(staff: number): XmlWritten {
  return staves.get(staff) ?? remembered(staves, staff, element('staff', {}, [String(staff)]));
}

const types = new Map<string, XmlWritten>();

/**
 * `<type>` with a value's name.
 *
 * @example
 * ```ts
 * typeLeaf('16th')['=']; // "        <type>16th</type>\n"
 * ```
 */
export function typeLeaf(name: string): XmlWritten {
  return types.get(name) ?? remembered(types, name, element('type', {}, [name]));
}

const timeModifications = new Map<number, XmlWritten>();

/**
 * `<time-modification>` of a tuplet ratio.
 *
 * @example
 * ```ts
 * timeModificationLeaf({ actual: 3, normal: 2 }).n; // "time-modification"
 * ```
 */
export function timeModificationLeaf(ratio: TupletRatio): XmlWritten {
  // Tuplets are far smaller than 2^16, so the pair fits one number.
  const key = ratio.actual * 65536 + ratio.normal;
  return (
    timeModifications.get(key) ??
    remembered(
      timeModifications,
      key,
      element('time-modification', {}, [
        element('actual-notes', {}, [String(ratio.actual)]),
        element('normal-notes', {}, [String(ratio.normal)]),
      ]),
    )
  );
}

/** Kept leaves by name, then each attribute's name and value, then the text (see {@link keptLeaf}). */
interface LeafTrie {
  readonly next: Map<string, LeafTrie>;
  leaf?: XmlWritten;
}

let keptLeaves: LeafTrie = { next: new Map() };
let keptLeafCount = 0;

function step(trie: LeafTrie, key: string): LeafTrie {
  let next = trie.next.get(key);
  if (next === undefined) {
    next = { next: new Map() };
    trie.next.set(key, next);
  }
  return next;
}

/** After the attributes, in a name's place (no attribute name holds `/` or `>`): no text, or text. */
const NO_TEXT = '/';
const TEXT = '>';

/**
 * A leaf kept on a note (`<type>`, `<beam number="1">`, `<stem>`,
 * `<accidental>`: at most two attributes and one text) as a shared leaf
 * written ahead, found by its name, attributes and text without making a
 * key; any other element as it is. Import keeps these shared leaves on
 * its notes, so that a score's kept notes point to a few hundred leaves
 * instead of holding a small tree each, and export takes them as they
 * are; a note read from a saved score holds copies of its own, whose
 * leaves are found by what they hold.
 *
 * @example
 * ```ts
 * keptLeaf({ n: 'beam', a: { number: '1' }, c: ['begin'] })['=']; // '        <beam number="1">begin</beam>\n'
 * ```
 */
export function keptLeaf(node: XmlElement): XmlElement {
  if ((node as Partial<XmlWritten>).at === NOTE_CHILD_DEPTH) return node;
  const children = node.c;
  if (children !== undefined && (children.length !== 1 || typeof children[0] !== 'string'))
    return node;
  let at = step(keptLeaves, node.n);
  const attributes = node.a;
  let count = 0;
  for (const name in attributes) {
    if (++count > 2) return node;
    at = step(step(at, name), attributes[name]!);
  }
  at = children === undefined ? step(at, NO_TEXT) : step(step(at, TEXT), children[0] as string);
  if (at.leaf) return at.leaf;
  if (++keptLeafCount > MOST_KEPT) {
    keptLeaves = { next: new Map() };
    keptLeafCount = 0;
    return keptLeaf(node);
  }
  at.leaf = ahead(node);
  return at.leaf;
}
