/**
 * Marks across a rewrite, by the no-accident rule: a text that writes no
 * mark is notes-only, and the marks and lyrics of events written again
 * unchanged (same onset, same notes) are kept; a text that writes any mark
 * states the marks of its lanes in full. Either way, what the unit held and
 * no longer holds is returned, to be listed in `dropped`.
 */
import {
  compare,
  type LaneMark,
  type OnsetMarks,
  type Pitch,
  type Rational,
  samePitch,
} from '@scorelane/lanes-seq';
import { indexesByKey, placed, takeIndex } from './attachments.ts';
import { eventOnsets } from './event-onsets.ts';
import { tieContinuations } from './lyric-slots.ts';
import { encodeMark } from './mark-codec.ts';
import type { Lyric, ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';

/** Model marks a rewrite removes from one event (`event`, 1-based, before) or one onset of a voice. */
export interface LostMarks {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly voice: number;
  readonly event?: number;
  readonly onset?: Rational;
  readonly marks: readonly LaneMark[];
  readonly lyrics: readonly Lyric[];
}

type TiedIn = (voice: number) => readonly Pitch[];

const markKey = (mark: LaneMark): string => JSON.stringify(encodeMark(mark));
const lyricKey = (lyric: Lyric): string =>
  `${lyric.verse}|${lyric.text}|${lyric.hyphen}|${lyric.extend}`;

/** The items of `old` that `kept` does not hold, counting repeats. */
function missing<T>(old: readonly T[], kept: readonly T[], key: (item: T) => string): T[] {
  const counts = new Map<string, number>();
  for (const item of kept) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return old.filter((item) => {
    const count = counts.get(key(item)) ?? 0;
    if (count === 0) return true;
    counts.set(key(item), count - 1);
    return false;
  });
}

/** Every mark an event holds, a chord's fingerings as fingering marks. */
function allMarks(event: ScoreEvent): LaneMark[] {
  const fingers: LaneMark[] =
    event.kind === 'chord'
      ? event.notes.flatMap((note) =>
          note.fingering === undefined ? [] : [{ kind: 'fingering', finger: note.fingering }],
        )
      : [];
  return [...(event.marks ?? []), ...fingers];
}

/** `event` (the same notes as `old`) with the marks, fingerings and lyrics of `old`. */
function withMarksOf(event: ScoreEvent, old: ScoreEvent): ScoreEvent {
  const { marks: _m, lyrics: _l, ...rest } = event;
  let result = { ...rest } as ScoreEvent;
  if (result.kind === 'chord' && old.kind === 'chord') {
    const notes = result.notes.map((note) => {
      const finger = old.notes.find((candidate) =>
        samePitch(candidate.pitch, note.pitch),
      )?.fingering;
      const { fingering: _, ...plain } = note;
      return finger === undefined ? plain : { ...plain, fingering: finger };
    });
    result = { ...result, notes };
  }
  if (old.marks !== undefined) result = { ...result, marks: old.marks };
  if (old.lyrics !== undefined) result = { ...result, lyrics: old.lyrics };
  return result;
}

/** Whether an `@` item at `onset` still falls inside `events` and on no event's start. */
function onsetStillFree(events: readonly ScoreEvent[], onset: Rational): boolean {
  const { onsets, end } = eventOnsets(events);
  return compare(onset, end) < 0 && !onsets.some((start) => compare(start, onset) === 0);
}

function voiceWith(voice: VoiceContent, events: ScoreEvent[], onsetMarks: readonly OnsetMarks[]) {
  return onsetMarks.length > 0
    ? { voice: voice.voice, events, onsetMarks }
    : { voice: voice.voice, events };
}

/**
 * The new content of a rewritten unit with the marks the rule keeps, and the
 * marks it loses. `full` is the first reading of the rule (the text states
 * marks); otherwise marks of events written again unchanged are carried.
 * In both, lyrics no lyric line can hold (on a rest, grace note or tie
 * continuation) ride along on an unchanged event, as attachments do.
 *
 * @example
 * ```ts
 * carryMarks({ part: 1, staff: 1, measure: 2 }, before, after, false, tiedBefore, tiedAfter).lost;
 * ```
 */
export function carryMarks(
  ref: { readonly part: number; readonly staff: number; readonly measure: number },
  before: UnitContent,
  after: UnitContent,
  full: boolean,
  tiedBefore: TiedIn,
  tiedAfter: TiedIn,
): { content: UnitContent; lost: LostMarks[] } {
  const lost: LostMarks[] = [];
  const lose = (
    voice: number,
    where: { event?: number; onset?: Rational },
    marks: LaneMark[],
    lyrics: Lyric[],
  ) => {
    if (marks.length > 0 || lyrics.length > 0)
      lost.push({ ...ref, voice, ...where, marks, lyrics });
  };
  const voices = after.voices.map((voice): VoiceContent => {
    const old = before.voices.find((candidate) => candidate.voice === voice.voice);
    if (!old) return voice;
    const unmatched = indexesByKey(placed(old.events));
    const newKeys = placed(voice.events);
    const oldContinues = tieContinuations(old.events, tiedBefore(voice.voice));
    const newContinues = tieContinuations(voice.events, tiedAfter(voice.voice));
    const matchOf = new Map<number, number>();
    const events = voice.events.map((event, index) => {
      const match = takeIndex(unmatched, newKeys[index]!);
      if (match === undefined) return event;
      matchOf.set(match, index);
      const was = old.events[match]!;
      if (!full) return withMarksOf(event, was);
      // Lyrics a line cannot hold stay on an unchanged event.
      const hidden = (e: ScoreEvent, continues: boolean) =>
        e.kind === 'rest' || e.kind === 'space' || e.grace || continues;
      if (!hidden(was, oldContinues[match]!) || !hidden(event, newContinues[index]!)) return event;
      const carried = missing(was.lyrics ?? [], event.lyrics ?? [], lyricKey);
      const lyrics = [...(event.lyrics ?? []), ...carried].sort((a, b) => a.verse - b.verse);
      return lyrics.length === 0 ? event : { ...event, lyrics };
    });
    old.events.forEach((was, index) => {
      const now = matchOf.get(index);
      const kept = now === undefined ? undefined : events[now]!;
      lose(
        voice.voice,
        { event: index + 1 },
        missing(allMarks(was), kept ? allMarks(kept) : [], markKey),
        missing(was.lyrics ?? [], kept?.lyrics ?? [], lyricKey),
      );
    });
    const written = voice.onsetMarks ?? [];
    const onsetMarks = full
      ? written
      : (old.onsetMarks ?? []).filter((item) => onsetStillFree(events, item.onset));
    for (const item of old.onsetMarks ?? []) {
      const now = onsetMarks.find((candidate) => compare(candidate.onset, item.onset) === 0);
      lose(voice.voice, { onset: item.onset }, missing(item.marks, now?.marks ?? [], markKey), []);
    }
    return voiceWith(voice, events, onsetMarks);
  });
  for (const old of before.voices) {
    if (after.voices.some((voice) => voice.voice === old.voice)) continue;
    old.events.forEach((was, index) => {
      lose(old.voice, { event: index + 1 }, allMarks(was), [...(was.lyrics ?? [])]);
    });
    for (const item of old.onsetMarks ?? [])
      lose(old.voice, { onset: item.onset }, [...item.marks], []);
  }
  return { content: { ...after, voices }, lost };
}
