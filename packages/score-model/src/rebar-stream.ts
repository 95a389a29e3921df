/**
 * The music of one voice as one stream, and that stream cut into measures
 * of other lengths: what re-barring does to each voice. A note or chord cut
 * by a new bar line becomes tied pieces; a rest becomes rests.
 */
import {
  add,
  compare,
  type LaneMark,
  type OnsetMarks,
  type Rational,
  subtract,
  ZERO,
} from '@scorelane/lanes-seq';
import type { ScoreEvent, VoiceContent } from './score-types.ts';

/** A voice's events and onset marks, placed from the start of the stream. */
export interface VoiceStream {
  readonly events: readonly { readonly at: Rational; readonly event: ScoreEvent }[];
  readonly onsetMarks: readonly { readonly at: Rational; readonly marks: readonly LaneMark[] }[];
}

/** Marks that belong on the last piece of a cut note: what ends there. */
function endsOnLastPiece(mark: LaneMark): boolean {
  switch (mark.kind) {
    case 'slur':
    case 'pedal':
      return mark.type === 'stop';
    case 'hairpin':
    case 'octave-line':
      return mark.type === 'stop';
    case 'fermata':
    case 'breath':
      return true;
    default:
      return false;
  }
}

/**
 * Joins a voice's content of consecutive measures into one stream; a
 * measure where the voice is missing holds a rest (voice 1) or an invisible
 * rest (other voices) of the measure's length.
 *
 * @example
 * ```ts
 * const stream = voiceStream(1, [{ length: rational(1, 1), voice: content.voices[0] }]);
 * ```
 */
export function voiceStream(
  voice: number,
  measures: readonly { readonly length: Rational; readonly content: VoiceContent | undefined }[],
): VoiceStream {
  const events: { at: Rational; event: ScoreEvent }[] = [];
  const onsetMarks: { at: Rational; marks: readonly LaneMark[] }[] = [];
  let start = ZERO;
  for (const { length, content } of measures) {
    if (content === undefined) {
      events.push({
        at: start,
        event: { kind: voice === 1 ? 'rest' : 'space', duration: length, grace: false },
      });
    } else {
      let at = start;
      for (const event of content.events) {
        events.push({ at, event });
        if (!event.grace) at = add(at, event.duration);
      }
      for (const marks of content.onsetMarks ?? []) {
        onsetMarks.push({ at: add(start, marks.onset), marks: marks.marks });
      }
    }
    start = add(start, length);
  }
  return { events, onsetMarks };
}

/** `event` cut to `duration`: `first` keeps what starts, `last` what ends, the middle neither. */
function piece(event: ScoreEvent, duration: Rational, first: boolean, last: boolean): ScoreEvent {
  const marks = (event.marks ?? []).filter((mark) => (endsOnLastPiece(mark) ? last : first));
  const base = { ...event, duration, marks };
  if (marks.length === 0) delete (base as { marks?: unknown }).marks;
  if (!first) {
    delete (base as { lyrics?: unknown }).lyrics;
    delete (base as { attachments?: unknown }).attachments;
  }
  // Every piece but the last ties into the next; the last keeps the event's own tie.
  if (!last && (event.kind === 'note' || event.kind === 'chord')) {
    return { ...base, tie: true } as ScoreEvent;
  }
  return base as ScoreEvent;
}

/** `event` with no tie out of it, on the chord or any of its notes. */
function untied(event: ScoreEvent): ScoreEvent {
  if (event.kind === 'chord') {
    return { ...event, tie: false, notes: event.notes.map((note) => ({ ...note, tie: false })) };
  }
  return event.kind === 'note' ? { ...event, tie: false } : event;
}

/**
 * Cuts a stream into measures of `lengths` (their sum at least the
 * stream's length; the tail is filled with rests, or invisible rests past
 * voice 1). A grace note goes with the event after it; an onset mark at the
 * start of a piece goes on that piece.
 *
 * @example
 * ```ts
 * const measures = cutStream(stream, [rational(3, 4), rational(3, 4)], 1);
 * ```
 */
export function cutStream(
  stream: VoiceStream,
  lengths: readonly Rational[],
  voice: number,
): VoiceContent[] {
  const out: { events: ScoreEvent[]; onsetMarks: OnsetMarks[] }[] = lengths.map(() => ({
    events: [],
    onsetMarks: [],
  }));
  const starts: Rational[] = [];
  let total = ZERO;
  for (const length of lengths) {
    starts.push(total);
    total = add(total, length);
  }
  /** The measure holding onset `at`: a bar line's onset belongs to the measure after it. */
  const measureAt = (at: Rational) => {
    let index = 0;
    while (index + 1 < starts.length && compare(starts[index + 1]!, at) <= 0) index++;
    return index;
  };
  let end = ZERO;
  let lastPlaced: { measure: number; index: number } | undefined;
  for (const { at, event } of stream.events) {
    if (event.grace) {
      out[measureAt(at)]!.events.push(event);
      continue;
    }
    let onset = at;
    let left = event.duration;
    let first = true;
    while (compare(left, ZERO) > 0) {
      const index = measureAt(onset);
      const room = subtract(add(starts[index]!, lengths[index]!), onset);
      const take = compare(left, room) <= 0 ? left : room;
      left = subtract(left, take);
      out[index]!.events.push(piece(event, take, first, compare(left, ZERO) === 0));
      lastPlaced = { measure: index, index: out[index]!.events.length - 1 };
      onset = add(onset, take);
      first = false;
    }
    end = onset;
  }
  // The tail of the last measures, past the stream's end: a tie out of the
  // stream's last note would land on a rest, so it is taken off.
  if (compare(end, total) < 0 && lastPlaced !== undefined) {
    const events = out[lastPlaced.measure]!.events;
    const last = events[lastPlaced.index]!;
    if ((last.kind === 'note' || last.kind === 'chord') && last.tie) {
      events[lastPlaced.index] = untied(last);
    }
  }
  while (compare(end, total) < 0) {
    const index = measureAt(end);
    const room = subtract(add(starts[index]!, lengths[index]!), end);
    out[index]!.events.push({ kind: voice === 1 ? 'rest' : 'space', duration: room, grace: false });
    end = add(end, room);
  }
  for (const { at, marks } of stream.onsetMarks) {
    const index = measureAt(at);
    const onset = subtract(at, starts[index]!);
    const measure = out[index]!;
    if (compare(onset, ZERO) === 0 && measure.events[0] !== undefined) {
      const head = measure.events[0];
      measure.events[0] = { ...head, marks: [...(head.marks ?? []), ...marks] };
    } else {
      measure.onsetMarks.push({ onset, marks });
    }
  }
  return out.map(({ events, onsetMarks }) => ({
    voice,
    events,
    ...(onsetMarks.length === 0 ? {} : { onsetMarks }),
  }));
}
