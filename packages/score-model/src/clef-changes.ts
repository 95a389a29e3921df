/**
 * Clef changes inside the music: which clef is in force where, the changes
 * a range holds, and setting a clef from a measure (and an onset in it) on,
 * as a plan.
 */
import {
  CLEFS,
  type Clef,
  compare,
  formatRational,
  type Rational,
  ZERO,
} from '@scorelane/lanes-seq';
import type * as Y from 'yjs';
import { staffHoldsNoClefChange } from './clef-index.ts';
import { type ScoreTypes, type StoredPart, scoreTypes } from './layout.ts';
import { measureLength } from './measure-length.ts';
import { noScore, revisionProblems, span, steadyPlan, unitChange } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, UnitChange } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import type { Score } from './score.ts';
import type { ClefChange, UnitContent } from './score-types.ts';
import { type ScoreView, viewScore } from './score-view.ts';

/**
 * One clef change of a score: where it is and the clef it sets.
 *
 * @example
 * ```ts
 * const change: PlacedClefChange = { part: 1, staff: 2, measure: 5, onset: ZERO, clef: 'treble' };
 * ```
 */
export interface PlacedClefChange extends ClefChange {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
}

/**
 * The clef in force on a staff at `onset` of `measure` (a change at that
 * very onset included): the last change before it, else the part's clef.
 *
 * @example
 * ```ts
 * clefAtIn(viewScore(score), 2, 1, 9); // 'bass', or what a change before m9 set
 * ```
 */
export function clefAtIn(
  view: ScoreView,
  part: number,
  staff: number,
  measure: number,
  onset: Rational = ZERO,
): Clef {
  const changes = view.unit(part, staff, measure)?.content.clefs ?? [];
  const here = changes.filter((change) => compare(change.onset, onset) <= 0);
  return here.length > 0 ? here[here.length - 1]!.clef : clefBeforeIn(view, part, staff, measure);
}

/**
 * The clef in force on a staff as `measure` begins, before any change in
 * it: the last change of an earlier measure, else the part's clef.
 *
 * @example
 * ```ts
 * clefBeforeIn(viewScore(score), 1, 1, 1); // the part's own clef of staff 1
 * ```
 */
export function clefBeforeIn(view: ScoreView, part: number, staff: number, measure: number): Clef {
  if (noClefChangeOn(view, part, staff)) return partClef(view, part, staff);
  for (let index = Math.min(measure - 1, view.measureCount); index >= 1; index--) {
    // Most units hold no clef change: skip them without decoding their events.
    if (!view.mayHoldClefChanges(part, staff, index)) continue;
    const changes = view.unit(part, staff, index)?.content.clefs ?? [];
    if (changes.length > 0) return changes[changes.length - 1]!.clef;
  }
  return partClef(view, part, staff);
}

/** The clef a part gives a staff, before any clef change. */
function partClef(view: ScoreView, part: number, staff: number): Clef {
  return view.parts[part - 1]?.info.clefs[staff - 1] ?? 'treble';
}

/** Whether the staff is known to hold no clef change in any measure (see clef-index.ts). */
function noClefChangeOn(view: ScoreView, part: number, staff: number): boolean {
  const entry = view.parts[part - 1];
  return (
    entry !== undefined &&
    staffHoldsNoClefChange(view.types.units as Y.Map<unknown>, entry.id, staff)
  );
}

/**
 * Every clef change in measures `start`-`end` of the given parts, in
 * measure, part, staff and onset order.
 *
 * @example
 * ```ts
 * clefChangesOf(viewScore(score), 1, 8, [1]); // [{ part: 1, staff: 1, measure: 5, onset: ZERO, clef: 'bass' }]
 * ```
 */
export function clefChangesOf(
  view: ScoreView,
  start: number,
  end: number,
  parts: readonly number[],
): PlacedClefChange[] {
  const found: PlacedClefChange[] = [];
  for (let measure = start; measure <= end; measure++) {
    for (const part of parts) {
      const staves = view.parts[part - 1]?.info.staves ?? 0;
      for (let staff = 1; staff <= staves; staff++) {
        for (const change of view.unit(part, staff, measure)?.content.clefs ?? [])
          found.push({ part, staff, measure, ...change });
      }
    }
  }
  return found;
}

/**
 * Set the clef of one staff from `measure` (at `onset`, 0 when left out) up
 * to the next clef change.
 *
 * @example
 * ```ts
 * const request: SetClefRequest = { part: 1, staff: 1, measure: 5, clef: 'bass' };
 * ```
 */
export interface SetClefRequest {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly onset?: Rational;
  /** One of {@link CLEFS}; any other word is refused with the list. */
  readonly clef: string;
  readonly revision?: string;
}

function placeProblems(view: ScoreView, request: SetClefRequest): Problem[] {
  const missing = noScore(view);
  if (missing) return [missing];
  const problems: Problem[] = [];
  const partCount = view.parts.length;
  const part = view.parts[request.part - 1];
  if (!Number.isInteger(request.part) || !part) {
    problems.push({
      code: 'unknown-part',
      message: `There is no part ${request.part}; the score has parts 1-${partCount}.`,
      fix: `Name a part between 1 and ${partCount}.`,
    });
  } else if (
    !Number.isInteger(request.staff) ||
    request.staff < 1 ||
    request.staff > part.info.staves
  ) {
    const staves = part.info.staves;
    problems.push({
      code: 'unknown-staff',
      message: `Part ${request.part} has no staff ${request.staff}; it has ${staves === 1 ? 'staff 1 only' : `staves 1-${staves}`}.`,
      fix: `Name a staff between 1 and ${staves}.`,
    });
  }
  const count = view.measureCount;
  if (!Number.isInteger(request.measure) || request.measure < 1 || request.measure > count) {
    problems.push({
      code: 'invalid-range',
      message: `There is no m${request.measure}; the score has measures 1-${count}.`,
      fix: `Name a measure between 1 and ${count}.`,
    });
  } else if (request.onset !== undefined) {
    const length = measureLength(view.measure(request.measure)!.info);
    if (request.onset.num < 0 || compare(request.onset, length) >= 0) {
      problems.push({
        code: 'invalid-clef',
        message: `m${request.measure} lasts ${formatRational(length)}, so it has no onset ${formatRational(request.onset)}.`,
        fix: `Give an onset from 0 up to (not including) ${formatRational(length)}, in whole notes from the bar line, or leave it out for the start of the measure.`,
      });
    }
  }
  if (!(CLEFS as readonly string[]).includes(request.clef)) {
    problems.push({
      code: 'invalid-clef',
      message: `"${request.clef}" is not a clef Scorelane knows.`,
      fix: `Use one of ${CLEFS.join(', ')}.`,
    });
  }
  return problems;
}

/** The unit's clef changes with `clef` at `onset`: set there, or (when the clef before is the same) none there. */
function changedClefs(
  content: UnitContent,
  onset: Rational,
  clef: Clef,
  before: Clef,
): ClefChange[] {
  const others = (content.clefs ?? []).filter((change) => compare(change.onset, onset) !== 0);
  if (clef === before) return others;
  return [...others, { onset, clef }].sort((a, b) => compare(a.onset, b.onset));
}

/**
 * Plans a clef on one staff from a measure (and an onset in it) on, up to
 * the next clef change. Pitches stay as they are (a lane's pitch is read
 * through the clef; a new clef moves where notes are printed). A clef that
 * is already in force there writes nothing; a bad part, staff, measure,
 * onset or clef name is refused, each with its fix.
 *
 * @example
 * ```ts
 * const planned = planSetClef(score, { part: 2, staff: 1, measure: 5, clef: 'treble' });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planSetClef(score: Score, request: SetClefRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const problems = placeProblems(view, request);
  if (problems.length > 0) return { ok: false, problems };
  const { part, staff, measure } = request;
  const clef = request.clef as Clef;
  const onset = request.onset ?? ZERO;
  const ref = { part, staff, measure };
  const stale = revisionProblems(view, request.revision, {
    units: [ref],
    measures: [measure],
    lastIndex: measure,
  });
  if (stale.length > 0) return { ok: false, problems: stale };
  const unit = view.unit(part, staff, measure)!;
  const writes: PlannedWrite[] = [];
  const changes: UnitChange[] = [];
  // A clef already in force is not written again: no empty undo step, no revision moved.
  if (clefAtIn(view, part, staff, measure, onset) !== clef) {
    const earlier = unit.content.clefs?.filter((change) => compare(change.onset, onset) < 0) ?? [];
    const before =
      earlier.length > 0
        ? earlier[earlier.length - 1]!.clef
        : clefBeforeIn(view, part, staff, measure);
    const clefs = changedClefs(unit.content, onset, clef, before);
    const { clefs: _old, ...rest } = unit.content;
    const content: UnitContent = clefs.length > 0 ? { ...rest, clefs } : rest;
    writes.push({ op: 'unit', ...ref, content });
    changes.push(unitChange(ref, unit.content, content, 'clef'));
  }
  return {
    ok: true,
    plan: steadyPlan(score, view, {
      kind: 'set-clef',
      range: { start: measure, end: measure },
      parts: [part],
      changes,
      writes,
      targets: { units: [ref], measures: span(measure, measure), lastIndex: measure },
    }),
  };
}

/**
 * The clef in force on a staff of `score` at `onset` of `measure` (a change
 * at that very onset included), as {@link planSetClef} judges it.
 *
 * @example
 * ```ts
 * clefAt(score, 2, 1, 9); // 'bass', or what a change up to m9 set
 * ```
 */
export function clefAt(
  score: Score,
  part: number,
  staff: number,
  measure: number,
  onset: Rational = ZERO,
): Clef {
  return clefAtIn(viewScore(score), part, staff, measure, onset);
}

/**
 * Every clef change of `score` in measures `start`-`end` (all of them when
 * left out) of every part, in measure, part, staff and onset order.
 *
 * @example
 * ```ts
 * clefChanges(score); // [{ part: 2, staff: 1, measure: 5, onset: ZERO, clef: 'treble' }]
 * ```
 */
export function clefChanges(score: Score, start = 1, end?: number): PlacedClefChange[] {
  const view = viewScore(score);
  const parts = view.parts.map((part) => part.index);
  return clefChangesOf(view, start, Math.min(end ?? view.measureCount, view.measureCount), parts);
}

/**
 * The clef in force on a staff of `score` as `measure` begins, before any
 * change in it: the last change of an earlier measure, else the part's clef.
 *
 * @example
 * ```ts
 * clefEntering(score, 1, 1, 1); // the part's own clef of staff 1
 * ```
 */
export function clefEntering(score: Score, part: number, staff: number, measure: number): Clef {
  return clefBeforeIn(viewScore(score), part, staff, measure);
}

/**
 * {@link clefEntering} for many units of `score` as it is now: one view of
 * the score, and each staff walked back once, so asking for consecutive
 * measures of a staff costs one step each. Read it before the score
 * changes; it does not follow later changes.
 *
 * @example
 * ```ts
 * const entering = clefEnteringReader(score);
 * [41, 42, 43].map((measure) => entering(3, 1, measure)); // ['treble', 'treble', 'treble']
 * ```
 */
export function clefEnteringReader(
  score: Score,
): (part: number, staff: number, measure: number) => Clef {
  const types = scoreTypes(score.doc);
  // Made only for a staff that holds clef changes: a plain staff's clef is its part's.
  let view: ScoreView | undefined;
  /** Per staff (`part/staff`), the clef entering each measure walked so far. */
  const known = new Map<string, Map<number, Clef>>();
  return (part, staff, measure) => {
    const plain = plainStaffClef(types, part, staff);
    if (plain !== undefined) return plain;
    view ??= viewScore(score);
    if (noClefChangeOn(view, part, staff)) return partClef(view, part, staff);
    const staffKey = `${part}/${staff}`;
    let entering = known.get(staffKey);
    if (entering === undefined) {
      entering = new Map();
      known.set(staffKey, entering);
    }
    const walked: number[] = [];
    let clef: Clef | undefined;
    for (let index = Math.min(measure - 1, view.measureCount); index >= 1; index--) {
      clef = entering.get(index + 1);
      if (clef !== undefined) break;
      walked.push(index + 1);
      if (!view.mayHoldClefChanges(part, staff, index)) continue;
      const changes = view.unit(part, staff, index)?.content.clefs ?? [];
      if (changes.length > 0) {
        clef = changes[changes.length - 1]!.clef;
        break;
      }
    }
    clef ??= partClef(view, part, staff);
    for (const index of walked) entering.set(index, clef);
    return clef;
  };
}

/**
 * The clef of a staff known to hold no clef change, its part's own, read
 * from the part's stored record alone (no view, no other part decoded);
 * `undefined` when that cannot be told so. A view numbers only the parts
 * that are stored, so part N is the N-th id only when every id before it
 * has its part.
 */
function plainStaffClef(types: ScoreTypes, part: number, staff: number): Clef | undefined {
  if (!Number.isInteger(part) || part < 1 || part > types.partOrder.length) return undefined;
  let stored: StoredPart | undefined;
  for (let index = 0; index < part; index++) {
    stored = types.parts.get(types.partOrder.get(index));
    if (!stored) return undefined;
  }
  const id = types.partOrder.get(part - 1);
  if (!staffHoldsNoClefChange(types.units as Y.Map<unknown>, id, staff)) return undefined;
  return (stored!.clefs as Clef[])[staff - 1] ?? 'treble';
}
