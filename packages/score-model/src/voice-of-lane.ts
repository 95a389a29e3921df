/**
 * A written lane as the voice it stores: its events with their marks, its
 * `@` items, and the syllables of its lyric lines on its slots.
 */
import type { Lane, LyricLine, Pitch } from '@scorelane/lanes-seq';
import { withLyricLines } from './lyric-slots.ts';
import type { VoiceContent } from './score-types.ts';

/**
 * The voice a lane writes, with `lines` (its lyric lines) attached to its
 * slots; a line with more syllables than slots (a planner problem, checked
 * before) keeps the syllables that fit.
 *
 * @example
 * ```ts
 * voiceOfLane(lane, [line], []).events[0]?.lyrics; // [{ verse: 1, text: 'Freu', hyphen: true, extend: false }]
 * ```
 */
export function voiceOfLane(
  lane: Lane,
  lines: readonly LyricLine[],
  tiedIn: readonly Pitch[],
): VoiceContent {
  const events =
    lines.length === 0
      ? lane.events
      : (withLyricLines(lane.events, tiedIn, lines, true) ?? lane.events);
  return lane.onsetMarks !== undefined && lane.onsetMarks.length > 0
    ? { voice: lane.voice, events, onsetMarks: lane.onsetMarks }
    : { voice: lane.voice, events };
}
