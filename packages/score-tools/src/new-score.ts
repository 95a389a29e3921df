/**
 * A new, empty score from what a person says they want: parts by instrument
 * name, a time and key, a tempo and a number of measures.
 */
import { type Alter, rational, type Step } from '@scorelane/lanes-seq';
import {
  keySignature,
  MAX_SCORE_MEASURES,
  MAX_SCORE_TEXT,
  type MeasureInfo,
  type PartInfo,
  pickTexts,
  restUnit,
  SCORE_TEXT_FIELDS,
  type ScoreInit,
  type ScoreTexts,
  scoreTextProblem,
  type UnitInit,
} from '@scorelane/score-model';
import { INSTRUMENTS, instrumentNamed } from './instruments.ts';
import { partOfInstrument } from './part-values.ts';

/**
 * What a new score holds. Left out: 4/4, C major, no tempo mark, 16
 * measures.
 *
 * @example
 * ```ts
 * const request: NewScoreRequest = {
 *   parts: ['Violin', 'Viola', 'Cello'], time: '3/4', key: 'D major', tempo: 96, measures: 16,
 * };
 * ```
 */
export interface NewScoreRequest extends ScoreTexts {
  /** Instrument names from the table (`INSTRUMENTS`): `"Violin"`, `"Clarinet in B-flat"`, `"Pno"`. */
  readonly parts: readonly string[];
  /** `"3/4"`, `"6/8"`. */
  readonly time?: string;
  /** `"D major"`, `"F# minor"`, `"Bb"` (major). */
  readonly key?: string;
  /** Quarter notes per minute, written as a tempo mark on the first measure. */
  readonly tempo?: number;
  readonly measures?: number;
}

function parseTime(text: string): MeasureInfo['time'] | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return undefined;
  const beats = Number(match[1]);
  const beatType = Number(match[2]);
  if (beats < 1 || beats > 32 || ![1, 2, 4, 8, 16, 32].includes(beatType)) return undefined;
  return { beats, beatType };
}

function parseKey(text: string): MeasureInfo['key'] | undefined {
  const match = /^\s*([A-Ga-g])(#|b)?\s*(major|minor)?\s*$/i.exec(text);
  if (!match) return undefined;
  const step = match[1]!.toUpperCase() as Step;
  const alter: Alter = match[2] === '#' ? 1 : match[2] === 'b' ? -1 : 0;
  return keySignature({ step, alter }, (match[3] ?? 'major').toLowerCase() as 'major' | 'minor');
}

/** The parts, named as the table names them and numbered when an instrument comes twice (`Violin 1`, `Violin 2`). */
function partsFor(names: readonly string[], problems: string[]): PartInfo[] {
  const instruments = names.map((name) => {
    const instrument = instrumentNamed(name);
    if (!instrument) problems.push(`"${name}" is not an instrument of the table.`);
    return instrument;
  });
  if (names.length === 0) problems.push('A score needs at least one part.');
  return instruments.flatMap((instrument, index) => {
    if (!instrument) return [];
    const same = instruments.filter((other) => other === instrument);
    const number = instruments.slice(0, index + 1).filter((other) => other === instrument).length;
    const name = same.length > 1 ? `${instrument.name} ${number}` : instrument.name;
    return [partOfInstrument(instrument, name)];
  });
}

/**
 * The content of a new score (for `createScore`), or every reason it
 * cannot be made, each with what to give instead.
 *
 * @example
 * ```ts
 * const made = newScore({ parts: ['Violin', 'Cello'], time: '3/4', key: 'D major', tempo: 96 });
 * if (made.ok) createScore(new Y.Doc(), made.init);
 * ```
 */
export function newScore(
  request: NewScoreRequest,
): { ok: true; init: ScoreInit } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const parts = partsFor(request.parts, problems);
  if (problems.length > 0) {
    const known = INSTRUMENTS.map((instrument) => instrument.name).join(', ');
    problems.push(`Name parts from: ${known}.`);
  }
  const time = parseTime(request.time ?? '4/4');
  if (!time) problems.push(`"${request.time}" is not a time signature: give one like 3/4 or 6/8.`);
  const key = parseKey(request.key ?? 'C major');
  if (!key) {
    problems.push(
      `"${request.key}" is not a key with at most seven sharps or flats: give one like "D major" or "F# minor".`,
    );
  }
  const count = request.measures ?? 16;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCORE_MEASURES) {
    problems.push(`${count} measures: give a whole number from 1 to ${MAX_SCORE_MEASURES}.`);
  }
  const tempo = request.tempo;
  if (tempo !== undefined && (!Number.isInteger(tempo) || tempo < 10 || tempo > 400)) {
    problems.push(
      `A tempo of ${tempo}: give quarter notes per minute, a whole number from 10 to 400.`,
    );
  }
  const texts = pickTexts(request);
  for (const field of SCORE_TEXT_FIELDS) {
    const why = texts[field] === undefined ? undefined : scoreTextProblem(texts[field]);
    if (why)
      problems.push(`The ${field} ${why}: give one line of at most ${MAX_SCORE_TEXT} characters.`);
  }
  if (problems.length > 0 || !time || !key) return { ok: false, problems };
  const measures: MeasureInfo[] = Array.from({ length: count }, () => ({ time, key }));
  const units: UnitInit[] = [];
  if (tempo !== undefined) {
    const rest = restUnit(measures[0]!).voices[0]!.events[0]!;
    const marks = [{ kind: 'tempo' as const, beat: rational(1, 4), perMinute: tempo }];
    units.push({
      part: 1,
      staff: 1,
      measure: 1,
      content: { voices: [{ voice: 1, events: [{ ...rest, marks }] }] },
    });
  }
  return { ok: true, init: { ...texts, parts, measures, units } };
}
