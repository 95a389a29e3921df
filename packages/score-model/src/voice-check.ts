/**
 * The checks on one voice in one measure that need nothing else: fill,
 * notatable durations, tuplet groups, and ties between its own events.
 */
import {
  compare,
  type DurationNotation,
  formatPitch,
  formatRational,
  type NoteValue,
  notateDuration,
  type Pitch,
  type Rational,
  serializeEvent,
  subtract,
  sum,
  type TupletRatio,
} from '@scorelane/lanes-seq';
import { measureLength } from './measure-length.ts';
import type { Problem } from './problem.ts';
import type { MeasureInfo, ScoreEvent } from './score-types.ts';
import { holdsPitch, tiedPitches, tieLandingIndex } from './ties.ts';
import { laneEvent } from './unit-lanes.ts';

/**
 * Consecutive tuplet values the planner groups under one bracket.
 *
 * @example
 * ```ts
 * // C5=1/12 D5=1/12 E5=1/12 is one triplet:
 * const group: TupletGroup = { lane: 'P1 s1 v1 m1', firstEvent: 1, lastEvent: 3, ratio: { actual: 3, normal: 2 }, duration: rational(1, 4) };
 * ```
 */
export interface TupletGroup {
  readonly lane: string;
  /** 1-based indexes of the group's first and last events in the lane. */
  readonly firstEvent: number;
  readonly lastEvent: number;
  readonly ratio: TupletRatio;
  /** How long the whole group sounds. */
  readonly duration: Rational;
}

/**
 * An event printed as several tied values when the measure is laid out.
 *
 * @example
 * ```ts
 * // F5=5/8 is printed as a half note tied to an eighth:
 * const split: SplitEvent = { lane: 'P1 s1 v1 m1', event: 4, values: [half, eighth] };
 * ```
 */
export interface SplitEvent {
  readonly lane: string;
  /** 1-based index of the event in the lane. */
  readonly event: number;
  readonly values: readonly NoteValue[];
  readonly ratio?: TupletRatio;
}

/** Where a lane's events are in the submitted text, to point problems at them. */
export type EventPlace = (eventIndex: number | undefined) => { line?: number; column?: number };

/** What checking one voice found. */
export interface VoiceCheck {
  readonly problems: Problem[];
  readonly tuplets: TupletGroup[];
  readonly splits: SplitEvent[];
}

/** How a measure's length is described in messages: `time 4/4`, `pickup 1/4 in 4/4`. */
export function lengthLabel(info: MeasureInfo): string {
  const time = `${info.time.beats}/${info.time.beatType}`;
  return info.pickup ? `pickup of ${formatRational(info.pickup)} in ${time}` : `time ${time}`;
}

function eventText(event: ScoreEvent): string {
  return serializeEvent(laneEvent(event));
}

function ratioOf(notation: DurationNotation): TupletRatio | undefined {
  if (notation.kind === 'tuplet') return notation.ratio;
  if (notation.kind === 'tied') return notation.ratio;
  return undefined;
}

function isPlain(value: Rational): boolean {
  let den = value.den;
  while (den % 2 === 0) den /= 2;
  return den === 1;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
];

/**
 * Checks one voice of one measure: each duration can be notated, tuplet
 * values make whole groups, the sounding events fill the measure exactly, and
 * every tie to a later event of the same lane lands on its pitch. A tie on
 * the last sounding event leaves the measure; the caller checks it.
 */
export function checkVoice(
  lane: string,
  measure: number,
  events: readonly ScoreEvent[],
  info: MeasureInfo,
  place: EventPlace,
): VoiceCheck {
  const problems: Problem[] = [];
  const tuplets: TupletGroup[] = [];
  const splits: SplitEvent[] = [];
  let allNotatable = true;
  let group: { ratio: TupletRatio; first: number; total: Rational; last: number } | undefined;

  const closeIncomplete = () => {
    if (!group) return;
    const texts = events
      .slice(group.first, group.last + 1)
      .map(eventText)
      .join(' ');
    const { actual, normal } = group.ratio;
    const first = events[group.first]!;
    const example = `${NUMBER_WORDS[actual] ?? actual} ${formatRational(first.duration)} make ${formatRational(
      sum(Array.from({ length: actual }, () => first.duration)),
    )}`;
    problems.push({
      code: 'incomplete-tuplet',
      lane,
      ...place(group.first),
      message: `${lane} ${group.first === group.last ? `event ${group.first + 1}` : `events ${group.first + 1}-${group.last + 1}`} "${texts}" ${group.first === group.last ? 'is a' : 'are'} ${actual}:${normal} tuplet ${group.first === group.last ? 'value' : 'values'} that last${group.first === group.last ? 's' : ''} ${formatRational(group.total)}, which is not a whole tuplet group.`,
      fix: `Complete the group so it lasts a plain value (${example}), or use plain values.`,
    });
    group = undefined;
  };

  events.forEach((event, index) => {
    const notation = notateDuration(event.duration);
    if (notation.kind === 'unnotatable') {
      allNotatable = false;
      problems.push({
        code: 'unnotatable-duration',
        lane,
        ...place(index),
        message: `${lane} event ${index + 1} "${eventText(event)}" cannot be notated: ${notation.reason}.`,
        fix: 'Use a plain or dotted value (1/4, 3/8), a tuplet value (1/12 is a triplet eighth), or tie notes of such values.',
      });
      return;
    }
    if (event.grace) {
      if (notation.kind !== 'value') {
        problems.push({
          code: 'unnotatable-duration',
          lane,
          ...place(index),
          message: `${lane} event ${index + 1} "${eventText(event)}" is a grace note printed as ${formatRational(event.duration)}, which is not a plain or dotted value.`,
          fix: 'A grace note is printed as a plain or dotted value: g1/8, g1/16, g3/16.',
        });
      }
      return;
    }
    if (notation.kind === 'tied') {
      splits.push({
        lane,
        event: index + 1,
        values: notation.values,
        ...(notation.ratio ? { ratio: notation.ratio } : {}),
      });
    }
    const ratio = ratioOf(notation);
    if (!ratio) {
      closeIncomplete();
      return;
    }
    if (group && (group.ratio.actual !== ratio.actual || group.ratio.normal !== ratio.normal)) {
      closeIncomplete();
    }
    if (!group) group = { ratio, first: index, total: event.duration, last: index };
    else group = { ...group, total: sum([group.total, event.duration]), last: index };
    if (isPlain(group.total)) {
      tuplets.push({
        lane,
        firstEvent: group.first + 1,
        lastEvent: index + 1,
        ratio: group.ratio,
        duration: group.total,
      });
      group = undefined;
    }
  });
  closeIncomplete();

  if (allNotatable) {
    const length = measureLength(info);
    const filled = sum(events.filter((event) => !event.grace).map((event) => event.duration));
    const order = compare(filled, length);
    if (order !== 0) {
      const difference = order < 0 ? subtract(length, filled) : subtract(filled, length);
      const amount = formatRational(difference);
      problems.push({
        code: 'measure-fill',
        lane,
        ...place(undefined),
        message: `${lane} lasts ${formatRational(filled)}, but m${measure} lasts ${formatRational(length)} (${lengthLabel(info)}): ${amount} ${order < 0 ? 'is missing' : 'too much'}.`,
        fix:
          order < 0
            ? `Add ${amount} to the lane, for example r=${amount} at its end, or lengthen its events.`
            : `Remove ${amount} from the lane, for example by shortening its last event.`,
      });
    }
  }

  events.forEach((event, index) => {
    const pitches = tiedPitches(event);
    if (pitches.length === 0) return;
    const next = tieLandingIndex(events, index);
    if (next === -1) return;
    const target = events[next]!;
    for (const pitch of pitches) {
      if (holdsPitch(target, pitch)) continue;
      problems.push(
        tieProblem(lane, index, event, pitch, `the next event "${eventText(target)}"`, place),
      );
    }
  });
  return { problems, tuplets, splits };
}

/** The problem of a tie that does not land, pointing at the tied event; no `target` means past the last measure. */
export function tieProblem(
  lane: string,
  index: number,
  event: ScoreEvent,
  pitch: Pitch,
  target: string | undefined,
  place: EventPlace,
  fix?: string,
): Problem {
  const name = formatPitch(pitch);
  const tied = `${lane} event ${index + 1} "${eventText(event)}" ties ${name}`;
  return {
    code: 'tie-not-landing',
    lane,
    ...place(index),
    message:
      target === undefined
        ? `${tied} past the last measure.`
        : `${tied}, but ${target} does not hold ${name}.`,
    fix: fix ?? `Remove the ~ after ${name}, or make the next event hold ${name}.`,
  };
}
