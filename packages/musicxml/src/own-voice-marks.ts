/**
 * Which marks a voice holds at an onset (where none of its events starts)
 * are written in the voice's own run of the measure. Export writes such
 * marks beside the event another voice starts there, or after the staff's
 * voices: the time is the same, the place in the file is not. For a line
 * end (hairpin, octave line, pedal) the place matters: the model's lines of
 * a voice pair in time order, a reader's by `number` in the file's order,
 * and every line a voice draws is written with one number. A hairpin stop
 * at 5/8 written after the voice's next hairpin start at 7/8 would close
 * the new hairpin instead of the old one (Ravel's Pavane, bar 57). So a line
 * end at an onset whose voice has another end of that kind in the measure is
 * written in the voice, at its time (a `<backup>` into the note it falls in,
 * a `<forward>` back out of it), where the file's order is the voice's own.
 */
import type { LaneMark } from '@scorelane/lanes-seq';
import type { VoiceContent } from '@scorelane/score-model';

/** The marks that start or stop a line the model pairs along a voice, apart from slurs (on notes). */
const LINE_KINDS: ReadonlySet<LaneMark['kind']> = new Set(['hairpin', 'octave-line', 'pedal']);

function holdsKind(marks: readonly LaneMark[] | undefined, kinds: ReadonlySet<string>): boolean {
  if (marks === undefined) return false;
  for (const mark of marks) if (kinds.has(mark.kind)) return true;
  return false;
}

/**
 * Whether the marks `voice` holds at the onset of `entry` go in the voice's
 * own run: they end or start a line, and the voice has another end of that
 * kind in the measure (on an event, or at another onset).
 *
 * @example
 * ```ts
 * // A hairpin stop at 5/8 inside a note, and the voice's next hairpin starting at 7/8:
 * ownsItsOnset(voice, voice.onsetMarks[0]); // true
 * ```
 */
export function ownsItsOnset(
  voice: VoiceContent,
  entry: NonNullable<VoiceContent['onsetMarks']>[number],
): boolean {
  const kinds = new Set<string>();
  for (const mark of entry.marks) if (LINE_KINDS.has(mark.kind)) kinds.add(mark.kind);
  if (kinds.size === 0) return false;
  for (const event of voice.events) if (holdsKind(event.marks, kinds)) return true;
  for (const other of voice.onsetMarks ?? [])
    if (other !== entry && holdsKind(other.marks, kinds)) return true;
  return false;
}
