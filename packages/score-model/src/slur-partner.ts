/**
 * Finding the other end of a slur: the nearest event of the same part, after
 * a start or before an end, whose marks hold the opposite end with the same
 * number. Slurs pair by number within a part, across voices and staves.
 */
import { add, compare, type Rational, ZERO } from '@scorelane/lanes-seq';
import { modelMarks } from './lane-mark-words.ts';
import { marksOf } from './marks.ts';
import type { VoiceContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';

/** Where one event sits: its lane and its 1-based index in it. */
export interface EventPlace {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  /** 1-based. */
  readonly event: number;
}

/** How far a search for a slur's other end goes, in measures. */
const SEARCH_MEASURES = 64;

interface Candidate {
  readonly place: EventPlace;
  readonly onset: Rational;
}

/** Every event of a voice with its onset; grace notes sit at the onset of what follows. */
function onsets(voice: VoiceContent): Rational[] {
  let onset = ZERO;
  return voice.events.map((event) => {
    const at = onset;
    if (!event.grace) onset = add(onset, event.duration);
    return at;
  });
}

/** The events of one measure of a part whose marks hold `kind` with `number`. */
function holders(
  view: ScoreView,
  part: number,
  measure: number,
  kind: 'slur-start' | 'slur-stop',
  number: string,
): Candidate[] {
  const found: Candidate[] = [];
  const staves = view.parts[part - 1]?.info.staves ?? 0;
  for (let staff = 1; staff <= staves; staff++) {
    for (const voice of view.unit(part, staff, measure)?.content.voices ?? []) {
      const at = onsets(voice);
      voice.events.forEach((event, index) => {
        const marks = [...(marksOf(event.attachments) ?? []), ...modelMarks(event)];
        if (marks.some((mark) => mark.kind === kind && (mark.number ?? '1') === number)) {
          const place = { part, staff, voice: voice.voice, measure, event: index + 1 };
          found.push({ place, onset: at[index]! });
        }
      });
    }
  }
  return found;
}

/** Whether `a` comes before `b` in the music (same lane: by index). */
function before(a: Candidate, b: Candidate): boolean {
  if (a.place.measure !== b.place.measure) return a.place.measure < b.place.measure;
  const order = compare(a.onset, b.onset);
  if (order !== 0) return order < 0;
  return (
    a.place.staff === b.place.staff &&
    a.place.voice === b.place.voice &&
    a.place.event < b.place.event
  );
}

/** The onset of the event at `place`. */
function onsetOf(view: ScoreView, place: EventPlace): Rational {
  const voice = view
    .unit(place.part, place.staff, place.measure)
    ?.content.voices.find((candidate) => candidate.voice === place.voice);
  return voice ? (onsets(voice)[place.event - 1] ?? ZERO) : ZERO;
}

/**
 * The place of the other end of the slur whose `end` (with `number`) sits at
 * `place`, as the score is now; `undefined` when there is none within 64
 * measures.
 *
 * @example
 * ```ts
 * slurPartner(view, { part: 1, staff: 1, voice: 1, measure: 2, event: 1 }, 'slur-start', '1');
 * // { part: 1, staff: 1, voice: 1, measure: 4, event: 2 }
 * ```
 */
export function slurPartner(
  view: ScoreView,
  place: EventPlace,
  end: 'slur-start' | 'slur-stop',
  number: string,
): EventPlace | undefined {
  const self: Candidate = { place, onset: onsetOf(view, place) };
  const forward = end === 'slur-start';
  const other = forward ? 'slur-stop' : 'slur-start';
  const last = forward
    ? Math.min(view.measureCount, place.measure + SEARCH_MEASURES)
    : Math.max(1, place.measure - SEARCH_MEASURES);
  const step = forward ? 1 : -1;
  for (let measure = place.measure; forward ? measure <= last : measure >= last; measure += step) {
    const found = holders(view, place.part, measure, other, number).filter((candidate) =>
      forward ? before(self, candidate) : before(candidate, self),
    );
    if (found.length === 0) continue;
    const nearest = found.reduce((best, candidate) =>
      (forward ? before(candidate, best) : before(best, candidate)) ? candidate : best,
    );
    return nearest.place;
  }
  return undefined;
}
