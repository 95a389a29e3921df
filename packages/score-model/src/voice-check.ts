/**
 * The checks on one voice in one measure that need nothing else: fill,
 * notatable durations, tuplet groups, and ties between its own events.
 */
import {
  compare,
  type DurationNotation,
  formatPitch,
  formatRational,
  multiply,
  type NoteValue,
  notateDuration,
  type Pitch,
  type Rational,
  rational,
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

/** Whether a value is printed as one plain or dotted note or rest. */
function isPrintable(value: Rational): boolean {
  return notateDuration(value).kind === 'value';
}

/** Plain or dotted rests that add up to `amount` (its denominator a power of two), longest first. */
function plainRests(amount: Rational): Rational[] | undefined {
  if (!isPlain(amount)) return undefined;
  const rests: Rational[] = [];
  let rest = amount;
  while (rest.num > 0 && rests.length < 8) {
    let value = rational(1, 1);
    while (compare(value, rest) > 0) value = multiply(value, rational(1, 2));
    const dotted = multiply(value, rational(3, 2));
    const take = compare(dotted, rest) <= 0 && isPrintable(dotted) ? dotted : value;
    rests.push(take);
    rest = subtract(rest, take);
  }
  return rest.num === 0 ? rests : undefined;
}

function restsText(values: readonly Rational[]): string {
  return values.map((value) => `r=${formatRational(value)}`).join(' ');
}

/**
 * How to fill `missing` at the end of a lane with rests that can be printed:
 * one rest when it is a plain or dotted value, several plain ones when it
 * splits into them, rests of the open tuplet group's value to complete it
 * first when it is that group that leaves the lane short; else no rest.
 */
function fillFix(events: readonly ScoreEvent[], missing: Rational): string {
  const amount = formatRational(missing);
  const lengthen = 'or lengthen its events.';
  if (isPrintable(missing))
    return `Add ${amount} to the lane, for example r=${amount} at its end, ${lengthen}`;
  const split = plainRests(missing);
  if (split)
    return `Add ${amount} to the lane, for example ${restsText(split)} at its end, ${lengthen}`;
  // A tuplet group left open at the end of the lane: complete it with rests
  // of its last value, then fill the rest with plain values.
  const sounding = events.filter((event) => !event.grace);
  const last = sounding[sounding.length - 1];
  const notation = last ? notateDuration(last.duration) : undefined;
  const ratio = notation ? ratioOf(notation) : undefined;
  if (last && ratio) {
    let open = rational(0, 1);
    for (let index = sounding.length - 1; index >= 0; index--) {
      const kind = notateDuration(sounding[index]!.duration);
      const its = ratioOf(kind);
      if (!its || its.actual !== ratio.actual || its.normal !== ratio.normal) break;
      open = sum([open, sounding[index]!.duration]);
      if (isPlain(open)) break;
    }
    const completing: Rational[] = [];
    let total = open;
    while (!isPlain(total) && completing.length < ratio.actual) {
      completing.push(last.duration);
      total = sum([total, last.duration]);
    }
    const used = sum([rational(0, 1), ...completing]);
    if (isPlain(total) && completing.length > 0 && compare(used, missing) <= 0) {
      const remainder = subtract(missing, used);
      const after = remainder.num === 0 ? [] : plainRests(remainder);
      if (after) {
        return `Add ${amount} to the lane: complete its ${ratio.actual}:${ratio.normal} tuplet group, for example with ${restsText([...completing, ...after])} at its end, ${lengthen}`;
      }
    }
  }
  return `${amount} is not a plain or dotted value, so no single rest fills it: change the durations so that tuplet values make whole groups and the lane adds up to its measure.`;
}

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
    // An example group of this ratio that fits in the measure: the lane's
    // own value, halved until a whole group of it does.
    const length = measureLength(info);
    let unit = events[group.first]!.duration;
    while (compare(multiply(unit, rational(actual, 1)), length) > 0) {
      unit = multiply(unit, rational(1, 2));
    }
    const example = `${NUMBER_WORDS[actual] ?? actual} ${formatRational(unit)} make ${formatRational(
      multiply(unit, rational(actual, 1)),
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
            ? fillFix(events, difference)
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
        tieProblem(lane, index, event, pitch, `the next event "${eventText(target)}"`, place, {
          landing: target,
        }),
      );
    }
  });
  return { problems, tuplets, splits };
}

/** What a tie problem may say besides where the tie goes. */
export interface TieProblemOptions {
  /** The fix, when the default ("remove the ~, or make the next event hold it") does not fit. */
  readonly fix?: string | undefined;
  /** The event the tie lands on, when there is one: a rest there gets its own explanation. */
  readonly landing?: ScoreEvent | undefined;
}

/** What a silent event is, or `undefined` for one that sounds. */
function silence(event: ScoreEvent | undefined): string | undefined {
  if (event?.kind === 'rest') return 'rest';
  if (event?.kind === 'space') return 'invisible rest';
  return undefined;
}

/**
 * The problem of a tie that does not land, pointing at the tied event; no
 * `target` means past the last measure. A tie lands on the next event that
 * takes time (grace notes between are passed over), so one onto a rest or an
 * invisible rest never lands: the message says so.
 */
export function tieProblem(
  lane: string,
  index: number,
  event: ScoreEvent,
  pitch: Pitch,
  target: string | undefined,
  place: EventPlace,
  options: TieProblemOptions = {},
): Problem {
  const name = formatPitch(pitch);
  const tied = `${lane} event ${index + 1} "${eventText(event)}" ties ${name}`;
  const silent = silence(options.landing);
  let message = `${tied}, but ${target} does not hold ${name}.`;
  if (target === undefined) message = `${tied} past the last measure.`;
  else if (silent)
    message = `${tied}, but ${target} is ${silent === 'rest' ? 'a' : 'an'} ${silent}: a tie cannot continue over silence.`;
  let fix = `Remove the ~ after ${name}, or make the next event hold ${name}.`;
  if (target === undefined)
    fix = `Remove the ~ after ${name}; the score ends here, so there is no next event to tie to.`;
  else if (silent)
    fix = `Remove the ~ after ${name}, or replace the ${silent} with ${name} (a tie passes over grace notes, never over a rest).`;
  return { code: 'tie-not-landing', lane, ...place(index), message, fix: options.fix ?? fix };
}
