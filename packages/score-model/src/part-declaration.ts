/**
 * A part as a score file's `part` directive declares it, and back: name,
 * abbreviation, staves, clefs, MIDI program and transposition.
 */
import type { PartDeclaration } from '@scorelane/lanes-seq';
import { oneLine } from './one-line.ts';
import type { PartInfo } from './score-types.ts';
import {
  isTransposing,
  type Transposition,
  transpositionFromInterval,
  transpositionName,
} from './transposition.ts';

/** `chromatic,diatonic[,octave]`, the form a score file gives when no interval name fits. */
const TRANSPOSE_NUMBERS = /^(-?\d+),(-?\d+)(?:,(-?\d+))?$/;

/** The transposition a `transpose=` value names (`-M2`, or `-3,-1`), as lanes-seq checked it. */
function transpositionOf(text: string): Transposition | undefined {
  const numbers = TRANSPOSE_NUMBERS.exec(text);
  if (!numbers) return transpositionFromInterval(text);
  const octaveChange = Number(numbers[3] ?? 0);
  return {
    chromatic: Number(numbers[1]),
    diatonic: Number(numbers[2]),
    ...(octaveChange !== 0 ? { octaveChange } : {}),
  };
}

/** A transposition as a `transpose=` value: its interval name, else its numbers. */
function transposeText(transposition: Transposition): string {
  const name = transpositionName(transposition);
  if (!name.endsWith('semitones')) return name;
  const { chromatic, diatonic, octaveChange } = transposition;
  return octaveChange ? `${chromatic},${diatonic},${octaveChange}` : `${chromatic},${diatonic}`;
}

/**
 * The part a score file's `part` directive declares.
 *
 * @example
 * ```ts
 * partFromDeclaration({ name: 'Clarinet', staves: 1, clefs: ['treble'], transpose: '-M2' });
 * // { name: 'Clarinet', staves: 1, clefs: ['treble'], transposition: { chromatic: -2, diatonic: -1 } }
 * ```
 */
export function partFromDeclaration(declaration: PartDeclaration): PartInfo {
  const transposition =
    declaration.transpose !== undefined ? transpositionOf(declaration.transpose) : undefined;
  return {
    name: declaration.name,
    ...(declaration.abbreviation !== undefined ? { abbreviation: declaration.abbreviation } : {}),
    staves: declaration.staves,
    clefs: declaration.clefs,
    ...(declaration.program !== undefined ? { program: declaration.program } : {}),
    ...(transposition && isTransposing(transposition) ? { transposition } : {}),
  };
}

/**
 * The `part` directive that declares a part in a score file (names on one line).
 *
 * @example
 * ```ts
 * declarationOfPart({ name: 'Horn in F', staves: 1, clefs: ['treble'], transposition: { chromatic: -7, diatonic: -4 } });
 * // { name: 'Horn in F', staves: 1, clefs: ['treble'], transpose: '-P5' }
 * ```
 */
export function declarationOfPart(info: PartInfo): PartDeclaration {
  const abbreviation = info.abbreviation !== undefined ? oneLine(info.abbreviation).trim() : '';
  return {
    name: oneLine(info.name),
    ...(abbreviation !== '' ? { abbreviation } : {}),
    staves: info.staves,
    clefs: info.clefs,
    ...(info.program !== undefined ? { program: info.program } : {}),
    ...(isTransposing(info.transposition) ? { transpose: transposeText(info.transposition!) } : {}),
  };
}
