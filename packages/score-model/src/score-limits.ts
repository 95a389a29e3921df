/**
 * The most a score may hold: how many measures and how long. Readers refuse
 * a file past them, and planners refuse a change that would pass them, so a
 * score that was saved can always be opened again.
 */
import { measureLength } from './measure-length.ts';
import type { PlannedWrite } from './plan-types.ts';
import type { Problem } from './problem.ts';
import type { MeasureInfo } from './score-types.ts';
import type { ScoreView } from './score-view.ts';

/**
 * The longest a score may last, in quarter notes: 65,536, so that MIDI export
 * can time it at its finest resolution (32,767 ticks per quarter) within
 * 2^31 ticks. A four-hour opera at 60 quarters a minute lasts 14,400.
 *
 * @example
 * ```ts
 * MAX_SCORE_QUARTERS; // 65536
 * ```
 */
export const MAX_SCORE_QUARTERS = 65_536;

/**
 * The most measures a score may have: 16,384, several times the longest
 * real score (a Wagner act has about 2,000), and few enough that reading,
 * planning and exporting one stays fast.
 *
 * @example
 * ```ts
 * MAX_SCORE_MEASURES; // 16384
 * ```
 */
export const MAX_SCORE_MEASURES = 16_384;

/**
 * Why a score of these measures is past {@link MAX_SCORE_MEASURES} or
 * {@link MAX_SCORE_QUARTERS}, as a sentence naming the measure that passes
 * it, or `undefined` when it is within both.
 *
 * @example
 * ```ts
 * scoreLengthExcess(Array(20_000).fill(info)); // 'The score would have 20000 measures, ...'
 * ```
 */
export function scoreLengthExcess(measures: readonly MeasureInfo[]): string | undefined {
  if (measures.length > MAX_SCORE_MEASURES) {
    return `${measures.length} measures, more than the ${MAX_SCORE_MEASURES} a score may have`;
  }
  let quarters = 0;
  for (const [index, info] of measures.entries()) {
    const length = measureLength(info);
    quarters += (length.num * 4) / length.den;
    if (quarters > MAX_SCORE_QUARTERS) {
      return `more than ${MAX_SCORE_QUARTERS} quarter notes (it passes that in measure ${index + 1}), longer than a score may last`;
    }
  }
  return undefined;
}

/**
 * The measures a score would have after `writes`, from the measures it has.
 *
 * @example
 * ```ts
 * measuresAfter(infos, [{ op: 'insert-measures', at: 2, infos: [info] }]).length; // infos.length + 1
 * ```
 */
export function measuresAfter(
  measures: readonly MeasureInfo[],
  writes: readonly PlannedWrite[],
): MeasureInfo[] {
  const after = [...measures];
  for (const write of writes) {
    if (write.op === 'insert-measures') after.splice(write.at - 1, 0, ...write.infos);
    else if (write.op === 'delete-measures')
      after.splice(write.start - 1, write.end - write.start + 1);
    else if (write.op === 'measure') after[write.measure - 1] = write.info;
  }
  return after;
}

/**
 * The problem of a plan whose writes would take the score past
 * {@link MAX_SCORE_MEASURES} or {@link MAX_SCORE_QUARTERS} (which no reader
 * would open again), or none.
 *
 * @example
 * ```ts
 * const problems = scoreLimitProblems(viewScore(score), writes);
 * if (problems.length > 0) return { ok: false, problems };
 * ```
 */
export function scoreLimitProblems(view: ScoreView, writes: readonly PlannedWrite[]): Problem[] {
  if (!writes.some((write) => write.op !== 'unit')) return [];
  const measures: MeasureInfo[] = [];
  for (let index = 1; index <= view.measureCount; index++) {
    const entry = view.measure(index);
    if (entry) measures.push(entry.info);
  }
  const excess = scoreLengthExcess(measuresAfter(measures, writes));
  if (excess === undefined) return [];
  return [
    {
      code: 'score-too-long',
      message: `The change would give the score ${excess}; a file that long could not be opened again.`,
      fix: `Keep the score within ${MAX_SCORE_MEASURES} measures and ${MAX_SCORE_QUARTERS} quarter notes: insert fewer or shorter measures, or split the score into several files.`,
    },
  ];
}
