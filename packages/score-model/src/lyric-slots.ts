/**
 * Lyric slots: which events of a voice a lyric line's syllables go to. As in
 * LilyPond, a slot is a note or chord that is neither a grace note nor the
 * continuation of a tie, so a word lands on the first note of a tied pair.
 * Reads build lyric lines from the slots; rewrites attach lines to them.
 */
import type { LyricLine, Pitch, Syllable } from '@scorelane/lanes-seq';
import { samePitch } from '@scorelane/lanes-seq';
import type { Lyric, ScoreEvent } from './score-types.ts';
import { soundingPitches, tiedPitches } from './ties.ts';

/**
 * Whether each event continues a tie: every pitch it holds is tied to it
 * from the sounding event before (from `tiedIn`, the pitches tied in from
 * the measure before, for the first sounding event).
 *
 * @example
 * ```ts
 * tieContinuations([tiedB4, plainB4], []); // [false, true]
 * ```
 */
export function tieContinuations(
  events: readonly ScoreEvent[],
  tiedIn: readonly Pitch[],
): boolean[] {
  let tied: readonly Pitch[] = tiedIn;
  return events.map((event) => {
    if (event.grace) return false;
    const held = soundingPitches(event);
    const continues =
      held.length > 0 && held.every((pitch) => tied.some((from) => samePitch(from, pitch)));
    tied = tiedPitches(event);
    return continues;
  });
}

/**
 * The indexes of the events that take a syllable, in order.
 *
 * @example
 * ```ts
 * lyricSlots(events, []); // [0, 1, 3]: event 2 is the second note of a tie
 * ```
 */
export function lyricSlots(events: readonly ScoreEvent[], tiedIn: readonly Pitch[]): number[] {
  const continuations = tieContinuations(events, tiedIn);
  const slots: number[] = [];
  events.forEach((event, index) => {
    if ((event.kind === 'note' || event.kind === 'chord') && !event.grace && !continuations[index])
      slots.push(index);
  });
  return slots;
}

/** Why a lyric on event `index` cannot stand in a lyric line, or `undefined` when it can. */
export function unshownLyricReason(
  events: readonly ScoreEvent[],
  continuations: readonly boolean[],
  index: number,
): string | undefined {
  const event = events[index]!;
  if (event.kind === 'rest' || event.kind === 'space') return 'a rest';
  if (event.grace) return 'a grace note';
  if (continuations[index]) return 'a tie continuation';
  return undefined;
}

/**
 * The lyric lines of one voice (one per verse its slots sing, in verse
 * order), and the lyrics it holds that no line can show, by event index.
 *
 * @example
 * ```ts
 * voiceLyricLines({ part: 1, staff: 1, voice: 1, measure: 1 }, events, []).lines;
 * // [{ part: 1, staff: 1, voice: 1, measure: 1, verse: 1, slots: [{ text: 'Freu', hyphen: true, extend: false }, ...] }]
 * ```
 */
export function voiceLyricLines(
  lane: {
    readonly part: number;
    readonly staff: number;
    readonly voice: number;
    readonly measure: number;
  },
  events: readonly ScoreEvent[],
  tiedIn: readonly Pitch[],
): { lines: LyricLine[]; unshown: { event: number; lyric: Lyric; reason: string }[] } {
  const continuations = tieContinuations(events, tiedIn);
  const slots = lyricSlots(events, tiedIn);
  const verses = new Set<number>();
  const unshown: { event: number; lyric: Lyric; reason: string }[] = [];
  events.forEach((event, index) => {
    for (const lyric of event.lyrics ?? []) {
      const reason = unshownLyricReason(events, continuations, index);
      if (reason === undefined) verses.add(lyric.verse);
      else unshown.push({ event: index, lyric, reason });
    }
  });
  const lines = [...verses]
    .sort((a, b) => a - b)
    .map((verse): LyricLine => {
      const sung = slots.map((index): Syllable | null => {
        const lyric = events[index]!.lyrics?.find((candidate) => candidate.verse === verse);
        return lyric === undefined
          ? null
          : { text: lyric.text, hyphen: lyric.hyphen, extend: lyric.extend };
      });
      while (sung.length > 0 && sung[sung.length - 1] === null) sung.pop();
      return { ...lane, verse, slots: sung };
    });
  return { lines, unshown };
}

/**
 * `events` with the verses of `lines` set on their slots: each line's verse
 * is removed from every slot event, then its syllables are put on the slots
 * in order. Lyrics that stand on no slot (a rest, a grace note, a tie
 * continuation) are left as they are. Returns `undefined` when a line has
 * more syllables than there are slots, unless `truncate` keeps those that fit.
 *
 * @example
 * ```ts
 * withLyricLines(events, [], [line])?.[0]?.lyrics; // [{ verse: 1, text: 'Freu', hyphen: true, extend: false }]
 * ```
 */
export function withLyricLines(
  events: readonly ScoreEvent[],
  tiedIn: readonly Pitch[],
  lines: readonly LyricLine[],
  truncate = false,
): ScoreEvent[] | undefined {
  const slots = lyricSlots(events, tiedIn);
  const result = [...events];
  for (const line of lines) {
    if (line.slots.length > slots.length && !truncate) return undefined;
    slots.forEach((index, slot) => {
      const event = result[index]!;
      const kept = (event.lyrics ?? []).filter((lyric) => lyric.verse !== line.verse);
      const syllable = line.slots[slot] ?? null;
      const lyrics =
        syllable === null
          ? kept
          : [...kept, { verse: line.verse, ...syllable }].sort((a, b) => a.verse - b.verse);
      result[index] = withLyrics(event, lyrics);
    });
  }
  return result;
}

/** `event` with `lyrics`, the field left out when there are none. */
export function withLyrics(event: ScoreEvent, lyrics: readonly Lyric[]): ScoreEvent {
  const { lyrics: _, ...rest } = event;
  return (lyrics.length === 0 ? rest : { ...rest, lyrics }) as ScoreEvent;
}
