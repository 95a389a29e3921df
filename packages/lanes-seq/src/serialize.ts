/**
 * The serializer: one canonical text for each document, so that equal scores
 * give equal text.
 */
import {
  canonicalChord,
  compareLanes,
  type Lane,
  type LaneEvent,
  type LanesDocument,
} from './document.ts';
import { formatPitch } from './pitch.ts';
import { formatRational } from './rational.ts';

/**
 * Writes one event in canonical form: reduced fraction, chord pitches from
 * low to high, and a chord whose every note is tied with one `~` after its
 * duration (`(F4 A4 C5)=1/4~`, never `(F4~ A4~ C5~)=1/4`).
 *
 * @example
 * ```ts
 * serializeEvent({ kind: 'rest', duration: rational(2, 8), grace: false }); // "r=1/4"
 * ```
 */
export function serializeEvent(event: LaneEvent): string {
  const duration = `=${event.grace ? 'g' : ''}${formatRational(event.duration)}`;
  switch (event.kind) {
    case 'note':
      return `${formatPitch(event.pitch)}${duration}${event.tie ? '~' : ''}`;
    case 'chord': {
      const chord = canonicalChord(event);
      const inside = chord.notes
        .map((note) => `${formatPitch(note.pitch)}${note.tie ? '~' : ''}`)
        .join(' ');
      return `(${inside})${duration}${chord.tie ? '~' : ''}`;
    }
    case 'rest':
      return `r${duration}`;
    case 'space':
      return `x${duration}`;
  }
}

/**
 * Writes one lane as a line without its line break: `P1 s1 v1 m1: C4=1/4 ...`.
 *
 * @example
 * ```ts
 * serializeLane(document.lanes[0]); // "P1 s1 v1 m1: E4=1/4 E4=1/4 F4=1/4 G4=1/4"
 * ```
 */
export function serializeLane(lane: Lane): string {
  let line = `P${lane.part} s${lane.staff} v${lane.voice} m${lane.measure}:`;
  for (const event of lane.events) line += ` ${serializeEvent(event)}`;
  return line;
}

/**
 * Writes a document in canonical form: lanes ordered by measure, part, staff
 * and voice; one space between fields and events; reduced fractions; chord
 * pitches low to high; a chord whose every note is tied with one `~` after
 * its duration; no comments; `\n` after every line. An empty document
 * is the empty string.
 *
 * `serialize(parse(text).document)` is the canonical form of `text`, and
 * `parse(serialize(document))` gives `document` back for every document
 * `parse` returned (any other comes back as `canonicalDocument(document)`).
 *
 * @example
 * ```ts
 * const result = parse('P2 s1 v1 m1: (G3 C3)=2/4\nP1 s1 v1 m1: E4=1/2 E4=1/2\n');
 * if (result.ok) serialize(result.document);
 * // "P1 s1 v1 m1: E4=1/2 E4=1/2\nP2 s1 v1 m1: (C3 G3)=1/2\n"
 * ```
 */
export function serialize(document: LanesDocument): string {
  const lanes = [...document.lanes].sort(compareLanes);
  let text = '';
  for (const lane of lanes) text += `${serializeLane(lane)}\n`;
  return text;
}
