/**
 * What the part tools take in words, as the model's values: an instrument
 * of the table as a part, and a transposition written as an interval.
 */
import {
  isTransposing,
  type PartInfo,
  type Problem,
  type Transposition,
  transpositionFromInterval,
} from '@scorelane/score-model';
import { INSTRUMENTS, type Instrument, instrumentNamed } from './instruments.ts';

/**
 * The instrument of the table called `name`, or the problem that there is
 * none, naming every instrument there is.
 *
 * @example
 * ```ts
 * tableInstrument('Vc').ok; // true: the cello
 * ```
 */
export function tableInstrument(
  name: string,
): { ok: true; instrument: Instrument } | { ok: false; problem: Problem } {
  const instrument = instrumentNamed(name);
  if (instrument) return { ok: true, instrument };
  return {
    ok: false,
    problem: {
      code: 'invalid-part',
      message: `"${name}" is not an instrument of the table.`,
      fix: `Name one of: ${INSTRUMENTS.map((known) => known.name).join(', ')}.`,
    },
  };
}

/**
 * The transposition of an instrument of the table (none for one that
 * sounds as written).
 *
 * @example
 * ```ts
 * instrumentTransposition(instrumentNamed('clarinet')!); // { chromatic: -2, diatonic: -1 }
 * ```
 */
export function instrumentTransposition(instrument: Instrument): Transposition | undefined {
  const transposition = transpositionFromInterval(instrument.transposition);
  if (!transposition) throw new Error(`The table's ${instrument.name} has no valid transposition.`);
  return isTransposing(transposition) ? transposition : undefined;
}

/**
 * A new part for an instrument of the table: its name (or the one given),
 * abbreviation, staves, clefs, program and transposition.
 *
 * @example
 * ```ts
 * partOfInstrument(instrumentNamed('cello')!, 'Cello 2').clefs; // ['bass']
 * ```
 */
export function partOfInstrument(instrument: Instrument, name?: string): PartInfo {
  const transposition = instrumentTransposition(instrument);
  return {
    name: name?.trim() || instrument.name,
    abbreviation: instrument.abbreviation,
    staves: instrument.staves,
    clefs: [...instrument.clefs],
    program: instrument.program,
    ...(transposition ? { transposition } : {}),
  };
}

/**
 * A transposition written as an interval from written to sounding pitch
 * (`-M2`; `P1` for none, as `null`), or the problem with it.
 *
 * @example
 * ```ts
 * transpositionArgument('-M2'); // { ok: true, transposition: { chromatic: -2, diatonic: -1 } }
 * ```
 */
export function transpositionArgument(
  text: string,
): { ok: true; transposition: Transposition | null } | { ok: false; problem: Problem } {
  const transposition = transpositionFromInterval(text);
  if (!transposition)
    return {
      ok: false,
      problem: {
        code: 'invalid-interval',
        message: `"${text}" is not a transposition.`,
        fix: 'Give the interval from written to sounding pitch, e.g. "-M2" (B-flat clarinet), "-P8" (double bass), "P1" (none).',
      },
    };
  return { ok: true, transposition: isTransposing(transposition) ? transposition : null };
}
