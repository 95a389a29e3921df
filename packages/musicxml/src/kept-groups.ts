/**
 * Tuplet brackets and beams kept from a file, checked against a voice that
 * was partly rewritten: when a rewritten note took the place of a kept one,
 * the kept `<tuplet>` and `<beam>` elements around it may no longer pair up
 * (a `<tuplet type="stop">` whose start was on the replaced note, a beam
 * group that starts with `continue`). Such half groups are never written.
 *
 * - Tuplets: if the kept brackets of a voice do not pair up, every kept
 *   `<tuplet>` of the voice is dropped and all its brackets are written from
 *   the model's grouping (the planner's).
 * - Beams: the beams of each broken group (at any level) are dropped from
 *   its notes, which then print with flags; complete groups stay.
 */
import type { ScoreEvent } from '@scorelane/score-model';
import { eventKeep } from './attachment-types.ts';
import { childElements } from './xml-tree.ts';

/** Whether a voice mixes events kept from the file with events written since. */
export function isMixed(events: readonly ScoreEvent[]): boolean {
  let kept = false;
  let written = false;
  for (const event of events) {
    if (event.kind === 'space' && event.attachments === undefined) continue;
    if (eventKeep(event)) kept = true;
    else written = true;
  }
  return kept && written;
}

/**
 * Whether the kept `<tuplet>` brackets of a voice pair up (each start with a
 * stop of its number, in order), with the brackets `generated` (by event
 * index) that export would add for groups of new notes.
 *
 * @example
 * ```ts
 * keptTupletsPairUp(events, new Map()); // false when a kept stop lost its start
 * ```
 */
export function keptTupletsPairUp(
  events: readonly ScoreEvent[],
  generated: ReadonlyMap<number, { readonly start: boolean; readonly stop: boolean }>,
): boolean {
  const open = new Set<string>();
  for (const [index, event] of events.entries()) {
    const extra = generated.get(index);
    if (extra?.start && open.size > 0) return false;
    const first = eventKeep(event)?.notes[0];
    for (const notations of first ? childElements(first, 'notations') : [])
      for (const tuplet of childElements(notations, 'tuplet')) {
        const number = tuplet.a?.number ?? '1';
        if (tuplet.a?.type === 'start') {
          if (open.has(number)) return false;
          open.add(number);
        } else if (tuplet.a?.type === 'stop') {
          if (!open.delete(number)) return false;
        }
      }
  }
  return open.size === 0;
}

function beamsOf(event: ScoreEvent, stripped: ReadonlySet<number>, index: number) {
  const levels = new Map<string, string>();
  if (stripped.has(index)) return levels;
  const first = eventKeep(event)?.notes[0];
  for (const beam of first ? childElements(first, 'beam') : []) {
    let text = '';
    for (const node of beam.c ?? []) if (typeof node === 'string') text += node;
    levels.set(beam.a?.number ?? '1', text.trim());
  }
  return levels;
}

/**
 * The indexes of the events whose kept beams belong to a group that no
 * longer forms (begin, continue..., end at each level); grace notes and
 * other notes are checked apart.
 *
 * @example
 * ```ts
 * brokenBeams(events); // Set { 1, 2, 3 }: the group lost its begin
 * ```
 */
export function brokenBeams(events: readonly ScoreEvent[]): Set<number> {
  const stripped = new Set<number>();
  for (let pass = 0; pass < 8; pass++) {
    const before = stripped.size;
    for (const grace of [false, true]) {
      const indexes = [...events.keys()].filter((index) => events[index]!.grace === grace);
      const levels = new Set<string>();
      for (const index of indexes)
        for (const level of beamsOf(events[index]!, stripped, index).keys()) levels.add(level);
      for (const level of levels) {
        let members: number[] | undefined;
        let broken = false;
        const close = (ok: boolean) => {
          if (members && (broken || !ok)) for (const member of members) stripped.add(member);
          members = undefined;
          broken = false;
        };
        for (const index of indexes) {
          const event = events[index]!;
          if (event.kind === 'space' && !eventKeep(event)) continue;
          const value = beamsOf(event, stripped, index).get(level);
          if (value === 'begin') {
            close(false);
            members = [index];
          } else if (value === 'continue' || value === 'end') {
            if (!members) {
              members = [];
              broken = true;
            }
            members.push(index);
            if (value === 'end') close(true);
          } else if (members) {
            // A note without this level's beam inside an open group: the group is broken.
            close(false);
          }
        }
        close(false);
      }
    }
    if (stripped.size === before) break;
  }
  return stripped;
}
