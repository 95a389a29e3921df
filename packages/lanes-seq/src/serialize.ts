/**
 * The serializer: one canonical text for each document, so that equal scores
 * give equal text.
 */
import {
  canonicalChord,
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
  return `${laneKey(lane)}:${writeLaneEvents(lane, undefined).text}`;
}

/** A lane's events and `@` items, each with a space before it, and the last duration they leave the line with. */
function writeLaneEvents(
  lane: Lane,
  lastOfLine: LaneEvent['duration'] | undefined,
): { readonly text: string; readonly last: LaneEvent['duration'] | undefined } {
  let line = '';
  const items =
    lane.onsetMarks === undefined
      ? []
      : [...lane.onsetMarks].sort((a, b) => compare(a.onset, b.onset));
  let next = 0;
  let time = ZERO;
  let last = lastOfLine;
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
  return { text: line, last };
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

/** The measures of one canonical line: measures 1-4, 5-8, 9-12, ... share a block. */
const BLOCK = 4;

/** One line of the canonical text, with what orders it. */
interface CanonicalLine {
  readonly block: number;
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly first: number;
  /** 0 for lanes, the verse for lyric lines. */
  readonly verse: number;
  readonly text: string;
}

/**
 * Groups items (lanes, or lyric lines of one verse) into lines: consecutive
 * measures of one voice within one block of four measures share a line.
 * `items` are ordered by voice (and verse), then measure.
 */
function groupIntoLines<T extends Lane | LyricLine>(
  items: readonly T[],
  verseOf: (item: T) => number,
  write: (run: readonly T[]) => string,
  into: CanonicalLine[],
): void {
  let runStart = 0;
  for (let i = 1; i <= items.length; i++) {
    const previous = items[i - 1]!;
    const item = items[i];
    const continues =
      item !== undefined &&
      item.part === previous.part &&
      item.staff === previous.staff &&
      item.voice === previous.voice &&
      verseOf(item) === verseOf(previous) &&
      item.measure === previous.measure + 1 &&
      Math.floor((item.measure - 1) / BLOCK) === Math.floor((previous.measure - 1) / BLOCK);
    if (continues) continue;
    const run = items.slice(runStart, i);
    const first = run[0]!;
    into.push({
      block: Math.floor((first.measure - 1) / BLOCK),
      part: first.part,
      staff: first.staff,
      voice: first.voice,
      first: first.measure,
      verse: verseOf(first),
      text: write(run),
    });
    runStart = i;
  }
}

/** Lanes of consecutive measures on one line, ` | ` between them; a duration carries across a bar. */
function writeLaneRun(run: readonly Lane[]): string {
  let text = `${laneKey(run[0]!)}:`;
  let last: LaneEvent['duration'] | undefined;
  run.forEach((lane, index) => {
    const written = writeLaneEvents(lane, last);
    text += `${index === 0 ? '' : ' |'}${written.text}`;
    last = written.last;
  });
  return text;
}

/** Lyric lines of one verse in consecutive measures on one line, ` | ` between them. */
function writeLyricRun(run: readonly LyricLine[]): string {
  const first = run[0]!;
  return `${laneKey(first)} w${first.verse}:${run.map(writeSlots).join(' |')}`;
}

const byVoiceThenMeasure = (a: Lane, b: Lane): number =>
  a.part - b.part || a.staff - b.staff || a.voice - b.voice || a.measure - b.measure;

const byVoiceVerseThenMeasure = (a: LyricLine, b: LyricLine): number =>
  a.part - b.part ||
  a.staff - b.staff ||
  a.voice - b.voice ||
  a.verse - b.verse ||
  a.measure - b.measure;

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
  const lines: CanonicalLine[] = [];
  groupIntoLines([...document.lanes].sort(byVoiceThenMeasure), () => 0, writeLaneRun, lines);
  if (document.lyrics !== undefined) {
    const lyrics = [...document.lyrics].sort(byVoiceVerseThenMeasure);
    groupIntoLines(lyrics, (line) => line.verse, writeLyricRun, lines);
  }
  lines.sort(
    (a, b) =>
      a.block - b.block ||
      a.part - b.part ||
      a.staff - b.staff ||
      a.voice - b.voice ||
      a.first - b.first ||
      a.verse - b.verse,
  );
  let text = '';
  for (const line of lines) text += `${line.text}\n`;
  return text;
}
