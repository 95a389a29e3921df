/**
 * Writing the marks MusicXML puts between notes: each dynamic, hairpin,
 * octave line, pedal mark, text, tempo and rehearsal mark as a
 * `<direction>` with the `<voice>` and `<staff>` it belongs to, and each
 * chord symbol as a `<harmony>`, as MuseScore writes them. Written just
 * before the note they stand at (an octave line's end just after the last
 * note it covers), so that reading the file again puts them back on the
 * same event.
 */
import { type LaneMark, notateDuration } from '@scorelane/lanes-seq';
import { kindOf } from './chord-kinds.ts';
import { DEFAULT_PEDAL_STYLE, type PedalStyle } from './pedal-style.ts';
import { typeName } from './write-note.ts';
import { element, type XmlElement, type XmlNode } from './xml-tree.ts';

/** Where the marks of one voice are written. */
export interface DirectionPlace {
  /** The `<voice>` text. */
  readonly voice: string;
  /** The `<staff>`, when the part has several. */
  readonly staff: number | undefined;
  /** The `number` of the lines this voice draws. */
  readonly lineNumber: string;
  /** The size of the voice's octave line open now, which its stop repeats (MuseScore pairs by it). */
  readonly octave: { size: string };
  /** How the part draws its pedals (`pedal-style.ts`): a line when not given. */
  readonly pedal?: PedalStyle | undefined;
}

function direction(
  place: DirectionPlace,
  placement: string,
  types: XmlNode[],
  sound?: XmlElement,
): XmlElement {
  const children: XmlNode[] = types.map((type) => element('direction-type', {}, [type]));
  children.push(element('voice', {}, [place.voice]));
  if (place.staff !== undefined) children.push(element('staff', {}, [String(place.staff)]));
  if (sound) children.push(sound);
  return element('direction', { placement }, children);
}

function decimal(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function tempoDirection(mark: LaneMark & { kind: 'tempo' }, place: DirectionPlace): XmlElement {
  const types: XmlNode[] = [];
  if (mark.text !== undefined) types.push(element('words', {}, [mark.text]));
  let sound: XmlElement | undefined;
  if (mark.beat && mark.perMinute !== undefined) {
    const notation = notateDuration(mark.beat);
    if (notation.kind === 'value' && notation.value.dots <= 1) {
      const unit: XmlNode[] = [element('beat-unit', {}, [typeName(notation.value.base)])];
      if (notation.value.dots === 1) unit.push(element('beat-unit-dot'));
      types.push(
        element('metronome', {}, [...unit, element('per-minute', {}, [String(mark.perMinute)])]),
      );
      const quarters = (mark.perMinute * mark.beat.num * 4) / mark.beat.den;
      sound = element('sound', { tempo: decimal(quarters) });
    }
  }
  return direction(place, 'above', types, sound);
}

function rootChildren(prefix: 'root' | 'bass', root: { step: string; alter: number }): XmlNode[] {
  const children: XmlNode[] = [element(`${prefix}-step`, {}, [root.step])];
  if (root.alter !== 0) children.push(element(`${prefix}-alter`, {}, [String(root.alter)]));
  return children;
}

function harmony(
  mark: LaneMark & { kind: 'chord-symbol' },
  place: DirectionPlace,
): XmlElement | undefined {
  const staff = place.staff !== undefined ? [element('staff', {}, [String(place.staff)])] : [];
  if (!mark.root)
    return element('harmony', {}, [
      element('root', {}, [element('root-step', { text: '' }, ['C'])]),
      element('kind', { text: 'N.C.' }, ['none']),
      ...staff,
    ]);
  const kind = kindOf(mark.quality);
  if (!kind) return undefined;
  const children: XmlNode[] = [
    element('root', {}, rootChildren('root', mark.root)),
    element('kind', { text: mark.quality }, [kind.kind]),
  ];
  if (mark.bass) children.push(element('bass', {}, rootChildren('bass', mark.bass)));
  for (const degree of kind.degrees) {
    const [type, value, alter] = degree.split(':');
    children.push(
      element('degree', {}, [
        element('degree-value', {}, [value!]),
        element('degree-alter', {}, [alter!]),
        element('degree-type', {}, [type!]),
      ]),
    );
  }
  return element('harmony', {}, [...children, ...staff]);
}

const OCTAVE_SHIFTS: Readonly<Record<string, { type: string; size: string; placement: string }>> = {
  '8va': { type: 'down', size: '8', placement: 'above' },
  '15ma': { type: 'down', size: '15', placement: 'above' },
  '8vb': { type: 'up', size: '8', placement: 'below' },
  '15mb': { type: 'up', size: '15', placement: 'below' },
};

/** One mark as the element that writes it, or `undefined` for a mark written on the note. */
function markElement(mark: LaneMark, place: DirectionPlace): XmlElement | undefined {
  const number = place.lineNumber;
  switch (mark.kind) {
    case 'dynamic':
      return direction(place, 'below', [element('dynamics', {}, [element(mark.name)])]);
    case 'hairpin':
      return direction(place, 'below', [element('wedge', { type: mark.type, number })]);
    case 'octave-line': {
      if (mark.type === 'stop')
        return direction(place, 'above', [
          element('octave-shift', { type: 'stop', size: place.octave.size, number }),
        ]);
      const shift = OCTAVE_SHIFTS[mark.type]!;
      place.octave.size = shift.size;
      return direction(place, shift.placement, [
        element('octave-shift', { type: shift.type, size: shift.size, number }),
      ]);
    }
    case 'pedal':
      return direction(place, 'below', [
        element('pedal', { type: mark.type, number, ...(place.pedal ?? DEFAULT_PEDAL_STYLE) }),
      ]);
    case 'text':
      return direction(place, mark.placement, [element('words', {}, [mark.text])]);
    case 'tempo':
      return tempoDirection(mark, place);
    case 'rehearsal':
      return direction(place, 'above', [element('rehearsal', {}, [mark.text])]);
    case 'chord-symbol':
      return harmony(mark, place);
    default:
      return undefined;
  }
}

/**
 * The elements that write the marks MusicXML puts between notes: `before`
 * the note they stand at, in the marks' order (stops first), and `after`
 * it (the end of an octave line, after the last note it covers).
 *
 * @example
 * ```ts
 * directionMarks([{ kind: 'dynamic', name: 'p' }], { voice: '1', staff: undefined, lineNumber: '9', octave: { size: '8' } });
 * // { before: [<direction placement="below"><direction-type><dynamics><p/></dynamics>...], after: [] }
 * ```
 */
export function directionMarks(
  marks: readonly LaneMark[],
  place: DirectionPlace,
): { before: XmlElement[]; after: XmlElement[] } {
  const before: XmlElement[] = [];
  const after: XmlElement[] = [];
  for (const mark of marks) {
    const written = markElement(mark, place);
    if (!written) continue;
    if (mark.kind === 'octave-line' && mark.type === 'stop') after.push(written);
    else before.push(written);
  }
  return { before, after };
}

/**
 * The elements of marks at an onset where the voice has no event: all of
 * them where they stand (an octave line's end too).
 *
 * @example
 * ```ts
 * onsetDirections([{ kind: 'chord-symbol', root: { step: 'D', alter: 0 }, quality: 'm' }], place); // [<harmony>...]
 * ```
 */
export function onsetDirections(marks: readonly LaneMark[], place: DirectionPlace): XmlElement[] {
  const { before, after } = directionMarks(marks, place);
  return [...before, ...after];
}
