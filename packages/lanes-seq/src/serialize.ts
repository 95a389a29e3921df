/**
 * The serializer: one canonical text for each document, so that equal scores
 * give equal text.
 */
import {
  canonicalChord,
  compareLanes,
  compareLyricLines,
  type Lane,
  type LaneEvent,
  type LanesDocument,
  laneKey,
} from './document.ts';
import { compareMarks, formatMark } from './mark-text.ts';
import type { LaneMark, LyricLine, OnsetMarks } from './marks.ts';
import { formatPitch } from './pitch.ts';
import { add, compare, equals, formatRational, ZERO } from './rational.ts';

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
  return writeEvent(event, false);
}

/** One event, its duration left out when `leaveOutDuration` (the line's last duration is the same). */
function writeEvent(event: LaneEvent, leaveOutDuration: boolean): string {
  const duration = leaveOutDuration
    ? ''
    : `=${event.grace ? 'g' : ''}${formatRational(event.duration)}`;
  const marks = event.marks === undefined ? '' : serializeMarks(event.marks);
  switch (event.kind) {
    case 'note':
      return `${formatPitch(event.pitch)}${duration}${event.tie ? '~' : ''}${marks}`;
    case 'chord': {
      const chord = canonicalChord(event);
      const inside = chord.notes
        .map(
          (note) =>
            `${formatPitch(note.pitch)}${note.tie ? '~' : ''}${note.fingering === undefined ? '' : `-${note.fingering}`}`,
        )
        .join(' ');
      return `(${inside})${duration}${chord.tie ? '~' : ''}${marks}`;
    }
    case 'rest':
      return `r${duration}${marks}`;
    case 'space':
      return `x${duration}${marks}`;
  }
}

/**
 * Writes marks in canonical order and spelling, with nothing between them:
 * `-.\p(`.
 *
 * @example
 * ```ts
 * serializeMarks([{ kind: 'slur', type: 'start', level: 1 }, { kind: 'articulation', name: 'staccato' }]); // "-.("
 * ```
 */
export function serializeMarks(marks: readonly LaneMark[]): string {
  let text = '';
  for (const mark of [...marks].sort(compareMarks)) text += formatMark(mark);
  return text;
}

/**
 * Writes an `@` item: `@1/2"Dm"`.
 *
 * @example
 * ```ts
 * serializeOnsetMarks({ onset: rational(1, 2), marks: [{ kind: 'dynamic', name: 'p' }] }); // "@1/2\p"
 * ```
 */
export function serializeOnsetMarks(item: OnsetMarks): string {
  return `@${formatRational(item.onset)}${serializeMarks(item.marks)}`;
}

/**
 * Writes one lane as a line without its line break: `P1 s1 v1 m1: C4=1/4 ...`,
 * each `@` item right after the event during which it falls, in time order,
 * and each duration left out that repeats the one before it (never on the
 * first event, never on a grace note).
 *
 * @example
 * ```ts
 * serializeLane(document.lanes[0]); // "P1 s1 v1 m1: E4=1/4 E4 F4 G4"
 * ```
 */
export function serializeLane(lane: Lane): string {
  let line = `${laneKey(lane)}:`;
  const items =
    lane.onsetMarks === undefined
      ? []
      : [...lane.onsetMarks].sort((a, b) => compare(a.onset, b.onset));
  let next = 0;
  let time = ZERO;
  let last: LaneEvent['duration'] | undefined;
  for (const event of lane.events) {
    const repeats = !event.grace && last !== undefined && equals(last, event.duration);
    line += ` ${writeEvent(event, repeats)}`;
    if (event.grace) continue;
    last = event.duration;
    time = add(time, event.duration);
    while (next < items.length && compare(items[next]!.onset, time) < 0) {
      line += ` ${serializeOnsetMarks(items[next++]!)}`;
    }
  }
  while (next < items.length) line += ` ${serializeOnsetMarks(items[next++]!)}`;
  return line;
}

/**
 * Writes one lyric line without its line break, one item per slot:
 * `P1 s1 v1 m1 w1: Freu- de schö- ner`.
 *
 * @example
 * ```ts
 * serializeLyricLine({ part: 1, staff: 1, voice: 1, measure: 1, verse: 1,
 *   slots: [{ text: 'Ah', hyphen: false, extend: true }, null] }); // "P1 s1 v1 m1 w1: Ah_ *"
 * ```
 */
export function serializeLyricLine(line: LyricLine): string {
  let text = `${laneKey(line)} w${line.verse}:`;
  for (const slot of line.slots) {
    if (slot === null) {
      text += ' *';
      continue;
    }
    const escaped = slot.text.replace(/[\\\-_* \t]/g, (c) => `\\${c}`);
    text += ` ${escaped}${slot.hyphen ? '-' : ''}${slot.extend ? '_' : ''}`;
  }
  return text;
}

/**
 * Writes a document in canonical form: lanes ordered by measure, part, staff
 * and voice, each followed by its lyric lines in verse order (a lyric line
 * without its lane where that lane would stand); one space between fields
 * and events; reduced fractions; chord pitches low to high; a chord whose
 * every note is tied with one `~` after its duration; marks in canonical
 * order; no comments; `\n` after every line. An empty document is the empty
 * string.
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
  const lyrics = document.lyrics === undefined ? [] : [...document.lyrics].sort(compareLyricLines);
  let text = '';
  let next = 0;
  for (const lane of lanes) {
    while (next < lyrics.length && compareLanes(lyrics[next]!, lane) < 0) {
      text += `${serializeLyricLine(lyrics[next++]!)}\n`;
    }
    text += `${serializeLane(lane)}\n`;
    while (next < lyrics.length && compareLanes(lyrics[next]!, lane) === 0) {
      text += `${serializeLyricLine(lyrics[next++]!)}\n`;
    }
  }
  while (next < lyrics.length) text += `${serializeLyricLine(lyrics[next++]!)}\n`;
  return text;
}
