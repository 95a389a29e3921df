/**
 * Which time signatures a score can hold: 1 to 64 beats of a power-of-two
 * beat type up to 64.
 */
import type { Problem } from './problem.ts';
import type { TimeSignature } from './score-types.ts';

const BEAT_TYPES = new Set([1, 2, 4, 8, 16, 32, 64]);

/**
 * The problem with `time`, or none.
 *
 * @example
 * ```ts
 * timeSignatureProblems({ beats: 3, beatType: 5 }); // [{ code: 'invalid-signature', ... }]
 * ```
 */
export function timeSignatureProblems(time: TimeSignature): Problem[] {
  const { beats, beatType } = time;
  if (Number.isInteger(beats) && beats >= 1 && beats <= 64 && BEAT_TYPES.has(beatType)) return [];
  return [
    {
      code: 'invalid-signature',
      message: `${beats}/${beatType} is not a time signature this score can hold.`,
      fix: 'Use 1 to 64 beats of a power-of-two beat type up to 64: 4/4, 3/8, 7/16.',
    },
  ];
}
