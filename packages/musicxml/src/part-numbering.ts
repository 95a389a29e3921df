/**
 * The numbers a part's writing needs before its first measure: how far
 * apart the voices of its staves are numbered, and the highest slur
 * `number` its kept notes use. Read for every part in the walk that
 * chooses the score's divisions, so that export walks the score's events
 * once before writing them.
 */
import type { VoiceContent } from '@scorelane/score-model';
import { eventKeep } from './attachment-types.ts';
import { scoreDivisions } from './score-divisions.ts';
import type { ScoreSnapshot } from './score-snapshot.ts';
import type { XmlElement, XmlNode } from './xml-tree.ts';

/**
 * How a part's voices and model slurs are numbered: voice `v` of staff `s`
 * is written `v + (s - 1) * stride` (`stride` the highest voice of any of
 * its units, at least 1), and the model's slurs take numbers above
 * `keptSlurs`, the highest slur `number` the part's kept notes use (0 when
 * none, at most 16).
 */
export interface PartNumbers {
  stride: number;
  keptSlurs: number;
}

/**
 * The score's `<divisions>` (see `scoreDivisions`) and each part's
 * {@link PartNumbers}, read in one walk over the score's units: export
 * needs both before it writes a part, and each walk over every event adds
 * up.
 *
 * @throws RangeError when no divisions can write the score (see `scoreDivisions`).
 * @example
 * ```ts
 * scoreNumbering(snapshot).parts[0]; // { stride: 2, keptSlurs: 1 } for a part with two voices and a kept slur numbered 1
 * ```
 */
export function scoreNumbering(snapshot: ScoreSnapshot): {
  divisions: number;
  parts: PartNumbers[];
} {
  const parts: PartNumbers[] = snapshot.parts.map(() => ({ stride: 1, keptSlurs: 0 }));
  const divisions = scoreDivisions(snapshot, (part, voice) => numberVoice(parts[part - 1]!, voice));
  return { divisions, parts };
}

/** Takes one voice of a part into its numbers. */
function numberVoice(numbers: PartNumbers, voice: VoiceContent): void {
  if (voice.voice > numbers.stride) numbers.stride = voice.voice;
  const events = voice.events;
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    if (event.attachments === undefined) continue;
    const notes = eventKeep(event)?.notes;
    if (notes === undefined) continue;
    for (let note = 0; note < notes.length; note++)
      numbers.keptSlurs = highestSlur(notes[note]!, numbers.keptSlurs);
  }
}

/** The name of a node that is an element, else undefined (no `in` test, which every node's shape makes slow). */
function nameOf(node: XmlNode): string | undefined {
  return typeof node === 'object' ? (node as Partial<XmlElement>).n : undefined;
}

/** The highest slur `number` a kept note uses, or `highest` (walked without copying its children). */
function highestSlur(note: XmlElement, highest: number): number {
  const children = note.c;
  if (children === undefined) return highest;
  for (let index = 0; index < children.length; index++) {
    const notations = children[index]!;
    if (nameOf(notations) !== 'notations') continue;
    const marks = (notations as XmlElement).c;
    if (marks === undefined) continue;
    for (let mark = 0; mark < marks.length; mark++) {
      const slur = marks[mark]!;
      if (nameOf(slur) !== 'slur') continue;
      const number = Number((slur as XmlElement).a?.number ?? '1');
      if (Number.isInteger(number) && number > highest) highest = Math.min(number, 16);
    }
  }
  return highest;
}
