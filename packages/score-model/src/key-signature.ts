/**
 * Key signatures from a tonic and a mode.
 */
import type { Step } from '@scorelane/lanes-seq';
import type { KeySignature, Tonic } from './score-types.ts';

/** Position of each natural major key on the circle of fifths, C = 0. */
const MAJOR_FIFTHS: Readonly<Record<Step, number>> = { F: -1, C: 0, G: 1, D: 2, A: 3, E: 4, B: 5 };

/**
 * The key signature of a tonic and mode, or `undefined` when it would need
 * more than seven sharps or flats (`D# major`).
 *
 * @example
 * ```ts
 * keySignature({ step: 'B', alter: -1 }, 'major')?.fifths; // -2
 * keySignature({ step: 'E', alter: 0 }, 'minor')?.fifths;  // 1
 * ```
 */
export function keySignature(tonic: Tonic, mode: 'major' | 'minor'): KeySignature | undefined {
  const fifths = MAJOR_FIFTHS[tonic.step] + 7 * tonic.alter - (mode === 'minor' ? 3 : 0);
  if (fifths < -7 || fifths > 7) return undefined;
  return { tonic: { step: tonic.step, alter: tonic.alter }, mode, fifths };
}

/**
 * Names a key as an agent reads it: `G major`, `F# minor`, `Bb major`; a
 * key whose source gave no mode by its signature alone (`no sharps or
 * flats`, `1 sharp`, `3 flats`), so no mode is claimed that the file does
 * not give.
 *
 * @example
 * ```ts
 * formatKey(keySignature({ step: 'F', alter: 1 }, 'minor')!); // "F# minor"
 * formatKey({ tonic: { step: 'D', alter: 0 }, mode: 'major', fifths: 2, modeUnstated: true }); // "2 sharps"
 * ```
 */
export function formatKey(key: KeySignature): string {
  if (key.modeUnstated) return signatureWords(key.fifths);
  const accidental = ['bb', 'b', '', '#', '##'][key.tonic.alter + 2];
  return `${key.tonic.step}${accidental} ${key.mode}`;
}

/** `no sharps or flats`, `1 sharp`, `2 flats`. */
function signatureWords(fifths: number): string {
  if (fifths === 0) return 'no sharps or flats';
  const count = Math.abs(fifths);
  const kind = fifths > 0 ? 'sharp' : 'flat';
  return `${count} ${kind}${count === 1 ? '' : 's'}`;
}
