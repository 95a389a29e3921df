/**
 * Re-barring: a new time signature from a measure up to the next change of
 * time, with the music of that stretch cut into measures of the new length.
 * Each voice is read as one stream; a note that a new bar line cuts becomes
 * tied notes, a rest becomes rests, marks and lyrics stay on the piece where
 * they start (what ends, a slur's end or a fermata, on the last piece), and
 * the last measure is filled with rests. The measure count changes only when
 * the request allows it.
 */
import {
  add,
  compare,
  multiply,
  type Rational,
  rational,
  subtract,
  ZERO,
} from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { measureLength } from './measure-length.ts';
import { allUnits, revisionProblems, span, unitChange } from './plan-support.ts';
import type { DroppedAttachment, PlannedWrite, ScorePlan, UnitChange } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import { limitProblems } from './problem-list.ts';
import { cutStream, voiceStream } from './rebar-stream.ts';
import { currentRevision } from './revision.ts';
import type { Score } from './score.ts';
import { scoreLimitProblems } from './score-limits.ts';
import type { MeasureInfo, TimeSignature, UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import { checkVoice, type SplitEvent, type TupletGroup } from './voice-check.ts';

/** What {@link planRebar} is asked. */
export interface RebarRequest {
  readonly start: number;
  /** The last measure in the old time (the one before the next change of time). */
  readonly end: number;
  readonly time: TimeSignature;
  readonly allowMeasureCountChange?: boolean;
  readonly revision?: string;
}

/** The lengths of the new measures: a pickup at the start keeps its own, the rest are whole measures. */
function newLengths(view: ScoreView, start: number, end: number, time: TimeSignature): Rational[] {
  const full = rational(time.beats, time.beatType);
  let total = ZERO;
  for (let measure = start; measure <= end; measure++) {
    total = add(total, measureLength(view.measure(measure)!.info));
  }
  const lengths: Rational[] = [];
  const pickup = view.measure(start)!.info.pickup;
  if (pickup !== undefined && compare(pickup, full) < 0) {
    lengths.push(pickup);
    total = subtract(total, pickup);
  }
  const whole = multiply(total, rational(time.beatType, time.beats));
  const count = Math.ceil(whole.num / whole.den);
  for (let index = 0; index < Math.max(1, count); index++) lengths.push(full);
  return lengths;
}

/** The signatures of each new measure: the key in force where it starts, its first's number and pickup. */
function newInfos(
  view: ScoreView,
  start: number,
  end: number,
  time: TimeSignature,
  lengths: readonly Rational[],
): MeasureInfo[] {
  const first = view.measure(start)!.info;
  const last = view.measure(end)!.info;
  const oldStarts: { at: Rational; info: MeasureInfo }[] = [];
  let at = ZERO;
  for (let measure = start; measure <= end; measure++) {
    const info = view.measure(measure)!.info;
    oldStarts.push({ at, info });
    at = add(at, measureLength(info));
  }
  let onset = ZERO;
  return lengths.map((length, index) => {
    const here = oldStarts.filter((old) => compare(old.at, onset) <= 0).at(-1)!.info;
    onset = add(onset, length);
    const pickup = index === 0 && first.pickup !== undefined ? { pickup: length } : {};
    const number = index === 0 && first.number !== undefined ? { number: first.number } : {};
    const kept =
      index === 0 ? first.attachments : index === lengths.length - 1 ? last.attachments : undefined;
    // The stretch keeps the repeat at its start and the bar line at its end; voltas inside it go.
    const barlines = {
      ...(index === 0 && first.barlines?.repeatStart ? { repeatStart: true as const } : {}),
      ...(index === lengths.length - 1 && last.barlines?.end ? { end: last.barlines.end } : {}),
      ...(index === lengths.length - 1 && last.barlines?.times
        ? { times: last.barlines.times }
        : {}),
    };
    return {
      time,
      key: here.key,
      ...pickup,
      ...number,
      ...(Object.keys(barlines).length > 0 ? { barlines } : {}),
      ...(kept === undefined ? {} : { attachments: kept }),
    };
  });
}

/** What re-barring drops: the kept MusicXML of measures and units that no longer exist as they were. */
function droppedOf(view: ScoreView, start: number, end: number): DroppedAttachment[] {
  const dropped: DroppedAttachment[] = [];
  for (let measure = start + 1; measure < end; measure++) {
    const attachments = view.measure(measure)!.info.attachments;
    if (attachments === undefined) continue;
    dropped.push({
      lane: `m${measure}`,
      marks: [],
      message: `m${measure}: what the importer kept of the measure itself (its MusicXML) is dropped, as its bar lines move.`,
      attachments,
    });
  }
  for (const ref of allUnits(view, span(start, end))) {
    const attachments = view.unit(ref.part, ref.staff, ref.measure)?.content.attachments;
    if (attachments === undefined) continue;
    const unit = `P${ref.part} s${ref.staff} m${ref.measure}`;
    dropped.push({
      lane: unit,
      marks: [],
      message: `${unit}: what the importer kept between its notes (its MusicXML) is dropped, as its bar lines move.`,
      attachments,
    });
  }
  return dropped;
}

/** The re-barred content of one staff, one unit per new measure, with what checking each voice found. */
function rebarStaff(
  view: ScoreView,
  part: number,
  staff: number,
  request: RebarRequest,
  lengths: readonly Rational[],
  infos: readonly MeasureInfo[],
): { units: UnitContent[]; problems: Problem[]; tuplets: TupletGroup[]; splits: SplitEvent[] } {
  const { start, end } = request;
  const old = span(start, end).map((measure) => ({
    length: measureLength(view.measure(measure)!.info),
    content: view.unit(part, staff, measure)!.content,
  }));
  const voices = [
    ...new Set(old.flatMap(({ content }) => content.voices.map((v) => v.voice))),
  ].sort((a, b) => a - b);
  const units: UnitContent[] = lengths.map(() => ({ voices: [] }));
  const problems: Problem[] = [];
  const tuplets: TupletGroup[] = [];
  const splits: SplitEvent[] = [];
  for (const voice of voices) {
    const stream = voiceStream(
      voice,
      old.map(({ length, content }) => ({
        length,
        content: content.voices.find((candidate) => candidate.voice === voice),
      })),
    );
    cutStream(stream, lengths, voice).forEach((content, index) => {
      // A voice past the first that holds only invisible rests in a measure is left out there.
      if (voice > 1 && content.events.every((event) => event.kind === 'space')) return;
      const measure = start + index;
      const lane = `P${part} s${staff} v${voice} m${measure}`;
      const checked = checkVoice(lane, measure, content.events, infos[index]!, () => ({}));
      problems.push(...checked.problems);
      tuplets.push(...checked.tuplets);
      splits.push(...checked.splits);
      units[index] = { voices: [...units[index]!.voices, content] };
    });
  }
  return { units, problems, tuplets, splits };
}

/**
 * Plans re-barring measures `start`-`end` (one stretch of one time) in
 * `time`. Refused, changing nothing, when the measure count would change
 * without `allowMeasureCountChange`, or when a new measure would not pass
 * the voice check a rewrite passes (a tuplet group the new bar line leaves
 * incomplete).
 *
 * @example
 * ```ts
 * const planned = planRebar(score, { start: 9, end: 16, time: { beats: 3, beatType: 4 } });
 * ```
 */
export function planRebar(
  score: Score,
  view: ScoreView,
  request: RebarRequest,
): Result<{ plan: ScorePlan }> {
  const { start, end, time } = request;
  const lengths = newLengths(view, start, end, time);
  const oldCount = end - start + 1;
  const newCount = lengths.length;
  const problems: Problem[] = [];
  const label = `${time.beats}/${time.beatType}`;
  if (newCount !== oldCount && request.allowMeasureCountChange !== true) {
    const old = view.measure(start)!.info.time;
    const more =
      newCount > oldCount ? `${newCount - oldCount} more` : `${oldCount - newCount} fewer`;
    problems.push({
      code: 'measure-count-change',
      message: `Re-barring m${start}-m${end} (${oldCount} measures of ${old.beats}/${old.beatType}) in ${label} gives ${newCount} measures, ${more}; the measure count changes only when that is allowed.`,
      fix: `Allow it: allow_measure_count_change: true (later measures move by ${newCount - oldCount}), or re-bar a stretch whose music fills whole measures of ${label}.`,
    });
  }
  const infos = newInfos(view, start, end, time, lengths);
  const writes: PlannedWrite[] = [];
  if (newCount > oldCount) {
    writes.push({ op: 'insert-measures', at: end + 1, infos: infos.slice(oldCount) });
  } else if (newCount < oldCount) {
    writes.push({ op: 'delete-measures', start: start + newCount, end });
  }
  infos.forEach((info, index) => {
    writes.push({ op: 'measure', measure: start + index, info });
  });
  const changes: UnitChange[] = [];
  const tuplets: TupletGroup[] = [];
  const splits: SplitEvent[] = [];
  for (const part of view.parts) {
    for (let staff = 1; staff <= part.info.staves; staff++) {
      const staffPlan = rebarStaff(view, part.index, staff, request, lengths, infos);
      appendAll(problems, staffPlan.problems);
      tuplets.push(...staffPlan.tuplets);
      splits.push(...staffPlan.splits);
      staffPlan.units.forEach((content, index) => {
        const measure = start + index;
        const ref = { part: part.index, staff, measure };
        const before = measure <= end ? view.unit(part.index, staff, measure)!.content : undefined;
        writes.push({ op: 'unit', ...ref, content });
        changes.push(unitChange(ref, before, content, 'refit'));
      });
    }
  }
  const units = allUnits(view, span(start, end));
  const targets = { units, measures: span(start, end), lastIndex: end };
  appendAll(problems, revisionProblems(view, request.revision, targets));
  appendAll(problems, scoreLimitProblems(view, writes));
  if (problems.length > 0) return { ok: false, problems: limitProblems(problems) };
  return {
    ok: true,
    plan: {
      kind: 'set-time',
      basis: currentRevision(score),
      measureCount: view.measureCount,
      range: { start, end: start + newCount - 1 },
      parts: view.parts.map((part) => part.index),
      addedMeasures: Math.max(0, newCount - oldCount),
      removedMeasures: Math.max(0, oldCount - newCount),
      changes,
      repairs: [],
      tuplets,
      splits,
      dropped: droppedOf(view, start, end),
      writes,
      targets,
    },
  };
}
