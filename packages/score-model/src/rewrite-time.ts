/**
 * A rewrite in a new time: the measures it writes take the time signature
 * the request gives, so an agent changes the meter and the notes of a
 * passage in one call. The lanes are checked against the new length; a
 * unit of those measures that the text does not write must hold only
 * whole-measure rests (refitted to the new length), or the rewrite is
 * refused, naming the lane to write.
 */
import { compare, formatRational, rational } from '@scorelane/lanes-seq';
import { isWholeRest, measureLength } from './measure-length.ts';
import { allUnits, span } from './plan-support.ts';
import type { PlannedWrite } from './plan-types.ts';
import type { ProblemList } from './problem-list.ts';
import type { WrittenUnit } from './rewrite-admission.ts';
import { sameTime } from './same-signature.ts';
import type { MeasureInfo, TimeSignature, UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import type { UnitRef } from './staleness.ts';

/** What a new time adds to a rewrite's plan. */
export interface RewriteTime {
  /** The signatures of each measure the rewrite writes, in the new time. */
  readonly infos: ReadonlyMap<number, MeasureInfo>;
  /** The measure writes (only where the time changes). */
  readonly writes: readonly PlannedWrite[];
  /** Units the text leaves out that are whole rests, refitted to the new length. */
  readonly refits: readonly { ref: UnitRef; content: UnitContent; reason: 'refit' }[];
  /** The units whose content the plan relied on (every unit of the measures). */
  readonly consulted: readonly UnitRef[];
}

/**
 * The new time of measures `start`-`last` (those past `count` are the ones
 * the rewrite appends, with `appended` as their signatures).
 *
 * @example
 * ```ts
 * const time = rewriteTime(view, { beats: 3, beatType: 4 }, 9, 12, written, undefined, problems);
 * ```
 */
export function rewriteTime(
  view: ScoreView,
  time: TimeSignature,
  start: number,
  last: number,
  written: ReadonlyMap<string, WrittenUnit>,
  appended: MeasureInfo | undefined,
  problems: ProblemList,
): RewriteTime {
  const label = `${time.beats}/${time.beatType}`;
  const infos = new Map<number, MeasureInfo>();
  const writes: PlannedWrite[] = [];
  const refits: { ref: UnitRef; content: UnitContent; reason: 'refit' }[] = [];
  const count = view.measureCount;
  for (let measure = start; measure <= last; measure++) {
    const old = measure <= count ? view.measure(measure)!.info : appended;
    if (old === undefined) continue;
    const { pickup: _pickup, ...rest } = old;
    const info: MeasureInfo = { ...rest, time };
    infos.set(measure, info);
    if (measure <= count && !sameTime(old.time, time))
      writes.push({ op: 'measure', measure, info });
  }
  const existing = span(start, Math.min(last, count));
  for (const ref of allUnits(view, existing)) {
    if (written.has(`${ref.part}/${ref.staff}/${ref.measure}`)) continue;
    const oldInfo = view.measure(ref.measure)!.info;
    const newLength = rational(time.beats, time.beatType);
    if (compare(measureLength(oldInfo), newLength) === 0 && oldInfo.pickup === undefined) continue;
    const content = view.unit(ref.part, ref.staff, ref.measure)!.content;
    if (isWholeRest(content, measureLength(oldInfo))) {
      const refit: UnitContent = {
        ...content,
        voices: content.voices.map((voice) => ({
          voice: voice.voice,
          events: [{ ...voice.events[0]!, duration: newLength }],
        })),
      };
      refits.push({ ref, content: refit, reason: 'refit' });
      continue;
    }
    const unit = `P${ref.part} s${ref.staff} m${ref.measure}`;
    problems.push({
      code: 'content-does-not-fit',
      lane: `P${ref.part} s${ref.staff} v1 m${ref.measure}`,
      message: `${unit} holds music of ${formatRational(measureLength(oldInfo))} that the text does not write, and m${ref.measure} would last ${formatRational(newLength)} in ${label}.`,
      fix: `Write P${ref.part} s${ref.staff}'s lanes of m${ref.measure} in ${label} in this call too, or re-bar with set_time_signature and rebar: true.`,
    });
  }
  return { infos, writes, refits, consulted: allUnits(view, existing) };
}
