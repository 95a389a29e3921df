/**
 * Setting the time or key signature from a measure on, as plans.
 */
import { compare, formatRational, type Rational, sum } from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { formatKey, keySignature } from './key-signature.ts';
import { isWholeRest, measureLength } from './measure-length.ts';
import { allUnits, noScore, revisionProblems, span, unitChange } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, UnitChange } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import { limitProblems } from './problem-list.ts';
import { planRebar } from './rebar.ts';
import { currentRevision } from './revision.ts';
import { sameKey, sameTime } from './same-signature.ts';
import type { Score } from './score.ts';
import { scoreLimitProblems } from './score-limits.ts';
import type {
  KeySignature,
  MeasureInfo,
  ScoreEvent,
  TimeSignature,
  Tonic,
  UnitContent,
} from './score-types.ts';
import { type ScoreView, viewScore } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { timeSignatureProblems } from './time-signature-check.ts';

/**
 * Set the time signature from `measure` up to the next change of time.
 *
 * @example
 * ```ts
 * const request: SetTimeRequest = { measure: 9, time: { beats: 3, beatType: 4 } };
 * ```
 */
export interface SetTimeRequest {
  readonly measure: number;
  readonly time: TimeSignature;
  readonly revision?: string;
  /**
   * Re-bar the music from `measure` to the next change of time in the new
   * time (notes cut by the new bar lines tied, the last measure filled with
   * rests) instead of refusing measures whose content no longer fits.
   */
  readonly rebar?: boolean;
  /** With `rebar`: the re-barred stretch may have more or fewer measures. */
  readonly allowMeasureCountChange?: boolean;
}

/**
 * Set the key from `measure` up to the next change of key.
 *
 * @example
 * ```ts
 * const request: SetKeyRequest = { measure: 9, tonic: { step: 'E', alter: 0 }, mode: 'minor' };
 * ```
 */
export interface SetKeyRequest {
  readonly measure: number;
  readonly tonic: Tonic;
  readonly mode: 'major' | 'minor';
  readonly revision?: string;
}

/** The sounding length of events, or `undefined` when it leaves exact integers (content from elsewhere). */
function totalLength(events: readonly ScoreEvent[]): Rational | undefined {
  try {
    return sum(events.filter((event) => !event.grace).map((event) => event.duration));
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The measures from `measure` on that hold the same value as `measure` does. */
function extent(
  view: ScoreView,
  measure: number,
  same: (a: MeasureInfo, b: MeasureInfo) => boolean,
): number {
  const first = view.measure(measure)!.info;
  let last = measure;
  while (last < view.measureCount && same(view.measure(last + 1)!.info, first)) last++;
  return last;
}

function invalidMeasure(view: ScoreView, measure: number): Problem[] {
  const missing = noScore(view);
  if (missing) return [missing];
  if (Number.isInteger(measure) && measure >= 1 && measure <= view.measureCount) return [];
  return [
    {
      code: 'invalid-range',
      message: `There is no m${measure}; the score has measures 1-${view.measureCount}.`,
      fix: `Name a measure between 1 and ${view.measureCount}.`,
    },
  ];
}

function signaturePlan(
  kind: 'set-time' | 'set-key',
  score: Score,
  view: ScoreView,
  start: number,
  end: number,
  writes: PlannedWrite[],
  changes: UnitChange[],
  units: readonly UnitRef[],
): ScorePlan {
  return {
    kind,
    basis: currentRevision(score),
    measureCount: view.measureCount,
    range: { start, end },
    parts: view.parts.map((part) => part.index),
    addedMeasures: 0,
    removedMeasures: 0,
    changes,
    repairs: [],
    tuplets: [],
    splits: [],
    dropped: [],
    writes,
    // What apply re-checks: every unit whose content the plan relied on, the
    // measures it rewrites, and the one after them (where the extent ends).
    targets: {
      units,
      measures: span(start, Math.min(end + 1, view.measureCount)),
      lastIndex: Math.min(end + 1, view.measureCount),
    },
  };
}

/**
 * Plans a time signature from `measure` up to the next change of time.
 * Measures that hold only whole-measure rests are refitted to the new
 * length; it is refused, listing every voice, when other content would no
 * longer fill its measure (pickups keep their own length). With `rebar`, the
 * music is re-barred instead (see `planRebar` in rebar.ts).
 *
 * @example
 * ```ts
 * const planned = planSetTime(score, { measure: 9, time: { beats: 3, beatType: 4 } });
 * if (!planned.ok) console.log(formatProblems(planned.problems));
 * ```
 */
export function planSetTime(score: Score, request: SetTimeRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const { beats, beatType } = request.time;
  const problems = [
    ...invalidMeasure(view, request.measure),
    ...timeSignatureProblems(request.time),
  ];
  if (problems.length > 0) return { ok: false, problems };
  const start = request.measure;
  const end = extent(view, start, (a, b) => sameTime(a.time, b.time));
  if (request.rebar === true && !sameTime(view.measure(start)!.info.time, request.time)) {
    return planRebar(score, view, {
      start,
      end,
      time: { beats, beatType },
      ...(request.allowMeasureCountChange === undefined
        ? {}
        : { allowMeasureCountChange: request.allowMeasureCountChange }),
      ...(request.revision === undefined ? {} : { revision: request.revision }),
    });
  }
  const writes: PlannedWrite[] = [];
  const changes: UnitChange[] = [];
  const label = `${beats}/${beatType}`;
  for (let measure = start; measure <= end; measure++) {
    const entry = view.measure(measure)!;
    // A time already in force is not written again: no empty undo step, no revision moved.
    if (sameTime(entry.info.time, { beats, beatType })) continue;
    const info: MeasureInfo = { ...entry.info, time: { beats, beatType } };
    writes.push({ op: 'measure', measure, info });
    const oldLength = measureLength(entry.info);
    const newLength = measureLength(info);
    if (compare(oldLength, newLength) === 0) continue;
    for (const ref of allUnits(view, [measure])) {
      const unit = view.unit(ref.part, ref.staff, measure)!;
      if (unit.written === undefined) continue;
      if (isWholeRest(unit.content, oldLength)) {
        const refit: UnitContent = {
          ...unit.content,
          voices: unit.content.voices.map((voice) => ({
            voice: voice.voice,
            events: [{ ...voice.events[0]!, duration: newLength }],
          })),
        };
        writes.push({ op: 'unit', ...ref, content: refit });
        changes.push(unitChange(ref, unit.content, refit, 'refit'));
        continue;
      }
      for (const voice of unit.content.voices) {
        const lane = `P${ref.part} s${ref.staff} v${voice.voice} m${measure}`;
        const filled = totalLength(voice.events);
        if (filled && compare(filled, newLength) === 0) continue;
        const lasts = filled ? formatRational(filled) : 'longer than can be added up exactly';
        problems.push({
          code: 'content-does-not-fit',
          lane,
          message: `${lane} lasts ${lasts}, but m${measure} would last ${formatRational(newLength)} in ${label}.`,
          fix: `Re-bar the music instead: the same call with rebar: true (notes cut by the new bar lines are tied), or rewrite m${measure} with rewrite_measures to fit ${label} first.`,
        });
      }
    }
  }
  // Every unit of the extent: whether it fits the new length (or is a rest
  // to refit) is what the plan was decided on.
  const units = allUnits(view, span(start, end));
  appendAll(
    problems,
    revisionProblems(view, request.revision, {
      units,
      measures: span(start, end),
      lastIndex: end,
    }),
  );
  appendAll(problems, scoreLimitProblems(view, writes));
  if (problems.length > 0) return { ok: false, problems: limitProblems(problems) };
  return {
    ok: true,
    plan: signaturePlan('set-time', score, view, start, end, writes, changes, units),
  };
}

/**
 * Plans a key from `measure` up to the next change of key. Pitches are
 * absolute in lanes-seq, so no content changes and nothing is refused but a
 * key with more than seven sharps or flats.
 *
 * @example
 * ```ts
 * planSetKey(score, { measure: 9, tonic: { step: 'E', alter: 0 }, mode: 'minor' });
 * ```
 */
export function planSetKey(score: Score, request: SetKeyRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const problems = invalidMeasure(view, request.measure);
  const key: KeySignature | undefined = keySignature(request.tonic, request.mode);
  if (!key) {
    const named = formatKey({ tonic: request.tonic, mode: request.mode, fifths: 0 });
    problems.push({
      code: 'invalid-signature',
      message: `${named} needs more than seven sharps or flats.`,
      fix: 'Use its enharmonic key, for example Eb major instead of D# major.',
    });
  }
  if (problems.length > 0 || !key) return { ok: false, problems };
  const start = request.measure;
  const end = extent(view, start, (a, b) => sameKey(a.key, b.key));
  // A key already in force is not written again: no empty undo step, no revision moved.
  const writes: PlannedWrite[] = span(start, end)
    .filter((measure) => !sameKey(view.measure(measure)!.info.key, key))
    .map((measure) => ({
      op: 'measure',
      measure,
      info: { ...view.measure(measure)!.info, key },
    }));
  const stale = revisionProblems(view, request.revision, {
    units: [],
    measures: span(start, end),
    lastIndex: end,
  });
  if (stale.length > 0) return { ok: false, problems: stale };
  // Pitches are absolute, so no unit's content depends on the key.
  return { ok: true, plan: signaturePlan('set-key', score, view, start, end, writes, [], []) };
}
