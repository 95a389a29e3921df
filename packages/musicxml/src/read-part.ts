/**
 * Reading the measures of one `<part>`: the cursor that `<backup>` and
 * `<forward>` move, voices and chords, exact durations across `<divisions>`
 * changes, and the elements between notes with their offsets.
 */
import {
  type Alter,
  add,
  type Clef,
  compare,
  type Pitch,
  type Rational,
  rational,
  type Step,
  subtract,
  ZERO,
} from '@scorelane/lanes-seq';
import type { KeySignature, TimeSignature } from '@scorelane/score-model';
import { clefStaff, type ReadClef } from './clef-changes.ts';
import { isDecimal, parseDecimal } from './decimal.ts';
import { mergeInOrder, NOTE_ORDER } from './element-order.ts';
import { MAX_PART_STAVES } from './limits.ts';
import { separateLineNumbers } from './line-numbers.ts';
import { keptLeaf } from './note-leaves.ts';
import { withNoteType } from './note-type.ts';
import { printedAccountsExactly, withoutRoundingWarnings } from './printed-durations.ts';
import { printedValue, roundedFrom } from './printed-value.ts';
import { type MusicXmlProblem, placeLabel } from './problem.ts';
import type { ReadEvent, ReadItem, ReadLane, ReadMeasure, ReadPart } from './read-types.ts';
import {
  MAX_KEY_FIFTHS,
  readClef,
  readKey,
  readTime,
  timeLabel,
  unstatedKey,
} from './signatures.ts';
import {
  child,
  childElements,
  childText,
  element,
  isElement,
  textOf,
  withAttributes,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

const STEPS = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
/** A typeless rest that fills its measure, marked `measure="yes"` as MusicXML says such a rest. */
function asMeasureRest(kept: XmlElement): XmlElement {
  if (child(kept, 'type')) return kept;
  return withChildren(
    kept,
    (kept.c ?? []).map((node) =>
      isElement(node) && node.n === 'rest' && node.a?.measure === undefined
        ? withAttributes(node, { ...(node.a ?? {}), measure: 'yes' })
        : node,
    ),
  );
}

/** A kept `<note>` with its printed value: a measure rest's as MusicXML writes one, else its `<type>`. */
function typedKeep(
  kept: XmlElement,
  measureRest: boolean,
  duration: Rational,
  grace: boolean,
): XmlElement {
  return measureRest ? asMeasureRest(kept) : withNoteType(kept, duration, grace);
}

/** Children that the model owns; export writes them from the model. */
/** `<tie>` is kept here, and taken out once the score's ties are settled (see `import-ties.ts`). */
const MODEL_OWNED = new Set(['chord', 'pitch', 'duration', 'voice', 'staff']);

function keepOf(note: XmlElement, invisibleRest: boolean): XmlElement {
  const kept: XmlNode[] = [];
  // Whether the kept children are in schema order already, ranked as `mergeInOrder` ranks them.
  let sorted = true;
  let previous = -1;
  for (const node of note.c ?? []) {
    if (isElement(node)) {
      if (MODEL_OWNED.has(node.n)) continue;
      const rank = NOTE_ORDER[node.n] ?? previous;
      if (rank < previous) sorted = false;
      previous = rank;
      // A leaf (`<type>`, `<stem>`, `<beam>`, ...) is kept as the one every note shares.
      kept.push(keptLeaf(node));
    } else kept.push(node);
  }
  // Kept in schema order, so that writing it back and reading it again gives the same.
  let result = withChildren(note, sorted ? kept : mergeInOrder(NOTE_ORDER, kept, []));
  if (invisibleRest && note.a) {
    const { 'print-object': _hidden, ...others } = note.a;
    result = withAttributes(result, others);
  }
  return result;
}

/**
 * Whether `node`, inside `parent`, holds a value in divisions: an `<offset>`
 * anywhere (in `<direction>`, its `<sound>` and `<listening>`, `<harmony>`,
 * `<figured-bass>`, a `<sound>` between notes, ...), and the `<duration>` of
 * the element kept itself (`<figured-bass>`).
 *
 * @example
 * ```ts
 * inDivisionsElement({ n: 'offset' }, { n: 'sound' }, false); // true
 * ```
 */
export function inDivisionsElement(node: XmlElement, parent: XmlElement, top: boolean): boolean {
  return node.n === 'offset' || (node.n === 'duration' && (top || parent.n === 'figured-bass'));
}

/**
 * Turns every value in divisions inside a kept element (see
 * {@link inDivisionsElement}) into a whole-note fraction (`"r:3/8"`), so
 * export writes it in its own divisions.
 *
 * @throws RangeError for a value too large to hold exactly.
 */
function exactChildren(item: XmlElement, divisions: Rational, top = true): XmlElement {
  if (!item.c?.some(isElement)) return item;
  let changed = false;
  const children = item.c.map((node) => {
    if (!isElement(node)) return node;
    if (inDivisionsElement(node, item, top)) {
      const text = textOf(node);
      const value = parseDecimal(text);
      if (!value) {
        if (isDecimal(text))
          throw new RangeError(`<${node.n}>${text?.trim()}</${node.n}> inside <${item.n}>`);
        return node;
      }
      changed = true;
      const whole = multiplyBy(value, divisions);
      return withChildren(node, [`r:${whole.num}/${whole.den}`]);
    }
    const inner = exactChildren(node, divisions, false);
    if (inner !== node) changed = true;
    return inner;
  });
  return changed ? withChildren(item, children) : item;
}

function multiplyBy(value: Rational, divisions: Rational): Rational {
  // value / (4 * divisions)
  return rational(value.num * divisions.den, value.den * 4 * divisions.num);
}

/** What a note's `<duration>` says. */
type ReadDuration =
  | { readonly kind: 'ok'; readonly duration: Rational }
  | { readonly kind: 'missing' }
  | { readonly kind: 'zero' }
  | { readonly kind: 'bad'; readonly text: string }
  | { readonly kind: 'out-of-range'; readonly text: string };

/** A note's `<duration>` in whole notes (a grace note's is its printed value). */
function readDuration(note: XmlElement, grace: boolean, divisions: Rational): ReadDuration {
  if (grace) return { kind: 'ok', duration: printedValue(note) ?? rational(1, 8) };
  const text = childText(note, 'duration');
  if (text === undefined || text.trim() === '') return { kind: 'missing' };
  const value = parseDecimal(text);
  if (value === undefined)
    return isDecimal(text)
      ? { kind: 'out-of-range', text: text.trim() }
      : { kind: 'bad', text: text.trim() };
  if (value.num < 0) return { kind: 'bad', text: text.trim() };
  if (value.num === 0) return { kind: 'zero' };
  return { kind: 'ok', duration: multiplyBy(value, divisions) };
}

/** How a message names a note: `the note C4`, `a rest`. */
function describeNote(note: XmlElement): string {
  const pitch = child(note, 'pitch');
  if (pitch) {
    const alter = childText(pitch, 'alter');
    const sign =
      alter === '1'
        ? '#'
        : alter === '-1'
          ? 'b'
          : alter === '2'
            ? '##'
            : alter === '-2'
              ? 'bb'
              : '';
    return `the note ${childText(pitch, 'step') ?? '?'}${sign}${childText(pitch, 'octave') ?? '?'}`;
  }
  if (child(note, 'rest')) return 'a rest';
  return 'a note';
}

interface PartState {
  divisions: Rational;
  time: TimeSignature | undefined;
  key: KeySignature;
  clefs: Clef[];
  staves: number;
}

/** Context for problems: the 1-based part. */
export interface ReadPartContext {
  readonly part: number;
  readonly problems: MusicXmlProblem[];
  readonly warnings: MusicXmlProblem[];
}

function readPitch(
  pitch: XmlElement,
  context: ReadPartContext,
  measure: number,
): Pitch | undefined {
  const step = childText(pitch, 'step') ?? '';
  const alterText = childText(pitch, 'alter');
  const alter = alterText === undefined || alterText === '' ? rational(0) : parseDecimal(alterText);
  const octave = Number(childText(pitch, 'octave'));
  const where = placeLabel(context.part, measure);
  if (!STEPS.has(step) || !Number.isInteger(octave)) {
    context.problems.push({
      code: 'unsupported-pitch',
      part: context.part,
      measure,
      message: `${where}a <pitch> without a valid <step> and <octave>. Fix the pitch in the file.`,
    });
    return undefined;
  }
  if (alter?.den !== 1 || alter.num < -2 || alter.num > 2) {
    context.problems.push({
      code: 'unsupported-pitch',
      part: context.part,
      measure,
      message: `${where}the pitch ${step}${octave} has alter ${alterText}, ${alter && alter.den === 1 ? 'more than two sharps or flats' : 'a microtone'}; Scorelane holds only pitches with up to two sharps or flats, in whole semitones. Remove those pitches, or keep the file in a program that supports them.`,
    });
    return undefined;
  }
  if (octave < -1 || octave > 9) {
    context.problems.push({
      code: 'unsupported-pitch',
      part: context.part,
      measure,
      message: `${where}the pitch ${step}${octave} is outside octaves -1 to 9. Move it into that range.`,
    });
    return undefined;
  }
  return { step: step as Step, alter: alter.num as Alter, octave };
}

function unpitched(note: XmlElement): Pitch {
  const holder = child(note, 'unpitched') ?? child(note, 'rest');
  const step = (holder && childText(holder, 'display-step')) || 'B';
  const octave = Number((holder && childText(holder, 'display-octave')) || '4');
  return {
    step: (STEPS.has(step) ? step : 'B') as Step,
    alter: 0,
    octave: Number.isInteger(octave) && octave >= -1 && octave <= 9 ? octave : 4,
  };
}

function tieStart(note: XmlElement): boolean {
  if (childElements(note, 'tie').some((tie) => tie.a?.type === 'start')) return true;
  return childElements(note, 'notations').some((notations) =>
    childElements(notations, 'tied').some(
      (tied) => tied.a?.type === 'start' || tied.a?.type === 'continue',
    ),
  );
}

/**
 * A grace note that leads to a note of its voice on another staff: it moves
 * to that note's lane, and keeps its own `<staff>`, which export writes back.
 */
function onStaff(event: ReadEvent, staff: number): ReadEvent {
  const own = element('staff', {}, [String(staff)]);
  return {
    ...event,
    notes: event.notes.map((note) => ({
      ...note,
      keep: withChildren(note.keep, mergeInOrder(NOTE_ORDER, note.keep.c ?? [], [own])),
    })),
  };
}

/** Chooses the lane of a voice for an event at `onset`: one that has ended by then, or a new overflow lane. */
function laneFor(
  lanes: ReadLane[],
  staff: number,
  voiceId: string,
  onset: Rational,
  overlapped: (staff: number, voiceId: string) => void,
): ReadLane {
  let best: ReadLane | undefined;
  let count = 0;
  for (const lane of lanes) {
    if (lane.staff !== staff || lane.voiceId !== voiceId) continue;
    count++;
    if (compare(lane.end, onset) > 0) continue;
    if (!best || compare(lane.end, best.end) > 0) best = lane;
  }
  if (best) return best;
  if (count > 0) overlapped(staff, voiceId);
  const lane: ReadLane = { staff, voiceId, overflow: count, events: [], end: ZERO };
  lanes.push(lane);
  return lane;
}

function fillTo(lane: ReadLane, onset: Rational): void {
  if (compare(lane.end, onset) < 0) {
    lane.events.push({
      kind: 'space',
      duration: subtract(onset, lane.end),
      grace: false,
      notes: [],
    });
    lane.end = onset;
  }
}

function staffOf(node: XmlElement): number {
  const staff = Number(childText(node, 'staff') ?? '1');
  return Number.isInteger(staff) && staff >= 1 && staff <= MAX_PART_STAVES ? staff : 1;
}

/**
 * Reads every measure of a `<part>`. Problems that refuse the file and
 * warnings go into `context`.
 *
 * @example
 * ```ts
 * const part = readPart(partElement, { part: 1, problems: [], warnings: [] });
 * part.measures[0]?.lanes[0]?.events.length;
 * ```
 */
export function readPart(part: XmlElement, context: ReadPartContext): ReadPart {
  const state: PartState = {
    divisions: rational(1),
    time: undefined,
    key: unstatedKey(0),
    clefs: [],
    staves: 1,
  };
  const measures: ReadMeasure[] = [];
  for (const measureElement of childElements(part, 'measure')) {
    measures.push(readMeasureBestWay(measureElement, measures.length + 1, state, context));
  }
  separateLineNumbers(measures);
  return { measures, staves: state.staves };
}

function copyState(state: PartState): PartState {
  return { ...state, clefs: [...state.clefs] };
}

/**
 * How far a reading of a measure is from adding up: backups before its
 * start, then passes through it (see `shortPasses`) that end early, then
 * voices that end early. A pass counts its closing `<forward>`, which a
 * voice's last note does not: MuseScore ends a voice that stops short with
 * a `<forward>` to the measure's end.
 */
function misfit(measure: ReadMeasure, warnings: readonly MusicXmlProblem[]): number[] {
  const early = measure.lanes.filter((lane) => compare(lane.end, measure.length) < 0).length;
  const backups = warnings.filter((warning) => warning.code === 'backup-before-start').length;
  return [backups, measure.shortPasses, early];
}

/** Whether misfit `a` is less than `b`: the first count that differs decides. */
function fitsBetter(a: readonly number[], b: readonly number[]): boolean {
  const at = a.findIndex((count, index) => count !== b[index]);
  return at >= 0 && a[at]! < b[at]!;
}

/**
 * Reads a measure with its `<duration>`s as written; when it holds tuplet
 * notes whose `<duration>` rounds their printed value (see
 * `printed-value.ts`), and reading those as their printed values adds up
 * better (fewer `<backup>`s before the start, then fewer passes and then
 * voices that end before the measure does), reads them so; and so, without
 * a warning, when both readings add up and the printed one accounts for the
 * measure exactly (`printed-durations.ts`).
 */
function readMeasureBestWay(
  measureElement: XmlElement,
  index: number,
  state: PartState,
  context: ReadPartContext,
): ReadMeasure {
  const before = copyState(state);
  const asWritten: ReadPartContext = { part: context.part, problems: [], warnings: [] };
  const written = readMeasure(measureElement, index, state, asWritten, false);
  let chosen = { measure: written, context: asWritten };
  if (written.roundable > 0) {
    const retryState = copyState(before);
    const retry: ReadPartContext = { part: context.part, problems: [], warnings: [] };
    const printed = readMeasure(measureElement, index, retryState, retry, true);
    if (fitsBetter(misfit(printed, retry.warnings), misfit(written, asWritten.warnings))) {
      Object.assign(state, retryState);
      chosen = { measure: printed, context: retry };
    } else if (printedAccountsExactly(written, printed, retry.warnings)) {
      Object.assign(state, retryState);
      chosen = {
        measure: printed,
        context: { ...retry, warnings: withoutRoundingWarnings(retry.warnings) },
      };
    }
  }
  context.warnings.push(...chosen.context.warnings);
  context.problems.push(...chosen.context.problems);
  return chosen.measure;
}

/** What reading an `<attributes>` reports: problems that refuse the file, and warnings. */
interface AttributeReports {
  readonly refuse: (message: string) => void;
  readonly warn: (code: 'bad-staves' | 'bad-key' | 'bad-time', message: string) => void;
}

function readAttributes(
  attributes: XmlElement,
  state: PartState,
  opening: boolean,
  reports: AttributeReports,
): XmlElement | undefined {
  const { refuse, warn } = reports;
  const kept: XmlNode[] = [];
  for (const node of attributes.c ?? []) {
    if (!isElement(node)) {
      kept.push(node);
      continue;
    }
    switch (node.n) {
      case 'divisions': {
        const text = textOf(node) ?? '';
        const divisions = parseDecimal(text);
        if (divisions && divisions.num > 0) state.divisions = divisions;
        else
          refuse(
            divisions === undefined && isDecimal(text)
              ? `the <divisions> ${text.trim()} is too large, or has too many digits, to hold exactly; every <duration> is counted in divisions. Write a smaller <divisions>.`
              : `the <divisions> "${text.trim()}" is not a positive number; every <duration> is counted in divisions, so none can be read. Write a positive <divisions>.`,
          );
        continue;
      }
      case 'staves': {
        const text = (textOf(node) ?? '').trim();
        const staves = Number(text);
        if (!Number.isInteger(staves) || staves < 1 || staves > MAX_PART_STAVES)
          warn(
            'bad-staves',
            `<staves> "${text}" is not a number of staves from 1 to ${MAX_PART_STAVES} (the most a part holds); the part was given the staves its notes are on instead (${state.staves} so far). Write the part's number of staves.`,
          );
        else if (staves > state.staves) state.staves = staves;
        break;
      }
      case 'time': {
        const number = node.a?.number;
        if (number === undefined || number === '1') {
          const time = readTime(node);
          if (time) state.time = time;
          else if (childElements(node, 'beats').length > 0)
            warn(
              'bad-time',
              `<time> ${childText(node, 'beats') ?? ''}/${childText(node, 'beat-type') ?? ''} is not a time signature (its beats and beat-type must be positive whole numbers); the measure was read in ${state.time ? timeLabel(state.time) : '4/4'}, the time before it. Fix the <time>.`,
            );
        }
        break;
      }
      case 'key': {
        const number = node.a?.number;
        if (number === undefined || number === '1') {
          const key = readKey(node);
          state.key = key ?? unstatedKey(0);
          if (!key)
            warn(
              'bad-key',
              `<fifths> "${childText(node, 'fifths')}" is not a key signature (a whole number of sharps, or of flats when negative, from -${MAX_KEY_FIFTHS} to ${MAX_KEY_FIFTHS}); the key was read as no sharps or flats (every note keeps its own <alter>). Fix the <fifths>.`,
            );
        }
        break;
      }
      case 'clef': {
        if (opening) {
          const staff = Number(node.a?.number ?? '1');
          if (Number.isInteger(staff) && staff >= 1 && staff <= MAX_PART_STAVES)
            state.clefs[staff - 1] = readClef(node);
        }
        break;
      }
    }
    kept.push(node);
  }
  if (!kept.some((node) => isElement(node))) return undefined;
  return withChildren(attributes, kept);
}

function readMeasure(
  measureElement: XmlElement,
  index: number,
  state: PartState,
  context: ReadPartContext,
  unround: boolean,
): ReadMeasure {
  const lanes: ReadLane[] = [];
  const items: ReadItem[] = [];
  let cursor = ZERO;
  let length = ZERO;
  let started = false;
  let openingSeen = false;
  let last: { event: ReadEvent; onset: Rational } | undefined;
  const where = placeLabel(context.part, index);
  /** The `<duration>`s read as the printed value they round (see `printed-value.ts`). */
  const rounded: string[] = [];
  /** Tuplet notes whose `<duration>` rounds their printed value. */
  let roundable = 0;
  /** Where each pass through the measure ended (the cursor at each `<backup>`). */
  const passEnds: Rational[] = [];
  /** Grace notes waiting for the next note of their voice. */
  const graces: { event: ReadEvent; staff: number; voiceId: string; onset: Rational }[] = [];
  /** The lane of a voice on a staff for an event at `onset`, filled up to it. */
  const overlapped = (staff: number, voiceId: string) =>
    context.warnings.push({
      code: 'voice-overlap',
      part: context.part,
      measure: index,
      message: `${where}notes of voice ${voiceId} on staff ${staff} overlap in time; the later ones were moved to a voice of their own. Give overlapping notes different <voice> numbers.`,
    });
  const laneIn = (staff: number, voiceId: string, onset: Rational): ReadLane => {
    const lane = laneFor(lanes, staff, voiceId, onset, overlapped);
    fillTo(lane, onset);
    return lane;
  };
  /** Puts the waiting grace notes of a voice (all of them, with `voiceId` undefined) before its next event. */
  const placeGraces = (lane: ReadLane | undefined, voiceId: string | undefined) => {
    for (let at = 0; at < graces.length; ) {
      const grace = graces[at]!;
      if (voiceId !== undefined && grace.voiceId !== voiceId) {
        at++;
        continue;
      }
      graces.splice(at, 1);
      const target = lane ?? laneIn(grace.staff, grace.voiceId, grace.onset);
      target.events.push(
        target.staff === grace.staff ? grace.event : onStaff(grace.event, grace.staff),
      );
    }
  };
  const clefChanges: ReadClef[] = [];
  const { number: measureNumber, ...measureAttributes } = measureElement.a ?? {};
  const snapshot: {
    opening?: { time: TimeSignature | undefined; key: KeySignature; clefs: Clef[] };
  } = {};
  const begin = () => {
    if (started) return;
    started = true;
    snapshot.opening = { time: state.time, key: state.key, clefs: [...state.clefs] };
  };
  const advance = (to: Rational) => {
    cursor = to;
    if (compare(cursor, length) > 0) length = cursor;
  };
  /** The `<duration>` of a `<backup>` or `<forward>`, or `undefined` (reported) when it cannot move the cursor. */
  const moveBy = (node: XmlElement, name: string): Rational | undefined => {
    const text = childText(node, 'duration') ?? '';
    const value = parseDecimal(text);
    if (value && value.num >= 0) return value;
    if (value === undefined && isDecimal(text)) {
      context.problems.push({
        code: 'number-out-of-range',
        part: context.part,
        measure: index,
        message: `${where}a <${name}> has <duration> ${text.trim()}, too large or with too many digits to hold exactly. Fix its <duration>.`,
      });
      return undefined;
    }
    context.warnings.push({
      code: 'bad-duration',
      part: context.part,
      measure: index,
      message: `${where}a <${name}> has <duration> "${text.trim()}", not a positive number; it was ignored. Fix its <duration>.`,
    });
    return undefined;
  };
  for (const node of measureElement.c ?? []) {
    if (!isElement(node)) continue;
    switch (node.n) {
      case 'note': {
        begin();
        const isChord = child(node, 'chord') !== undefined;
        const grace = child(node, 'grace') !== undefined;
        const restElement = child(node, 'rest');
        const staff = staffOf(node);
        if (staff > state.staves) state.staves = staff;
        const voiceId = childText(node, 'voice') || '1';
        const read = readDuration(node, grace, state.divisions);
        if (read.kind === 'out-of-range') {
          context.problems.push({
            code: 'number-out-of-range',
            part: context.part,
            measure: index,
            message: `${where}${describeNote(node)} has <duration> ${read.text}, too large or with too many digits to hold exactly. Fix its <duration> (in divisions: ${state.divisions.num}${state.divisions.den === 1 ? '' : `/${state.divisions.den}`} to a quarter note).`,
          });
          continue;
        }
        if (read.kind === 'bad') {
          const printed = printedValue(node);
          context.warnings.push({
            code: 'bad-duration',
            part: context.part,
            measure: index,
            message: printed
              ? `${where}${describeNote(node)} has <duration> "${read.text}", not a positive number; it was read from its <type> as ${printed.num}/${printed.den}. Fix its <duration>.`
              : `${where}${describeNote(node)} has <duration> "${read.text}", not a positive number, and no <type>; it was left out. Fix its <duration>.`,
          });
          if (!printed) continue;
        }
        let duration = read.kind === 'ok' ? read.duration : printedValue(node);
        const unrounded =
          read.kind === 'ok' && !grace
            ? roundedFrom(read.duration, node, state.divisions)
            : undefined;
        if (unrounded) roundable++;
        if (unrounded && unround) {
          duration = unrounded;
          rounded.push(childText(node, 'duration')!.trim());
        }
        if (read.kind === 'missing' && duration === undefined) {
          context.warnings.push({
            code: 'missing-duration',
            part: context.part,
            measure: index,
            message: `${where}${describeNote(node)} has no <duration> and no <type>, so its length is unknown; it was left out. Give it a <duration>.`,
          });
          continue;
        }
        let asGrace = grace;
        if (read.kind === 'zero') {
          // A note of zero duration takes no time; it can only be read as a grace note.
          duration = printedValue(node) ?? rational(1, 8);
          if (restElement) {
            // It takes no time, so it is no event: kept where it stands, like an element between notes.
            items.push({
              staff,
              at: cursor,
              x: exactChildren(node, state.divisions),
              start: false,
            });
            continue;
          }
          asGrace = true;
          context.warnings.push({
            code: 'zero-duration',
            part: context.part,
            measure: index,
            message: `${where}${describeNote(node)} has <duration>0</duration> but no <grace/>: it takes no time, so it was read as a grace note (keeping what is on it). Give it a duration, or mark it <grace/>.`,
          });
        }
        if (duration === undefined) continue;
        if (isChord && last && last.event.kind === 'note' && !restElement) {
          const pitch = child(node, 'pitch');
          const read = pitch ? readPitch(pitch, context, index) : unpitched(node);
          if (!read) continue;
          if (compare(duration, last.event.duration) !== 0 && !asGrace) {
            context.warnings.push({
              code: 'chord-duration',
              part: context.part,
              measure: index,
              message: `${where}a chord note lasts ${duration.num}/${duration.den} but its chord ${last.event.duration.num}/${last.event.duration.den}; the chord keeps the first duration. Write chord notes of different lengths in separate voices.`,
            });
          }
          last.event.notes.push({
            pitch: read,
            tie: tieStart(node),
            keep: withNoteType(keepOf(node, false), last.event.duration, last.event.grace),
          });
          continue;
        }
        const onset = isChord && last ? last.onset : cursor;
        let event: ReadEvent;
        // A rest that fills its measure is a measure rest, which MusicXML writes without a <type>.
        const measureRest =
          restElement !== undefined &&
          (restElement.a?.measure === 'yes' ||
            (state.time !== undefined &&
              compare(duration, rational(state.time.beats, state.time.beatType)) === 0));
        if (restElement) {
          const invisible = node.a?.['print-object'] === 'no';
          event = {
            kind: invisible ? 'space' : 'rest',
            duration,
            grace: false,
            notes: [],
            keep: typedKeep(keepOf(node, invisible), measureRest, duration, asGrace),
          };
          if (asGrace) {
            context.warnings.push({
              code: 'grace-rest',
              part: context.part,
              measure: index,
              message: `${where}${describeNote(node)} has <grace/>, and Scorelane holds no grace rests, so it was left out (with what was on it). Remove its <grace/> or the rest.`,
            });
            continue;
          }
        } else {
          const pitch = child(node, 'pitch');
          const read = pitch ? readPitch(pitch, context, index) : unpitched(node);
          if (!read) continue;
          event = {
            kind: 'note',
            duration,
            grace: asGrace,
            notes: [
              {
                pitch: read,
                tie: tieStart(node),
                keep: typedKeep(keepOf(node, false), measureRest, duration, asGrace),
              },
            ],
          };
        }
        last = { event, onset };
        if (asGrace) {
          // A grace note belongs to the next note of its voice, on whichever staff that is.
          graces.push({ event, staff, voiceId, onset });
          break;
        }
        const lane = laneIn(staff, voiceId, onset);
        placeGraces(lane, voiceId);
        lane.events.push(event);
        lane.end = add(onset, duration);
        advance(add(onset, duration));
        break;
      }
      case 'backup': {
        begin();
        const divisions = moveBy(node, 'backup');
        if (!divisions) break;
        passEnds.push(cursor);
        let to = subtract(cursor, multiplyBy(divisions, state.divisions));
        if (to.num < 0) {
          context.warnings.push({
            code: 'backup-before-start',
            part: context.part,
            measure: index,
            message: `${where}a <backup> goes back before the start of the measure; it was read as going back to the start. Shorten the <backup>.`,
          });
          to = ZERO;
        }
        cursor = to;
        break;
      }
      case 'forward': {
        begin();
        const divisions = moveBy(node, 'forward');
        if (!divisions) break;
        advance(add(cursor, multiplyBy(divisions, state.divisions)));
        break;
      }
      case 'attributes': {
        const atOpening = !started;
        // Clefs at the very start of the first measure are the part's clefs, even after a <backup>.
        const partClefs = index === 1 && (atOpening || cursor.num === 0);
        if (!partClefs) {
          for (const clef of childElements(node, 'clef')) {
            const staff = clefStaff(clef);
            if (staff !== undefined && staff <= MAX_PART_STAVES)
              clefChanges.push({ staff, at: cursor, clef: readClef(clef) });
          }
        }
        const kept = readAttributes(node, state, atOpening || partClefs, {
          refuse: (message) =>
            context.problems.push({
              code: 'number-out-of-range',
              part: context.part,
              measure: index,
              message: `${where}${message}`,
            }),
          warn: (code, message) =>
            context.warnings.push({
              code,
              part: context.part,
              measure: index,
              message: `${where}${message}`,
            }),
        });
        if (kept) {
          items.push({ staff: 1, at: cursor, x: kept, start: atOpening && !openingSeen });
          if (atOpening) openingSeen = true;
        }
        break;
      }
      default: {
        items.push({
          staff: staffOf(node),
          at: cursor,
          x: exactChildren(node, state.divisions),
          start: false,
        });
      }
    }
  }
  placeGraces(undefined, undefined);
  passEnds.push(cursor);
  if (rounded.length > 0)
    context.warnings.push({
      code: 'rounded-duration',
      part: context.part,
      measure: index,
      message: `${where}${rounded.length} tuplet note${rounded.length === 1 ? ' has a <duration>' : 's have <duration>s'} (${[...new Set(rounded)].join(', ')}) that ${rounded.length === 1 ? 'rounds its printed value' : 'round their printed values'} to whole divisions; ${rounded.length === 1 ? 'it was' : 'they were'} read as the printed value, as the measure's <backup>s and <forward>s count, and export writes ${rounded.length === 1 ? 'it' : 'them'} exactly, in finer <divisions>.`,
    });
  return {
    roundable,
    shortPasses: passEnds.filter((end) => compare(end, length) < 0).length,
    number: measureNumber,
    attributes: measureAttributes,
    lanes,
    items,
    length,
    time: snapshot.opening ? snapshot.opening.time : state.time,
    key: snapshot.opening ? snapshot.opening.key : state.key,
    clefs: [...state.clefs],
    clefChanges,
  };
}

/** An empty `<attributes>` element, for a measure that needs one and had none. */
export const EMPTY_ATTRIBUTES: XmlElement = element('attributes');
