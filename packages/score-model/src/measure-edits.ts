/**
 * Inserting and deleting measures, as plans: a dry run shows what moves,
 * what is dropped and which ties are repaired; `apply` writes it.
 */

import { appendAll } from './append.ts';
import { carryClefsPastDeletion } from './clef-carry.ts';
import { attachmentsOfUnit, describeLosses, type LostAttachment } from './dropped-marks.ts';
import { restUnit } from './measure-length.ts';
import { allUnits, noScore, revisionProblems, span, unitChange } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, TieRepair, UnitChange } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import { currentRevision } from './revision.ts';
import type { Score } from './score.ts';
import { scoreLimitProblems } from './score-limits.ts';
import type { MeasureInfo, ScoreEvent } from './score-types.ts';
import { type ScoreView, viewScore } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { repairTiesOut } from './tie-repair.ts';

/**
 * Insert `count` empty measures before measure `at` (1-based; one past the last appends).
 *
 * @example
 * ```ts
 * const request: InsertMeasuresRequest = { at: 9, count: 4 };
 * ```
 */
export interface InsertMeasuresRequest {
  readonly at: number;
  readonly count: number;
  /** Signatures of the new measures; left out, those of the measure before (no pickup). */
  readonly info?: MeasureInfo;
  readonly revision?: string;
}

/**
 * Delete measures `start`-`end`, 1-based inclusive.
 *
 * @example
 * ```ts
 * const request: DeleteMeasuresRequest = { start: 5, end: 6, revision: read.revision };
 * ```
 */
export interface DeleteMeasuresRequest {
  readonly start: number;
  readonly end: number;
  readonly revision?: string;
}

/** Ties out of measure `before` repaired against the events that will follow it. */
function repairBefore(
  view: ScoreView,
  before: number,
  follower: (part: number, staff: number, voice: number) => readonly ScoreEvent[],
  landing: string,
  why: string,
): { writes: PlannedWrite[]; changes: UnitChange[]; repairs: TieRepair[]; refs: UnitRef[] } {
  const result = {
    writes: [] as PlannedWrite[],
    changes: [] as UnitChange[],
    repairs: [] as TieRepair[],
    refs: [] as UnitRef[],
  };
  if (before < 1) return result;
  for (const ref of allUnits(view, [before])) {
    const unit = view.unit(ref.part, ref.staff, ref.measure)!;
    const repair = repairTiesOut(
      ref.part,
      ref.staff,
      before,
      unit.content,
      (voice) => follower(ref.part, ref.staff, voice),
      landing,
      () => why,
    );
    if (!repair) continue;
    result.writes.push({ op: 'unit', ...ref, content: repair.content });
    result.changes.push(unitChange(ref, unit.content, repair.content, 'tie-repair'));
    appendAll(result.repairs, repair.repairs);
    result.refs.push(ref);
  }
  return result;
}

function eventsOf(
  view: ScoreView,
  part: number,
  staff: number,
  measure: number,
  voice: number,
): readonly ScoreEvent[] {
  return (
    view.unit(part, staff, measure)?.content.voices.find((v) => v.voice === voice)?.events ?? []
  );
}

function emptyPlan(kind: ScorePlan['kind'], score: Score, view: ScoreView) {
  return {
    kind,
    basis: currentRevision(score),
    measureCount: view.measureCount,
    parts: view.parts.map((part) => part.index),
    tuplets: [],
    splits: [],
  };
}

/**
 * Plans inserting empty measures. Each new (part, staff) holds a rest filling
 * the measure; a tie into the old measure at `at` no longer lands and is
 * repaired.
 *
 * @example
 * ```ts
 * const planned = planInsertMeasures(score, { at: 3, count: 2 });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planInsertMeasures(
  score: Score,
  request: InsertMeasuresRequest,
): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const count = view.measureCount;
  const problems: Problem[] = [];
  if (!Number.isInteger(request.at) || request.at < 1 || request.at > count + 1) {
    problems.push({
      code: 'invalid-range',
      message: `Measures can be inserted before m1 to m${count + 1}, not before m${request.at}.`,
      fix: `Insert at a measure between 1 and ${count + 1}.`,
    });
  }
  if (!Number.isInteger(request.count) || request.count < 1 || request.count > 1000) {
    problems.push({
      code: 'invalid-range',
      message: `${request.count} is not a number of measures to insert.`,
      fix: 'Insert 1 to 1000 measures.',
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const template = view.measure(Math.max(1, request.at - 1))!.info;
  const info: MeasureInfo = request.info ?? { time: template.time, key: template.key };
  const repaired = repairBefore(
    view,
    request.at - 1,
    () => [{ kind: 'rest', duration: { num: 1, den: 1 }, grace: false }],
    `m${request.at}`,
    'which is now a new empty measure that does not hold',
  );
  const targets = {
    units: repaired.refs,
    measures: request.at > 1 ? [request.at - 1] : [],
    lastIndex: request.at,
  };
  const stale = revisionProblems(view, request.revision, targets);
  if (stale.length > 0) return { ok: false, problems: stale };
  const newMeasures = span(request.at, request.at + request.count - 1);
  const insert: PlannedWrite = {
    op: 'insert-measures',
    at: request.at,
    infos: newMeasures.map(() => info),
  };
  const tooLong = scoreLimitProblems(view, [insert]);
  if (tooLong.length > 0) return { ok: false, problems: tooLong };
  const created = allUnits(view, newMeasures);
  // apply re-checks every unit of the measure before: whether its ties were
  // repaired was decided on it, so an edit there since must refuse the plan.
  const planTargets = {
    ...targets,
    units: [...targets.units, ...allUnits(view, request.at > 1 ? [request.at - 1] : [])],
  };
  return {
    ok: true,
    plan: {
      ...emptyPlan('insert-measures', score, view),
      // The measure before is in the range when a tie out of it was repaired.
      range: {
        start: repaired.changes.length > 0 ? request.at - 1 : request.at,
        end: request.at + request.count - 1,
      },
      addedMeasures: request.count,
      removedMeasures: 0,
      changes: [
        ...repaired.changes,
        ...created.map((ref) => unitChange(ref, undefined, restUnit(info), 'new-measure')),
      ],
      repairs: repaired.repairs,
      dropped: [],
      writes: [
        ...repaired.writes,
        insert,
        ...created.map((ref): PlannedWrite => ({ op: 'unit', ...ref, content: restUnit(info) })),
      ],
      targets: planTargets,
    },
  };
}

/**
 * Plans deleting measures. Their units and whatever rides on them are
 * dropped (and listed); a tie from the measure before into the deleted ones
 * that does not land on the measure after them is repaired; a clef change
 * inside them moves to the measure after them, which keeps its clef.
 *
 * @example
 * ```ts
 * const planned = planDeleteMeasures(score, { start: 5, end: 6 });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planDeleteMeasures(
  score: Score,
  request: DeleteMeasuresRequest,
): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const count = view.measureCount;
  const { start, end } = request;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 1 ||
    end < start ||
    end > count
  ) {
    return {
      ok: false,
      problems: [
        {
          code: 'invalid-range',
          message: `Measures ${start}-${end} are not a range of this score, which has measures 1-${count}.`,
          fix: `Give a start and end with 1 <= start <= end <= ${count}.`,
        },
      ],
    };
  }
  if (start === 1 && end === count) {
    return {
      ok: false,
      problems: [
        {
          code: 'invalid-range',
          message: 'Deleting every measure would leave a score with none.',
          fix: 'Keep at least one measure.',
        },
      ],
    };
  }
  const repaired = repairBefore(
    view,
    start - 1,
    (part, staff, voice) => (end < count ? eventsOf(view, part, staff, end + 1, voice) : []),
    end < count ? `m${start} (m${end + 1} before the deletion)` : 'the deleted measures',
    end < count ? 'which does not start with' : 'and nothing follows to hold',
  );
  const deleted = allUnits(view, span(start, end));
  const changes: UnitChange[] = [...repaired.changes];
  const dropped: LostAttachment[] = [];
  for (const ref of deleted) {
    const unit = view.unit(ref.part, ref.staff, ref.measure)!;
    changes.push(unitChange(ref, unit.content, undefined, 'delete-measure'));
    appendAll(dropped, attachmentsOfUnit(ref, unit.content));
  }
  // Written before the deletion, while the measure after it is still end + 1.
  const carried = carryClefsPastDeletion(view, start, end);
  changes.push(...carried.changes);
  const targets = {
    units: [...repaired.refs, ...deleted],
    measures: span(Math.max(1, start - 1), end),
    lastIndex: Math.min(count, end + 1),
  };
  const stale = revisionProblems(view, request.revision, targets);
  if (stale.length > 0) return { ok: false, problems: stale };
  // apply re-checks the units before and after the deleted measures too: the
  // ties the deletion cuts, and where they would land, were decided on them.
  const planTargets = {
    ...targets,
    units: [
      ...targets.units,
      ...allUnits(
        view,
        [start - 1, end + 1].filter((m) => m >= 1 && m <= count),
      ),
    ],
  };
  return {
    ok: true,
    plan: {
      ...emptyPlan('delete-measures', score, view),
      range: { start: Math.max(1, start - 1), end: Math.min(start, count - (end - start + 1)) },
      addedMeasures: 0,
      removedMeasures: end - start + 1,
      changes,
      repairs: repaired.repairs,
      dropped: describeLosses(view, dropped),
      writes: [...repaired.writes, ...carried.writes, { op: 'delete-measures', start, end }],
      targets: planTargets,
    },
  };
}
