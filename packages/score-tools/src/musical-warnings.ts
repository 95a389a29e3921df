/**
 * Musical warnings for what a plan writes: notes outside the usual range of
 * the part's instrument, voices that cross, and voices a rewrite removed.
 * They never block a write; they tell the model what a musician would
 * question.
 */
import {
  add,
  type Clef,
  compare,
  formatPitch,
  type LaneEvent,
  midiNumber,
  type Pitch,
  parse,
  type Rational,
  ZERO,
} from '@scorelane/lanes-seq';
import { clefEnteringReader, type Score, type ScorePlan, scoreTypes } from '@scorelane/score-model';
import { rangeInClef, type WrittenRange } from './clef-ranges.ts';
import { instrumentFor } from './instrument-ranges.ts';
import type { MusicalWarning } from './write-output.ts';

/** Warnings listed per call at most; the rest are counted in one more line. */
export const MAX_WARNINGS = 20;

type UnitWrite = Extract<ScorePlan['writes'][number], { op: 'unit' }>;

/**
 * Every warning about the units `plan` writes, at most {@link MAX_WARNINGS}.
 *
 * @example
 * ```ts
 * musicalWarnings(score, planned.plan);
 * // [{ code: 'outside-usual-range', unit: 'P1 s1 v1 m2', message: 'C3 is below the usual range of a violin (G3-A7); check the octave.' }]
 * ```
 */
export function musicalWarnings(score: Score, plan: ScorePlan): MusicalWarning[] {
  const instruments = partInstruments(score);
  let reader: EnteringClef | undefined;
  // The clefs entering the written measures are read only for a part with a known instrument.
  const entering: EnteringClef = (part, staff, measure) => {
    reader ??= clefEnteringReader(score);
    return reader(part, staff, measure);
  };
  // Read from the units as they were only when a write has voices that cross.
  let crossed: Set<string> | undefined;
  const crossedBefore = (key: string) => {
    crossed ??= crossingsBefore(plan);
    return crossed.has(key);
  };
  const warnings: MusicalWarning[] = [];
  for (const write of plan.writes) {
    if (write.op !== 'unit') continue;
    warnings.push(...rangeWarnings(entering, write, instruments(write.part)));
    warnings.push(...crossingWarnings(write, crossedBefore));
  }
  warnings.push(...removedVoiceWarnings(plan));
  return capWarnings(warnings);
}

/**
 * At most {@link MAX_WARNINGS}, the last counting the rest. A removed voice
 * is lost music, so those warnings are kept before any range or crossing one.
 */
function capWarnings(warnings: MusicalWarning[]): MusicalWarning[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  const removed = warnings.filter((warning) => warning.code === 'voice-removed');
  const others = warnings.filter((warning) => warning.code !== 'voice-removed');
  const kept = [...removed, ...others].slice(0, MAX_WARNINGS - 1);
  const keptSet = new Set(kept);
  const listed = warnings.filter((warning) => keptSet.has(warning));
  const omitted = warnings.find((warning) => !keptSet.has(warning))!;
  const more = warnings.length - listed.length;
  return [
    ...listed,
    { code: omitted.code, unit: '…', message: `… and ${more} more warnings like these.` },
  ];
}

type Instrument = ReturnType<typeof instrumentFor>;

/** Instruments by part name, as `instrumentFor` finds them (at most a few hundred names kept). */
const instrumentsByName = new Map<string, Instrument>();

/**
 * The instrument of a part by its 1-based number, looked up once per part a
 * plan writes (a rewrite of one part reads one part's name, not every part's).
 */
function partInstruments(score: Score): (part: number) => Instrument {
  const types = scoreTypes(score.doc);
  const byPart = new Map<number, Instrument>();
  return (part) => {
    if (byPart.has(part)) return byPart.get(part);
    const id = types.partOrder.get(part - 1);
    const name = (id === undefined ? undefined : types.parts.get(id)?.name) ?? '';
    let instrument = instrumentsByName.get(name);
    if (instrument === undefined && !instrumentsByName.has(name)) {
      instrument = instrumentFor(name);
      if (instrumentsByName.size >= 256) instrumentsByName.clear();
      instrumentsByName.set(name, instrument);
    }
    byPart.set(part, instrument);
    return instrument;
  };
}

function pitchesOf(event: LaneEvent): readonly Pitch[] {
  if (event.kind === 'note') return [event.pitch];
  if (event.kind === 'chord') return event.notes.map((note) => note.pitch);
  return [];
}

/** Reads the clef entering a measure of a staff (`clefEnteringReader`). */
type EnteringClef = (part: number, staff: number, measure: number) => Clef;

/** The clef in force at each onset of a unit a plan writes: the clefs it holds, after the one entering its measure. */
function clefAtOnset(enteringClef: EnteringClef, write: UnitWrite): (onset: Rational) => Clef {
  const entering = enteringClef(write.part, write.staff, write.measure);
  const changes = write.content.clefs ?? [];
  return (onset) => {
    let clef = entering;
    for (const change of changes) if (compare(change.onset, onset) <= 0) clef = change.clef;
    return clef;
  };
}

function rangeWarnings(
  entering: EnteringClef,
  write: UnitWrite,
  instrument: Instrument,
): MusicalWarning[] {
  if (!instrument) return [];
  const clefAt = clefAtOnset(entering, write);
  // A unit without clef changes reads every onset in the clef entering it.
  const throughout =
    (write.content.clefs ?? []).length === 0 ? rangeInClef(instrument, clefAt(ZERO)) : undefined;
  const warnings: MusicalWarning[] = [];
  for (const voice of write.content.voices) {
    const unit = `P${write.part} s${write.staff} v${voice.voice} m${write.measure}`;
    const outside = new Map<string, { side: 'below' | 'above'; range: WrittenRange }>();
    let onset = ZERO;
    for (const event of voice.events) {
      const range = throughout ?? rangeInClef(instrument, clefAt(onset));
      for (const pitch of pitchesOf(event)) {
        const midi = midiNumber(pitch);
        if (midi < range.lowMidi) outside.set(formatPitch(pitch), { side: 'below', range });
        if (midi > range.highMidi) outside.set(formatPitch(pitch), { side: 'above', range });
      }
      if (throughout === undefined && !event.grace) onset = add(onset, event.duration);
    }
    for (const [pitch, { side, range }] of outside) {
      warnings.push({
        code: 'outside-usual-range',
        unit,
        message: `${pitch} is ${side} the usual range of a ${instrument.name} (${range.low}-${range.high}${range.clef ? ` in ${range.clef}` : ''}); check the octave.`,
      });
    }
  }
  return warnings;
}

/** The sounding (lowest, highest) MIDI numbers of a voice at each onset, onsets as whole-note floats. */
function soundingSpans(
  events: readonly LaneEvent[],
): { at: number; end: number; low: number; high: number }[] {
  const spans: { at: number; end: number; low: number; high: number }[] = [];
  let at = 0;
  for (const event of events) {
    if (event.grace) continue;
    const length = event.duration.num / event.duration.den;
    const midis = pitchesOf(event).map(midiNumber);
    if (midis.length > 0) {
      spans.push({ at, end: at + length, low: Math.min(...midis), high: Math.max(...midis) });
    }
    at += length;
  }
  return spans;
}

/**
 * The crossings each unit a plan replaces held before it (`P1 s1 m2 v1/v2`),
 * read from the canonical text of the unit as it was: a crossing the score
 * already had is the composer's, not the edit's, and is not warned about.
 */
function crossingsBefore(plan: ScorePlan): Set<string> {
  const crossed = new Set<string>();
  for (const change of plan.changes) {
    if (!change.before) continue;
    const parsed = parse(change.before);
    if (!parsed.ok) continue;
    const byVoice = new Map<number, readonly LaneEvent[]>();
    for (const lane of parsed.document.lanes) byVoice.set(lane.voice, lane.events);
    for (const pair of crossingPairs([...byVoice].map(([voice, events]) => ({ voice, events })))) {
      crossed.add(`${change.unit} ${pair.key}`);
    }
  }
  return crossed;
}

/** Every pair of voices (lower number first) where the higher-numbered one sounds above, and where. */
function crossingPairs(
  unsorted: readonly { readonly voice: number; readonly events: readonly LaneEvent[] }[],
): { key: string; a: number; b: number; crossing: string }[] {
  const voices = [...unsorted].sort((x, y) => x.voice - y.voice);
  const pairs: { key: string; a: number; b: number; crossing: string }[] = [];
  for (let upper = 0; upper < voices.length; upper++) {
    for (let lower = upper + 1; lower < voices.length; lower++) {
      const crossing = firstCrossing(voices[upper]!.events, voices[lower]!.events);
      if (crossing === undefined) continue;
      const a = voices[upper]!.voice;
      const b = voices[lower]!.voice;
      pairs.push({ key: `v${a}/v${b}`, a, b, crossing });
    }
  }
  return pairs;
}

function crossingWarnings(
  write: UnitWrite,
  crossedBefore: (key: string) => boolean,
): MusicalWarning[] {
  const unit = `P${write.part} s${write.staff} m${write.measure}`;
  const warnings: MusicalWarning[] = [];
  for (const { key, a, b, crossing } of crossingPairs(write.content.voices)) {
    if (crossedBefore(`${unit} ${key}`)) continue;
    warnings.push({
      code: 'voices-cross',
      unit,
      message: `Voice ${b} sounds above voice ${a} ${crossing}; voice ${a} is usually the upper one. Swap the notes between the voices if that is not meant.`,
    });
  }
  return warnings;
}

/** Where the lower-numbered voice sounds below the higher-numbered one, as text, if anywhere. */
function firstCrossing(
  upper: readonly LaneEvent[],
  lower: readonly LaneEvent[],
): string | undefined {
  const lowerSpans = soundingSpans(lower);
  for (const top of soundingSpans(upper)) {
    for (const bottom of lowerSpans) {
      const overlap = top.at < bottom.end && bottom.at < top.end;
      if (overlap && bottom.high > top.low) {
        return formatPlace(Math.max(top.at, bottom.at));
      }
    }
  }
  return undefined;
}

function formatPlace(wholes: number): string {
  if (wholes === 0) return 'at the start of the measure';
  return `${Math.round(wholes * 1000) / 1000} of a whole note into the measure`;
}

function removedVoiceWarnings(plan: ScorePlan): MusicalWarning[] {
  const warnings: MusicalWarning[] = [];
  for (const change of plan.changes) {
    if (change.reason !== 'rewrite' || change.before === '') continue;
    const before = voicesIn(change.before);
    const after = voicesIn(change.after);
    for (const voice of before) {
      if (after.has(voice)) continue;
      warnings.push({
        code: 'voice-removed',
        unit: change.unit,
        message: `Voice ${voice} of ${change.unit} was removed: a rewritten staff keeps only the voices your text writes. To keep it, write its lane too.`,
      });
    }
  }
  return warnings;
}

const LANE_HEADER = /^P\d+ s\d+ v(\d+) m\d+:/gm;

/**
 * The voices of canonical lanes-seq text, read from its lane headers (one
 * `exec` loop: a quarter of the cost of spreading `matchAll` into a list).
 */
function voicesIn(text: string): Set<number> {
  const voices = new Set<number>();
  LANE_HEADER.lastIndex = 0;
  for (let header = LANE_HEADER.exec(text); header !== null; header = LANE_HEADER.exec(text)) {
    voices.add(Number(header[1]));
  }
  return voices;
}
