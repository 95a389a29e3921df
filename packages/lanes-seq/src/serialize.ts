/**
 * The serializer: one canonical text for each document, so that equal scores
 * give equal text.
 *
 * Every piece goes into one {@link TextWriter}, with the text of pitches and
 * durations looked up rather than built again, so writing a large score
 * allocates next to nothing per event.
 */
import {
  byVoiceVerseThenMeasure,
  compareLineKeys,
  continuesLine,
  type LineKey,
  lanesInLineOrder,
} from './canonical-line-order.ts';
import { CLOSE, LF, LOWER_R, LOWER_X, MINUS, OPEN, SPACE, TILDE } from './char-codes.ts';
import {
  type ChordEvent,
  type ChordNote,
  compareChordNotes,
  type Lane,
  type LaneEvent,
  type LanesDocument,
  laneKey,
} from './document.ts';
import { compareMarks, formatMark } from './mark-text.ts';
import type { LaneMark, LyricLine, OnsetMarks } from './marks.ts';
import { add, compare, equals, type Rational, ZERO } from './rational.ts';
import { TextWriter } from './text-writer.ts';
import { durationText, pitchText } from './written-forms.ts';

const AT = 64;

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
  const out = new TextWriter();
  writeEvent(out, event, false);
  return out.finish();
}

/** One event, its duration left out when `leaveOutDuration` (the line's last duration is the same). */
function writeEvent(out: TextWriter, event: LaneEvent, leaveOutDuration: boolean): void {
  let tied = false;
  switch (event.kind) {
    case 'note':
      out.write(pitchText(event.pitch));
      tied = event.tie;
      break;
    case 'chord':
      tied = writeChordNotes(out, event);
      break;
    case 'rest':
      out.writeAscii(LOWER_R);
      break;
    case 'space':
      out.writeAscii(LOWER_X);
      break;
  }
  if (!leaveOutDuration) {
    out.write(event.grace ? '=g' : '=');
    out.write(durationText(event.duration));
  }
  if (tied) out.writeAscii(TILDE);
  if (event.marks !== undefined) writeMarks(out, event.marks);
}

/**
 * Writes a chord's `(...)` as `canonicalChord` orders it, low to high, and
 * returns whether it is tied as a whole (a `~` after its duration, none on
 * its notes): when the chord says so or every note is tied.
 */
function writeChordNotes(out: TextWriter, chord: ChordEvent): boolean {
  const notes = lowToHigh(chord.notes);
  const tiedWhole = chord.tie || notes.every((note) => note.tie);
  out.writeAscii(OPEN);
  for (let i = 0; i < notes.length; i++) {
    const note = notes[i]!;
    if (i > 0) out.writeAscii(SPACE);
    out.write(pitchText(note.pitch));
    if (note.tie && !tiedWhole) out.writeAscii(TILDE);
    if (note.fingering !== undefined) {
      out.writeAscii(MINUS);
      out.writeInteger(note.fingering);
    }
  }
  out.writeAscii(CLOSE);
  return tiedWhole;
}

/** A chord's notes low to high: as they are when so ordered already (as parsed chords are). */
function lowToHigh(notes: readonly ChordNote[]): readonly ChordNote[] {
  for (let i = 1; i < notes.length; i++) {
    if (compareChordNotes(notes[i - 1]!, notes[i]!) > 0) return [...notes].sort(compareChordNotes);
  }
  return notes;
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
  const out = new TextWriter();
  writeMarks(out, marks);
  return out.finish();
}

function writeMarks(out: TextWriter, marks: readonly LaneMark[]): void {
  const ordered = marks.length < 2 ? marks : [...marks].sort(compareMarks);
  for (const mark of ordered) out.write(formatMark(mark));
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
  const out = new TextWriter();
  writeOnsetMarks(out, item);
  return out.finish();
}

function writeOnsetMarks(out: TextWriter, item: OnsetMarks): void {
  out.writeAscii(AT);
  out.write(durationText(item.onset));
  writeMarks(out, item.marks);
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
  const out = new TextWriter();
  writeLaneKey(out, lane);
  out.write(':');
  writeLaneEvents(out, lane, undefined);
  return out.finish();
}

/** `P1 s1 v1 m1`, as `laneKey` writes it. */
function writeLaneKey(out: TextWriter, lane: Lane): void {
  out.write('P');
  out.writeInteger(lane.part);
  out.write(' s');
  out.writeInteger(lane.staff);
  out.write(' v');
  out.writeInteger(lane.voice);
  out.write(' m');
  out.writeInteger(lane.measure);
}

const NO_ITEMS: readonly OnsetMarks[] = [];

/**
 * A lane's events and `@` items, each with a space before it; returns the
 * last duration they leave the line with. The events' onsets are only
 * added up while `@` items are left to place.
 */
function writeLaneEvents(
  out: TextWriter,
  lane: Lane,
  lastOfLine: Rational | undefined,
): Rational | undefined {
  const items =
    lane.onsetMarks === undefined || lane.onsetMarks.length === 0
      ? NO_ITEMS
      : [...lane.onsetMarks].sort((a, b) => compare(a.onset, b.onset));
  let next = 0;
  let time = ZERO;
  let last = lastOfLine;
  for (const event of lane.events) {
    out.writeAscii(SPACE);
    writeEvent(out, event, !event.grace && last !== undefined && equals(last, event.duration));
    if (event.grace) continue;
    last = event.duration;
    if (next === items.length) continue;
    time = add(time, event.duration);
    while (next < items.length && compare(items[next]!.onset, time) < 0) {
      out.writeAscii(SPACE);
      writeOnsetMarks(out, items[next++]!);
    }
  }
  while (next < items.length) {
    out.writeAscii(SPACE);
    writeOnsetMarks(out, items[next++]!);
  }
  return last;
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
    const item = `${slot.text.replace(/[\\\-_* \t]/g, (c) => `\\${c}`)}${slot.hyphen ? '-' : ''}${slot.extend ? '_' : ''}`;
    // A lone | is a bar line (section 17): the syllable "|" is written \|.
    text += item === '|' ? ' \\|' : ` ${item}`;
  }
  return text;
}

/** The slots of a lyric line after its header, each with a space before it. */
function writeSlots(line: LyricLine): string {
  const text = serializeLyricLine(line);
  return text.slice(text.indexOf(':') + 1);
}

/** One lyric line of the canonical text, with what orders it. */
interface LyricTextLine extends LineKey {
  readonly text: string;
}

/**
 * The lyric lines' lines of the canonical text, in line order: lyric lines
 * of one verse in consecutive measures of one block share a line, ` | `
 * between them.
 */
function lyricTextLines(lyrics: readonly LyricLine[]): LyricTextLine[] {
  const ordered = [...lyrics].sort(byVoiceVerseThenMeasure);
  const lines: LyricTextLine[] = [];
  let runStart = 0;
  for (let i = 1; i <= ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const item = ordered[i];
    if (item !== undefined && item.verse === previous.verse && continuesLine(previous, item)) {
      continue;
    }
    const run = ordered.slice(runStart, i);
    const first = run[0]!;
    const { part, staff, voice, measure, verse } = first;
    const text = `${laneKey(first)} w${verse}:${run.map(writeSlots).join(' |')}`;
    lines.push({ part, staff, voice, measure, verse, text });
    runStart = i;
  }
  return lines.sort(compareLineKeys);
}

/** Lanes `from` to `to` (consecutive measures of one voice) on one line, ` | ` between them; a duration carries across a bar. */
function writeLaneRun(out: TextWriter, lanes: readonly Lane[], from: number, to: number): void {
  writeLaneKey(out, lanes[from]!);
  out.write(':');
  let last: Rational | undefined;
  for (let i = from; i < to; i++) {
    if (i > from) out.write(' |');
    last = writeLaneEvents(out, lanes[i]!, last);
  }
}

/** The key of the line that starts with `lane`: it orders the line among lyric lines. */
function laneLineKey(lane: Lane): LineKey {
  return { part: lane.part, staff: lane.staff, voice: lane.voice, measure: lane.measure, verse: 0 };
}

/**
 * Writes a document in canonical form (section 8): the lanes of consecutive
 * measures of one voice share a line, ` | ` between them, in blocks of four
 * measures aligned to measure numbers (m1-4, m5-8, ...); lines ordered by
 * block, then part, staff and voice (then first measure, where a voice has
 * a gap in a block), each followed by its lyric lines, verse by verse, in
 * the same blocks. One space between fields and events; reduced fractions;
 * a duration that repeats the one before on its line left out; chord
 * pitches low to high; a chord whose every note is tied with one `~` after
 * its duration; marks in canonical order; no comments; `\n` after every
 * line. An empty document is the empty string.
 *
 * `serialize(parse(text).document)` is the canonical form of `text`, and
 * `parse(serialize(document))` gives `document` back for every document
 * `parse` returned (any other comes back as `canonicalDocument(document)`).
 *
 * @example
 * ```ts
 * const result = parse('P2 s1 v1 m1: (G3 C3)=2/4\nP1 s1 v1 m2: E4=1\nP1 s1 v1 m1: E4=1/2 E4=1/2\n');
 * if (result.ok) serialize(result.document);
 * // "P1 s1 v1 m1: E4=1/2 E4 | E4=1\nP2 s1 v1 m1: (C3 G3)=1/2\n"
 * ```
 */
export function serialize(document: LanesDocument): string {
  const out = new TextWriter();
  const lanes = lanesInLineOrder(document.lanes);
  const lyrics = document.lyrics === undefined ? [] : lyricTextLines(document.lyrics);
  let nextLyric = 0;
  let runStart = 0;
  for (let i = 1; i <= lanes.length; i++) {
    if (i < lanes.length && continuesLine(lanes[i - 1]!, lanes[i]!)) continue;
    // The lyric lines that come before this line of lanes (a lane line goes before its own).
    if (nextLyric < lyrics.length) {
      const key = laneLineKey(lanes[runStart]!);
      while (nextLyric < lyrics.length && compareLineKeys(lyrics[nextLyric]!, key) < 0) {
        out.write(lyrics[nextLyric++]!.text);
        out.writeAscii(LF);
      }
    }
    writeLaneRun(out, lanes, runStart, i);
    out.writeAscii(LF);
    runStart = i;
  }
  for (; nextLyric < lyrics.length; nextLyric++) {
    out.write(lyrics[nextLyric]!.text);
    out.writeAscii(LF);
  }
  return out.finish();
}
