/**
 * Applying a plan: every write in one transaction, after checking that
 * nothing it touches changed since it was planned.
 */
import { encodeMeasure, encodeUnit } from './codec.ts';
import { entryId, freshIds, unitKey } from './layout.ts';
import { writePart } from './part-writes.ts';
import { noScore } from './plan-support.ts';
import type { ScorePlan } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import { currentRevision, decodeRevision, isRevisionOf } from './revision.ts';
import type { Score } from './score.ts';
import { type ScoreView, viewScore } from './score-view.ts';
import { findStale } from './staleness.ts';

/**
 * What applying a plan changed.
 *
 * @example
 * ```ts
 * const applied = apply(score, planned.plan);
 * if (applied.ok) console.log(applied.revision, applied.range); // 'r1.…' { start: 3, end: 4 }
 * ```
 */
export interface ApplyOutput {
  /** The revision after the write. */
  readonly revision: string;
  /** The measures changed, 1-based inclusive. */
  readonly range: { readonly start: number; readonly end: number };
  readonly parts: readonly number[];
}

/** Throws, before anything is written, when a plan's writes do not fit the score (a plan made for another score). */
function checkWrites(view: ScoreView, plan: ScorePlan): void {
  let count = view.measureCount;
  const parts = view.parts;
  let partCount = parts.length;
  const misfit = (what: string) => {
    throw new Error(
      `This plan does not fit this score (${what}); make plans with this score's planners.`,
    );
  };
  for (const write of plan.writes) {
    switch (write.op) {
      case 'insert-measures':
        if (write.at < 1 || write.at > count + 1) misfit(`insert at m${write.at}`);
        count += write.infos.length;
        break;
      case 'delete-measures':
        if (write.start < 1 || write.end > count || write.end < write.start)
          misfit(`delete m${write.start}-m${write.end}`);
        count -= write.end - write.start + 1;
        break;
      case 'measure':
        if (write.measure < 1 || write.measure > count) misfit(`m${write.measure}`);
        break;
      case 'text':
        break;
      case 'insert-part':
        if (write.at < 1 || write.at > partCount + 1) misfit(`a part at ${write.at}`);
        partCount++;
        break;
      case 'delete-part':
      case 'part':
        if (write.part < 1 || write.part > partCount) misfit(`P${write.part}`);
        if (write.op === 'delete-part') partCount--;
        else if (write.info.staves !== parts[write.part - 1]?.info.staves)
          misfit(`P${write.part} with other staves`);
        break;
      case 'move-part':
        if (write.from < 1 || write.from > partCount || write.to < 1 || write.to > partCount)
          misfit(`P${write.from} to ${write.to}`);
        break;
      case 'unit': {
        const part = parts[write.part - 1];
        if (!part || write.staff < 1 || write.staff > part.info.staves)
          misfit(`P${write.part} s${write.staff}`);
        if (write.measure < 1 || write.measure > count) misfit(`m${write.measure}`);
        break;
      }
    }
  }
}

/**
 * Applies a plan in one Yjs transaction with the score's origin. If a unit
 * or measure the plan touches changed since it was planned (a remote edit
 * arrived in between), it writes nothing and returns `stale` problems: plan
 * again and retry.
 *
 * @throws Error when the plan was not made for this score (its basis is not
 *   a revision, or its writes name parts, staves or measures the score does
 *   not have); nothing is written then.
 * @example
 * ```ts
 * const planned = plan(score, request);
 * if (planned.ok) {
 *   const applied = apply(score, planned.plan);
 *   if (applied.ok) console.log(applied.revision);
 * }
 * ```
 */
export function apply(score: Score, plan: ScorePlan): Result<ApplyOutput> {
  const seen = decodeRevision(plan.basis);
  if (!seen) throw new Error('This plan has no valid basis revision; make plans with plan().');
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  if (!isRevisionOf(seen, entryId(view.types.meta, 'format'))) {
    return {
      ok: false,
      problems: [
        {
          code: 'invalid-revision',
          message:
            'This plan was made for another score (its revision was not given out for this one).',
          fix: "Plan the change again with this score's planners.",
        },
      ],
    };
  }
  const problems: Problem[] = findStale(view, seen, plan.basis, plan.targets);
  if (
    view.measureCount !== plan.measureCount &&
    (plan.addedMeasures > 0 || plan.removedMeasures > 0)
  ) {
    problems.push({
      code: 'stale',
      message: `The score has ${view.measureCount} measures now, not the ${plan.measureCount} this plan was made for.`,
      fix: 'Plan the change again against the score as it is now.',
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  checkWrites(view, plan);
  const { doc } = score;
  const { types } = view;
  doc.transact(() => {
    for (const write of plan.writes) {
      switch (write.op) {
        case 'insert-measures': {
          const ids = freshIds(doc, 'm', write.infos.length);
          write.infos.forEach((info, index) => {
            types.measures.set(ids[index]!, encodeMeasure(info));
          });
          types.measureOrder.insert(write.at - 1, ids);
          break;
        }
        case 'delete-measures': {
          const ids = types.measureOrder.slice(write.start - 1, write.end);
          types.measureOrder.delete(write.start - 1, ids.length);
          for (const id of ids) types.measures.delete(id);
          const partIds = types.partOrder.toArray();
          for (const partId of partIds) {
            const staves = types.parts.get(partId)?.staves ?? 0;
            for (const id of ids) {
              for (let staff = 1; staff <= staves; staff++)
                types.units.delete(unitKey(partId, staff, id));
            }
          }
          break;
        }
        case 'insert-part':
        case 'delete-part':
        case 'part':
        case 'move-part':
          writePart(types, doc, write);
          break;
        case 'text':
          if (write.value === '') types.meta.delete(write.field);
          else types.meta.set(write.field, write.value);
          break;
        case 'measure': {
          const id = types.measureOrder.get(write.measure - 1);
          types.measures.set(id, encodeMeasure(write.info));
          break;
        }
        case 'unit': {
          const partId = types.partOrder.get(write.part - 1);
          const measureId = types.measureOrder.get(write.measure - 1);
          types.units.set(unitKey(partId, write.staff, measureId), encodeUnit(write.content));
          break;
        }
      }
    }
  }, score.origin);
  return {
    ok: true,
    revision: currentRevision(score),
    range: plan.range,
    parts: plan.parts,
  };
}
