/**
 * Which lanes of a rewrite may be written: each must be for a part the
 * request names and a staff that part has, inside the range, and past the
 * last measure only when the request allows the measure count to change.
 */
import { type Lane, type LaneLocation, laneKey } from '@scorelane/lanes-seq';
import { noPartsNamed } from './plan-support.ts';
import type { Problem } from './problem.ts';
import type { ProblemList } from './problem-list.ts';
import type { ScoreView } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { placeFor } from './text-place.ts';

/**
 * The most measures one rewrite may cover.
 *
 * @example
 * ```ts
 * const lastAllowed = start + MAX_REWRITE_MEASURES - 1;
 * ```
 */
export const MAX_REWRITE_MEASURES = 32;

/**
 * The most voices a staff holds, numbered v1 to v16. Real scores use up to
 * four a staff (eight in Finale's layers); the rest is room for the voices an
 * import adds for overlapping notes.
 *
 * @example
 * ```ts
 * lane.voice <= MAX_VOICES; // else the planner refuses it as too-many-voices
 * ```
 */
export const MAX_VOICES = 16;

/** The `too-many-voices` message for a voice number past {@link MAX_VOICES}. */
export function voiceLimitMessage(key: string, voice: number): string {
  return `${key} is voice ${voice}, but a staff holds at most ${MAX_VOICES} voices (v1-v${MAX_VOICES}).`;
}

/** A unit the rewrite writes, with its lanes by voice. */
export interface WrittenUnit extends UnitRef {
  readonly voices: Map<number, { readonly lane: Lane; readonly index: number }>;
}

/** The request fields admission looks at. */
export interface AdmissionRequest {
  readonly start: number;
  readonly end?: number;
  readonly parts?: readonly number[];
  readonly text: string;
  readonly allowMeasureCountChange?: boolean;
}

/**
 * Sorts the parsed lanes into the units they write, reporting every lane
 * that may not be written. `written` is keyed `part/staff/measure`.
 */
export function admitLanes(
  view: ScoreView,
  request: AdmissionRequest,
  lanes: readonly Lane[],
  locations: readonly LaneLocation[],
  problems: ProblemList,
): { written: Map<string, WrittenUnit>; lastMeasure: number } {
  const count = view.measureCount;
  const partCount = view.parts.length;
  const { start, end } = request;
  const allow = request.allowMeasureCountChange === true;
  const rangeLimit = start + MAX_REWRITE_MEASURES - 1;
  if (request.parts && request.parts.length === 0) {
    problems.push(noPartsNamed(partCount));
    return { written: new Map(), lastMeasure: start };
  }
  const named = new Set(request.parts ?? view.parts.map((part) => part.index));
  for (const part of named) {
    if (!Number.isInteger(part) || part < 1 || part > partCount) {
      problems.push({
        code: 'unknown-part',
        message: `The rewrite names part ${part}, but the score has parts 1-${partCount}.`,
        fix: `Name parts between 1 and ${partCount}.`,
      });
    }
  }
  const namedList = [...named].sort((a, b) => a - b).join(', ');

  // Which lanes may be written, grouped by unit.
  const written = new Map<string, WrittenUnit>();
  let lastMeasure = start;
  lanes.forEach((lane, index) => {
    const key = laneKey(lane);
    const refuse = (code: Problem['code'], message: string, fix: string) =>
      problems.push({
        code,
        lane: key,
        ...placeFor(request.text, locations[index])(undefined),
        message,
        fix,
      });
    const part = view.parts[lane.part - 1];
    if (!part) {
      refuse(
        'unknown-part',
        `${key} is for part ${lane.part}, but the score has parts 1-${partCount}.`,
        `Use a part between P1 and P${partCount}.`,
      );
      return;
    }
    if (!named.has(lane.part)) {
      refuse(
        'part-not-named',
        `${key} is for part ${lane.part}, which the rewrite does not name (it names ${namedList}).`,
        `Add part ${lane.part} to the rewrite's parts, or remove this lane.`,
      );
      return;
    }
    if (lane.staff > part.info.staves) {
      const staves = `${part.info.staves} ${part.info.staves === 1 ? 'staff' : 'staves'}`;
      refuse(
        'unknown-staff',
        `${key} is for staff ${lane.staff}, but part ${lane.part} ("${part.info.name}") has ${staves}.`,
        part.info.staves === 1
          ? `Part P${lane.part} has one staff: use s1.`
          : `Use a staff between s1 and s${part.info.staves}.`,
      );
      return;
    }
    if (lane.voice > MAX_VOICES) {
      refuse(
        'too-many-voices',
        voiceLimitMessage(key, lane.voice),
        `Write it in a voice between v1 and v${MAX_VOICES} (most staves need no more than v1-v4), or on another staff.`,
      );
      return;
    }
    if (lane.measure < start || (end !== undefined && lane.measure > end)) {
      refuse(
        'outside-range',
        `${key} is outside the rewrite's range, m${start}-m${end ?? Math.min(rangeLimit, allow ? rangeLimit : Math.max(count, start))}.`,
        lane.measure < start
          ? `Start the rewrite at m${lane.measure}, or remove this lane.`
          : `End the rewrite at m${lane.measure} or later, or remove this lane.`,
      );
      return;
    }
    if (lane.measure > rangeLimit) {
      refuse(
        'range-too-long',
        `${key} is ${lane.measure - start + 1} measures from the start m${start}; a rewrite covers at most ${MAX_REWRITE_MEASURES} measures (m${start}-m${rangeLimit}).`,
        'Split the rewrite into calls of at most 32 measures each.',
      );
      return;
    }
    if (lane.measure > count && !allow) {
      const added = lane.measure - count;
      refuse(
        'measure-count-change',
        `${key} is past the last measure, m${count}; writing it adds ${added} measure${added === 1 ? '' : 's'}.`,
        'Allow the measure-count change (allow_measure_count_change: true), or remove this lane.',
      );
      return;
    }
    lastMeasure = Math.max(lastMeasure, lane.measure);
    const unitKey = `${lane.part}/${lane.staff}/${lane.measure}`;
    let unit = written.get(unitKey);
    if (!unit) {
      unit = { part: lane.part, staff: lane.staff, measure: lane.measure, voices: new Map() };
      written.set(unitKey, unit);
    }
    unit.voices.set(lane.voice, { lane, index });
  });

  return { written, lastMeasure };
}
