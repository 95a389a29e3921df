/**
 * Whether two measures are under the same time or key signature: the one
 * test the planners, the reads and the score info share.
 */
import type { KeySignature, TimeSignature } from './score-types.ts';

/**
 * Whether two time signatures are the same.
 *
 * @example
 * ```ts
 * sameTime({ beats: 3, beatType: 4 }, { beats: 6, beatType: 8 }); // false
 * ```
 */
export function sameTime(a: TimeSignature, b: TimeSignature): boolean {
  return a.beats === b.beats && a.beatType === b.beatType;
}

/**
 * Whether two keys are the same: tonic and mode (the signature follows from
 * them), and whether the mode was stated (setting `C major` over a file's
 * "no sharps or flats" states it, so it is a change).
 *
 * @example
 * ```ts
 * sameKey(keySignature({ step: 'A', alter: 0 }, 'minor')!, keySignature({ step: 'C', alter: 0 }, 'major')!); // false
 * ```
 */
export function sameKey(a: KeySignature, b: KeySignature): boolean {
  return (
    a.tonic.step === b.tonic.step &&
    a.tonic.alter === b.tonic.alter &&
    a.mode === b.mode &&
    (a.modeUnstated ?? false) === (b.modeUnstated ?? false)
  );
}
