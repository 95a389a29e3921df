/**
 * Reading one element kept between notes as marks of the model: a
 * `<direction>` (dynamics, hairpins, octave lines, pedal, expression text,
 * tempo, rehearsal marks), a `<harmony>` (chord symbols) or a `<sound>`
 * that sets the tempo. An element is read whole or not at all: one that
 * holds anything the model has no word for (an `<offset>`, a segno, words
 * with a tempo `<sound>` but no metronome mark, a hidden mark) is kept.
 */
import {
  type Alter,
  DYNAMICS,
  type DynamicName,
  type LaneMark,
  multiply,
  type Rational,
  rational,
  STEPS,
  type Step,
} from '@scorelane/lanes-seq';
import { qualityOf } from './chord-kinds.ts';
import { fullText, isBlank, layoutOnly } from './mark-xml.ts';
import { type PedalStyle, pedalStyleOf } from './pedal-style.ts';
import {
  child,
  childElements,
  childText,
  withAttributes,
  withChildren,
  type XmlElement,
} from './xml-tree.ts';

/** One end of a line a direction draws (hairpin, octave line, pedal). */
export interface SpanEnd {
  readonly kind: 'hairpin' | 'octave-line' | 'pedal';
  readonly type: 'start' | 'stop' | 'change';
  /** The mark the start (or the stop) puts on its event. */
  readonly start?: LaneMark;
  readonly stop?: LaneMark;
  readonly number: string;
  /** How a pedal end is drawn (see `pedal-style.ts`); only on a pedal's. */
  readonly style?: PedalStyle;
}

/** What an element between notes reads as. */
export interface ItemMarks {
  /** Marks that stand where the element stands. */
  readonly marks: readonly LaneMark[];
  /** The line end the element is, if it is one (then `marks` is empty). */
  readonly span?: SpanEnd;
  /** The file's `<voice>` the element names. */
  readonly voice?: string | undefined;
  /**
   * How far from where it stands the element takes effect, in whole notes: a
   * `<harmony>`'s `<offset>` (a chord that changes during a held note).
   */
  readonly offset?: Rational;
}

/** A kept `<offset>` as import holds it (`"r:-1/4"`, in whole notes; see read-part.ts), or undefined. */
function offsetOf(offset: XmlElement): Rational | undefined {
  if (!layoutOnly(offset)) return undefined;
  const match = /^r:(-?\d+)\/(\d+)$/.exec(fullText(offset).trim());
  return match ? rational(Number(match[1]), Number(match[2])) : undefined;
}

const NOTE_VALUES: Readonly<Record<string, Rational>> = {
  whole: rational(1),
  half: rational(1, 2),
  quarter: rational(1, 4),
  eighth: rational(1, 8),
  '16th': rational(1, 16),
  '32nd': rational(1, 32),
};

function beatOf(metronome: XmlElement): Rational | undefined {
  const base = NOTE_VALUES[childText(metronome, 'beat-unit') ?? ''];
  if (!base) return undefined;
  const dots = childElements(metronome, 'beat-unit-dot').length;
  if (dots > 1) return undefined;
  return dots === 1 ? multiply(base, rational(3, 2)) : base;
}

function readMetronome(metronome: XmlElement): { beat: Rational; perMinute: number } | undefined {
  if (!layoutOnly(metronome, ['parentheses'])) return undefined;
  const allowed = new Set(['beat-unit', 'beat-unit-dot', 'per-minute']);
  if (childElements(metronome).some((node) => !allowed.has(node.n))) return undefined;
  const beat = beatOf(metronome);
  const perMinute = Number(childText(metronome, 'per-minute'));
  if (!beat || !Number.isInteger(perMinute) || perMinute <= 0) return undefined;
  return { beat, perMinute };
}

function readSpan(node: XmlElement): SpanEnd | undefined {
  const type = node.a?.type;
  const number = node.a?.number ?? '1';
  switch (node.n) {
    case 'wedge':
      if (!layoutOnly(node, ['type', 'number', 'spread'])) return undefined;
      if (type === 'crescendo' || type === 'diminuendo')
        return { kind: 'hairpin', type: 'start', start: { kind: 'hairpin', type }, number };
      if (type === 'stop')
        return { kind: 'hairpin', type: 'stop', stop: { kind: 'hairpin', type: 'stop' }, number };
      return undefined;
    case 'octave-shift': {
      if (!layoutOnly(node, ['type', 'number', 'size'])) return undefined;
      const size = node.a?.size ?? '8';
      if (type === 'stop')
        return {
          kind: 'octave-line',
          type: 'stop',
          stop: { kind: 'octave-line', type: 'stop' },
          number,
        };
      if ((type !== 'up' && type !== 'down') || (size !== '8' && size !== '15')) return undefined;
      const line =
        type === 'down' ? (size === '8' ? '8va' : '15ma') : size === '8' ? '8vb' : '15mb';
      return {
        kind: 'octave-line',
        type: 'start',
        start: { kind: 'octave-line', type: line },
        number,
      };
    }
    case 'pedal': {
      if (!layoutOnly(node, ['type', 'number', 'line', 'sign', 'abbreviated'])) return undefined;
      const start: LaneMark = { kind: 'pedal', type: 'start' };
      const stop: LaneMark = { kind: 'pedal', type: 'stop' };
      const style = pedalStyleOf(node);
      if (type === 'start') return { kind: 'pedal', type: 'start', start, number, style };
      if (type === 'stop') return { kind: 'pedal', type: 'stop', stop, number, style };
      if (type === 'change') return { kind: 'pedal', type: 'change', start, stop, number, style };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The kind of line each element the model reads as a line draws. */
const LINE_KINDS: Readonly<Record<string, SpanEnd['kind']>> = {
  wedge: 'hairpin',
  'octave-shift': 'octave-line',
  pedal: 'pedal',
};

/** Whether a line element of `kind` with `type` starts, stops or changes (both) its line. */
function lineRole(kind: SpanEnd['kind'], type: string | undefined): SpanEnd['type'] | undefined {
  if (type === 'stop') return 'stop';
  if (kind === 'hairpin')
    return type === 'crescendo' || type === 'diminuendo' ? 'start' : undefined;
  if (kind === 'octave-line') return type === 'up' || type === 'down' ? 'start' : undefined;
  return type === 'start' ? 'start' : type === 'change' ? 'change' : undefined;
}

/**
 * Every end of a line of the kinds the model reads (hairpin, octave line,
 * pedal) that a `<direction>` holds, whether or not the model can read the
 * direction: one it keeps as XML still stops, or starts, the line of its
 * number in the file's order, so a line end the model reads never pairs
 * across it (a kept stop between a start and a later stop closes the
 * start's line).
 *
 * @example
 * ```ts
 * lineEndsIn(parseXml('<direction><direction-type><wedge type="stop"/></direction-type><offset>-2</offset></direction>').root);
 * // [{ kind: 'hairpin', type: 'stop', number: '1' }]
 * ```
 */
export function lineEndsIn(
  item: XmlElement,
): { readonly kind: SpanEnd['kind']; readonly type: SpanEnd['type']; readonly number: string }[] {
  if (item.n !== 'direction') return [];
  const ends: ReturnType<typeof lineEndsIn> = [];
  for (const directionType of childElements(item, 'direction-type')) {
    for (const line of childElements(directionType)) {
      const kind = LINE_KINDS[line.n];
      const type = kind && lineRole(kind, line.a?.type);
      if (kind && type) ends.push({ kind, type, number: line.a?.number ?? '1' });
    }
  }
  return ends;
}

/**
 * A `<direction>` holding one line end (see {@link lineEndsIn}) with that
 * end numbered `number`; the same element when it already is.
 *
 * @example
 * ```ts
 * withLineEndNumber(pedalStart, '2'); // <direction>...<pedal type="start" number="2"/>...
 * ```
 */
export function withLineEndNumber(item: XmlElement, number: string): XmlElement {
  const children = (item.c ?? []).map((directionType) => {
    if (typeof directionType !== 'object' || !('n' in directionType)) return directionType;
    if (directionType.n !== 'direction-type') return directionType;
    const inner = (directionType.c ?? []).map((line) =>
      typeof line === 'object' &&
      'n' in line &&
      LINE_KINDS[line.n] !== undefined &&
      (line.a?.number ?? '1') !== number
        ? withAttributes(line, { ...line.a, number })
        : line,
    );
    return inner.every((line, index) => line === directionType.c![index])
      ? directionType
      : withChildren(directionType, inner);
  });
  return children.every((node, index) => node === item.c![index])
    ? item
    : withChildren(item, children);
}

/** The content of each `<direction-type>`: one element each. */
function directionContent(direction: XmlElement): XmlElement[] | undefined {
  const found: XmlElement[] = [];
  for (const type of childElements(direction, 'direction-type')) {
    const inner = childElements(type);
    if (inner.length !== 1 || !(type.c ?? []).every((node) => isBlank(node) || node === inner[0]))
      return undefined;
    found.push(inner[0]!);
  }
  return found.length > 0 ? found : undefined;
}

/**
 * Whether a `<sound tempo>` (quarter notes a minute) plays a metronome mark
 * as it shows, to the thousandth export writes it with: Chopin's étude op.
 * 25/11 shows half = 69 and plays 128, and export writes the sound from the
 * mark.
 */
function playsAsShown(tempo: string, metronome: { beat: Rational; perMinute: number }): boolean {
  const quarters = (metronome.perMinute * metronome.beat.num * 4) / metronome.beat.den;
  return Math.abs(Number(tempo) - quarters) < 0.0005;
}

function readDirection(direction: XmlElement): ItemMarks | undefined {
  if (!layoutOnly(direction, ['directive'])) return undefined;
  const allowed = new Set(['direction-type', 'staff', 'voice', 'sound']);
  if (childElements(direction).some((node) => !allowed.has(node.n))) return undefined;
  const sound = child(direction, 'sound');
  if (sound && !layoutOnly(sound, ['tempo', 'dynamics'])) return undefined;
  if (sound && childElements(sound).length > 0) return undefined;
  const content = directionContent(direction);
  if (!content) return undefined;
  const voice = childText(direction, 'voice') || undefined;
  const placement = direction.a?.placement === 'below' ? 'below' : 'above';
  if (content.length === 1) {
    const span = readSpan(content[0]!);
    if (span) return sound?.a?.tempo === undefined ? { marks: [], span, voice } : undefined;
  }
  const marks: LaneMark[] = [];
  let words: string | undefined;
  let metronome: { beat: Rational; perMinute: number } | undefined;
  for (const node of content) {
    if (node.n === 'dynamics') {
      const inner = childElements(node);
      const name = inner[0]?.n as DynamicName | undefined;
      if (inner.length !== 1 || !name || !DYNAMICS.includes(name) || !layoutOnly(node))
        return undefined;
      marks.push({ kind: 'dynamic', name });
    } else if (node.n === 'words') {
      const text = fullText(node).trim();
      if (text === '' || /[\r\n]/.test(text) || words !== undefined) return undefined;
      if (!layoutOnly(node, ['enclosure', 'xml:lang', 'xml:space'])) return undefined;
      words = text;
    } else if (node.n === 'metronome') {
      if (metronome) return undefined;
      metronome = readMetronome(node);
      if (!metronome) return undefined;
    } else if (node.n === 'rehearsal') {
      const text = fullText(node).trim();
      if (text === '' || !layoutOnly(node, ['enclosure'])) return undefined;
      marks.push({ kind: 'rehearsal', text });
    } else return undefined;
  }
  if (metronome) {
    // A <sound> that plays another tempo than the mark shows is more than the model can say.
    if (sound?.a?.tempo !== undefined && !playsAsShown(sound.a.tempo, metronome)) return undefined;
    marks.push({ kind: 'tempo', ...(words ? { text: words } : {}), ...metronome });
  } else if (words !== undefined) {
    // Words that set the tempo without a metronome mark: the model's tempo has no speed for them.
    if (sound?.a?.tempo !== undefined) return undefined;
    marks.push({ kind: 'text', text: words, placement });
  }
  return { marks, voice };
}

function readRoot(
  node: XmlElement,
  prefix: 'root' | 'bass',
): { step: Step; alter: Alter } | undefined {
  if (!layoutOnly(node)) return undefined;
  const stepElement = child(node, `${prefix}-step`);
  const step = stepElement ? fullText(stepElement).trim() : '';
  if (!(STEPS as readonly string[]).includes(step) || (stepElement && !layoutOnly(stepElement)))
    return undefined;
  const alterText = childText(node, `${prefix}-alter`);
  const alter = alterText === undefined || alterText === '' ? 0 : Number(alterText);
  if (![-2, -1, 0, 1, 2].includes(alter)) return undefined;
  return { step: step as Step, alter: alter as Alter };
}

function readHarmony(harmony: XmlElement): ItemMarks | undefined {
  if (!layoutOnly(harmony, ['print-frame', 'type']) || harmony.a?.['print-object'] === 'no')
    return undefined;
  if ((harmony.a?.type ?? 'explicit') !== 'explicit') return undefined;
  const allowed = new Set(['root', 'kind', 'bass', 'degree', 'staff', 'offset']);
  if (childElements(harmony).some((node) => !allowed.has(node.n))) return undefined;
  // A chord that changes during a held note stands before it, `<offset>` later (MuseScore).
  const offsets = childElements(harmony, 'offset');
  const offset = offsets.length === 1 ? offsetOf(offsets[0]!) : undefined;
  if (offsets.length > 0 && offset === undefined) return undefined;
  const at = offset !== undefined && offset.num !== 0 ? { offset } : {};
  const kindElement = child(harmony, 'kind');
  const kind = kindElement ? fullText(kindElement).trim() : '';
  if (kind === 'none') return { marks: [{ kind: 'chord-symbol', quality: '' }], ...at };
  const rootElement = child(harmony, 'root');
  const root = rootElement ? readRoot(rootElement, 'root') : undefined;
  if (!root) return undefined;
  const degrees: string[] = [];
  for (const degree of childElements(harmony, 'degree')) {
    if (!layoutOnly(degree) || degree.a?.['print-object'] === 'no') return undefined;
    const value = Number(childText(degree, 'degree-value'));
    const alter = Number(childText(degree, 'degree-alter') ?? '0');
    const type = childText(degree, 'degree-type') ?? '';
    if (!Number.isInteger(value) || !Number.isInteger(alter)) return undefined;
    degrees.push(`${type}:${value}:${alter}`);
  }
  const quality = qualityOf(kind, degrees);
  if (quality === undefined) return undefined;
  const bassElement = child(harmony, 'bass');
  const bass = bassElement ? readRoot(bassElement, 'bass') : undefined;
  if (bassElement && !bass) return undefined;
  return { marks: [{ kind: 'chord-symbol', root, quality, ...(bass ? { bass } : {}) }], ...at };
}

/**
 * What one element kept between notes says as marks of the model, or
 * `undefined` when the model cannot say all of it.
 *
 * @example
 * ```ts
 * readItemMarks(parseXml('<direction><direction-type><dynamics><p/></dynamics></direction-type></direction>').root);
 * // { marks: [{ kind: 'dynamic', name: 'p' }] }
 * ```
 */
export function readItemMarks(item: XmlElement): ItemMarks | undefined {
  switch (item.n) {
    case 'direction':
      return readDirection(item);
    case 'harmony':
      return readHarmony(item);
    case 'sound': {
      if (childElements(item).length > 0 || !layoutOnly(item, ['tempo'])) return undefined;
      const perMinute = Number(item.a?.tempo);
      if (!Number.isInteger(perMinute) || perMinute <= 0) return undefined;
      return { marks: [{ kind: 'tempo', beat: rational(1, 4), perMinute }] };
    }
    default:
      return undefined;
  }
}
