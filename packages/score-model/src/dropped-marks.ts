/**
 * What a plan drops, in words: the musical marks of every attachment a
 * replaced event or unit held. Layout (an attachment that lists no marks)
 * is dropped without a word; an attachment that does not describe itself
 * is reported whole.
 */
import { formatRational, ZERO } from '@scorelane/lanes-seq';
import type { LostMarks } from './carry-marks.ts';
import type { Json } from './json.ts';
import { describedLyric, markOf } from './lane-mark-words.ts';
import { encodeLyric, encodeMark } from './mark-codec.ts';
import { describeMark, listInWords, type Mark, marksOf } from './marks.ts';
import type { DroppedAttachment } from './plan-types.ts';
import type { UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import { type EventPlace, slurPartner } from './slur-partner.ts';
import { unitName } from './unit-lanes.ts';

/**
 * An attachment a plan leaves out: on an event (`voice` and `event` given,
 * `event` 1-based) or on a unit as a whole.
 */
export interface LostAttachment {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly voice?: number;
  readonly event?: number;
  readonly attachments: Json;
}

/**
 * Every attachment a unit holds, on the unit and on its events: what a
 * deletion of the unit loses.
 *
 * @example
 * ```ts
 * attachmentsOfUnit({ part: 1, staff: 1, measure: 3 }, unit.content).length;
 * ```
 */
export function attachmentsOfUnit(
  ref: { readonly part: number; readonly staff: number; readonly measure: number },
  content: UnitContent,
): LostAttachment[] {
  const lost: LostAttachment[] = [];
  if (content.attachments !== undefined) lost.push({ ...ref, attachments: content.attachments });
  for (const voice of content.voices) {
    voice.events.forEach((event, index) => {
      if (event.attachments !== undefined)
        lost.push({ ...ref, voice: voice.voice, event: index + 1, attachments: event.attachments });
    });
  }
  return lost;
}

/** The longest JSON of an attachment that does not describe itself that a message quotes. */
const QUOTE_LIMIT = 100;

function laneName(place: { part: number; staff: number; voice: number; measure: number }): string {
  return `P${place.part} s${place.staff} v${place.voice} m${place.measure}`;
}

/** Where the other end of a slur is, as seen from `self`: `on event 3`, `in m4`, `at P1 s2 v1 m4 event 2`. */
function partnerWhere(self: EventPlace, other: EventPlace): string {
  const sameLane =
    self.part === other.part && self.staff === other.staff && self.voice === other.voice;
  if (sameLane && self.measure === other.measure) return `on event ${other.event}`;
  if (sameLane) return `in m${other.measure}`;
  return `at ${laneName(other)} event ${other.event}`;
}

function slurWords(view: ScoreView, place: EventPlace, mark: Mark): string {
  const end = mark.kind as 'slur-start' | 'slur-stop';
  const other = slurPartner(view, place, end, mark.number ?? '1');
  if (!other) return describeMark(mark);
  const where = partnerWhere(place, other);
  return end === 'slur-start'
    ? `the slur that ran from here to the note ${where}`
    : `the slur that ran to here from the note ${where}`;
}

function markWords(view: ScoreView, place: EventPlace | undefined, mark: Mark): string {
  if (place && (mark.kind === 'slur-start' || mark.kind === 'slur-stop'))
    return slurWords(view, place, mark);
  return describeMark(mark);
}

function quote(attachments: Json): string {
  const json = JSON.stringify(attachments);
  return json.length > QUOTE_LIMIT ? `${json.slice(0, QUOTE_LIMIT - 1)}…` : json;
}

/**
 * Describes one lost attachment; `undefined` when it held layout only.
 *
 * @example
 * ```ts
 * describeLoss(view, { part: 1, staff: 1, measure: 2, voice: 1, event: 1, attachments })?.message;
 * // 'P1 s1 v1 m2: event 1 lost a staccato and the lyric "la".'
 * ```
 */
export function describeLoss(view: ScoreView, lost: LostAttachment): DroppedAttachment | undefined {
  const onEvent = lost.voice !== undefined && lost.event !== undefined;
  const lane = onEvent
    ? laneName({ ...lost, voice: lost.voice! })
    : unitName(lost.part, lost.staff, lost.measure);
  const who = onEvent ? `event ${lost.event} lost` : 'lost';
  const where = onEvent ? { event: lost.event! } : {};
  const marks = marksOf(lost.attachments);
  if (marks === undefined) {
    return {
      lane,
      ...where,
      marks: [],
      message: `${lane}: ${who} attachments that do not say what they hold: ${quote(lost.attachments)}.`,
      attachments: lost.attachments,
    };
  }
  if (marks.length === 0) return undefined;
  const place = onEvent
    ? ({ ...lost, voice: lost.voice!, event: lost.event! } as EventPlace)
    : undefined;
  const words = marks.map((mark) => markWords(view, place, mark));
  return {
    lane,
    ...where,
    marks,
    message: `${lane}: ${who} ${listInWords(words)}${onEvent ? '' : ' (between its notes)'}.`,
    attachments: lost.attachments,
  };
}

/**
 * Describes what a plan leaves out, in the order given, leaving out layout.
 * `view` is the score before the plan: a slur's other end is looked up in it.
 *
 * @example
 * ```ts
 * describeLosses(view, lost).map((drop) => drop.message);
 * ```
 */
export function describeLosses(
  view: ScoreView,
  losses: readonly LostAttachment[],
): DroppedAttachment[] {
  const dropped: DroppedAttachment[] = [];
  for (const lost of losses) {
    const described = describeLoss(view, lost);
    if (described) dropped.push(described);
  }
  return dropped;
}

/**
 * Describes model marks a plan removes (see `carryMarks`), in the words
 * {@link describeLoss} uses for attachments (`view` is the score before the
 * plan, where a slur's other end is looked up). Its `attachments` holds the lost
 * marks and lyrics as the unit stored them.
 *
 * @example
 * ```ts
 * describeLostMarks(view, lost).message; // 'P1 s1 v1 m2: event 1 lost a staccato and the lyric "la".'
 * ```
 */
export function describeLostMarks(view: ScoreView, lost: LostMarks): DroppedAttachment {
  const lane = laneName(lost);
  const marks = [...lost.marks.map(markOf), ...lost.lyrics.map(describedLyric)];
  const place = lost.event !== undefined ? { ...lost, event: lost.event } : undefined;
  const words = listInWords(marks.map((mark) => markWords(view, place, mark)));
  const message =
    lost.event !== undefined
      ? `${lane}: event ${lost.event} lost ${words}.`
      : `${lane}: lost ${words} at ${formatRational(lost.onset ?? ZERO)}.`;
  const stored: { [key: string]: Json } = {};
  if (lost.marks.length > 0) stored.marks = lost.marks.map(encodeMark);
  if (lost.lyrics.length > 0)
    stored.lyrics = lost.lyrics.map((lyric) => ({ ...encodeLyric(lyric) }));
  return {
    lane,
    ...(lost.event !== undefined ? { event: lost.event } : {}),
    marks,
    message,
    attachments: stored,
  };
}
