/**
 * The synopsis kept up to date: per-measure statistics of every unit, the
 * block totals at every block size (each block of size 2s made of two of
 * size s), and every rendered line with its token estimate. A changed unit
 * updates its cell, one block per size, and one line per rendering tried so
 * far, so the synopsis after a change costs what the change touched and
 * what the synopsis prints, not the size of the score.
 */
import {
  formatRational,
  type LaneEvent,
  type LaneMark,
  midiNumber,
  type Pitch,
} from '@scorelane/lanes-seq';
import type { UnitContent } from '@scorelane/score-model';
import { marksIn, wordsKind } from './score-marks.ts';

/** What one unit (a part's staff in a measure) contributes to the synopsis. */
export interface UnitStat {
  readonly notes: number;
  readonly low: number;
  readonly high: number;
  /** Its rehearsal marks (`[A]`) then text directions by kind (`tempo "Allegro"`, `dynamics "cresc."`), without repeats. */
  readonly marks: readonly string[];
}

const EMPTY: UnitStat = { notes: 0, low: Infinity, high: -Infinity, marks: [] };

function pitchesOf(event: LaneEvent): readonly Pitch[] {
  if (event.kind === 'note') return [event.pitch];
  if (event.kind === 'chord') return event.notes.map((note) => note.pitch);
  return [];
}

/**
 * The statistics of one unit's content: notes (grace notes left out), the
 * lowest and highest MIDI pitch, and its orientation marks.
 *
 * @example
 * ```ts
 * unitStat(content); // { notes: 4, low: 60, high: 67, marks: ['[A]'] }
 * ```
 */
export function unitStat(content: UnitContent): UnitStat {
  let notes = 0;
  let low = Infinity;
  let high = -Infinity;
  for (const voice of content.voices) {
    for (const event of voice.events) {
      const pitches = pitchesOf(event);
      if (pitches.length === 0 || event.grace) continue;
      notes += 1;
      for (const pitch of pitches) {
        const midi = midiNumber(pitch);
        low = Math.min(low, midi);
        high = Math.max(high, midi);
      }
    }
  }
  const found = marksIn(content.attachments);
  const marks: string[] = [];
  const add = (mark: string) => {
    if (!marks.includes(mark)) marks.push(mark);
  };
  for (const text of found.rehearsal) add(`[${text}]`);
  for (const { kind, text } of found.texts) add(`${kind} ${JSON.stringify(text)}`);
  // The same marks where the model reads them: on events, and at onsets with no event.
  for (const voice of content.voices) {
    for (const event of voice.events) for (const mark of event.marks ?? []) addModelMark(add, mark);
    for (const onset of voice.onsetMarks ?? [])
      for (const mark of onset.marks) addModelMark(add, mark);
  }
  return { notes, low, high, marks };
}

/** A rehearsal mark, tempo or text mark of the model as the synopsis names it. */
function addModelMark(add: (mark: string) => void, mark: LaneMark): void {
  if (mark.kind === 'rehearsal') add(`[${mark.text}]`);
  else if (mark.kind === 'text') add(`${wordsKind(mark.text, false)} ${JSON.stringify(mark.text)}`);
  else if (mark.kind === 'tempo') {
    if (mark.text !== undefined) add(`tempo ${JSON.stringify(mark.text)}`);
    if (mark.beat !== undefined && mark.perMinute !== undefined) {
      add(`tempo "${formatRational(mark.beat)}=${mark.perMinute}"`);
    }
  }
}

/** A part's totals over a run of measures. */
export interface Span {
  readonly notes: number;
  readonly low: number;
  readonly high: number;
  /** How many of the measures it plays in (has a note). */
  readonly playing: number;
}

const NO_SPAN: Span = { notes: 0, low: Infinity, high: -Infinity, playing: 0 };

function merge(a: Span, b: Span | undefined): Span {
  if (b === undefined) return a;
  return {
    notes: a.notes + b.notes,
    low: Math.min(a.low, b.low),
    high: Math.max(a.high, b.high),
    playing: a.playing + b.playing,
  };
}

/** The first index of `sorted` (ascending) whose value is at least `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The block sizes a synopsis may use, smallest first: 4 doubling to 8192. */
export const BLOCK_SIZES = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192] as const;

/** What a rendering reads of the statistics. */
export interface SynopsisData {
  readonly parts: readonly string[];
  readonly measureCount: number;
  /** A part's (0-based) totals over the block `block` (0-based) of size `BLOCK_SIZES[level]`. */
  block(level: number, part: number, block: number): Span;
  /** A part's totals over the whole score. */
  whole(part: number): Span;
  /** The marks of measures `from` to `to - 1` (0-based), as `mark` + `m` + measure number, in order. */
  marksIn(from: number, to: number): readonly string[];
  /** The runs (0-based `from`, `to` inclusive) of at least 2 measures in which a part only rests. */
  restRuns(part: number): readonly { readonly from: number; readonly to: number }[];
}

/** The statistics of a score of a fixed shape, updated one unit at a time. */
export interface SynopsisStats extends SynopsisData {
  /** Replaces what the unit `(part, staff, measure)` (1-based) contributes. */
  setUnit(part: number, staff: number, measure: number, stat: UnitStat): void;
  /** Called with the 0-based part and measure of each cell that changes. */
  onCellChange(listener: (part: number, measure: number) => void): void;
}

/** A unit's statistics at its place (1-based part, staff, measure). */
export interface PlacedUnitStat {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
  readonly stat: UnitStat;
}

/**
 * The statistics of a score with these parts (names and staves) and this
 * many measures, holding the `initial` units (every other unit rests).
 *
 * @example
 * ```ts
 * const stats = synopsisStats([{ name: 'Flute', staves: 1 }], 8);
 * stats.setUnit(1, 1, 3, unitStat(content));
 * ```
 */
export function synopsisStats(
  parts: readonly { readonly name: string; readonly staves: number }[],
  measureCount: number,
  initial: Iterable<PlacedUnitStat> = [],
): SynopsisStats {
  const units = parts.map((part) =>
    Array.from({ length: measureCount }, () =>
      Array.from({ length: part.staves }, () => EMPTY as UnitStat),
    ),
  );
  const cells: Span[][] = parts.map(() => Array.from({ length: measureCount }, () => NO_SPAN));
  const levels: Span[][][] = BLOCK_SIZES.map((size) =>
    parts.map(() => Array.from({ length: Math.ceil(measureCount / size) }, () => NO_SPAN)),
  );
  const marks: (readonly string[])[] = Array.from({ length: measureCount }, () => []);
  let marked: number[] | undefined = [];
  const restRunCache: ({ from: number; to: number }[] | undefined)[] = parts.map(() => undefined);
  const listeners: ((part: number, measure: number) => void)[] = [];

  const cellOf = (part: number, measure: number): Span => {
    let span = NO_SPAN;
    for (const stat of units[part]![measure]!) {
      span = merge(span, {
        notes: stat.notes,
        low: stat.low,
        high: stat.high,
        playing: 0,
      });
    }
    return { ...span, playing: span.notes > 0 ? 1 : 0 };
  };

  const updateBlocks = (part: number, measure: number) => {
    let below = cells[part]!;
    let index = measure;
    for (let level = 0; level < BLOCK_SIZES.length; level++) {
      const width = level === 0 ? 4 : 2;
      const block = Math.floor(index / width);
      let span = NO_SPAN;
      for (
        let child = block * width;
        child < Math.min(below.length, (block + 1) * width);
        child++
      ) {
        span = merge(span, below[child]);
      }
      levels[level]![part]![block] = span;
      below = levels[level]![part]!;
      index = block;
    }
  };

  const measureMarks = (measure: number): string[] => {
    const list: string[] = [];
    for (const part of units) {
      for (const stat of part[measure]!) {
        for (const mark of stat.marks) if (!list.includes(mark)) list.push(mark);
      }
    }
    return list;
  };

  // The initial units at once: cells, marks, then every block level bottom up.
  for (const { part, staff, measure, stat } of initial) {
    const slots = units[part - 1]?.[measure - 1];
    if (slots === undefined || staff < 1 || staff > slots.length) continue;
    slots[staff - 1] = stat;
  }
  for (let p = 0; p < parts.length; p++) {
    for (let m = 0; m < measureCount; m++) cells[p]![m] = cellOf(p, m);
  }
  for (let m = 0; m < measureCount; m++) marks[m] = measureMarks(m);
  marked = undefined;
  for (let level = 0; level < BLOCK_SIZES.length; level++) {
    const width = level === 0 ? 4 : 2;
    for (let p = 0; p < parts.length; p++) {
      const below = level === 0 ? cells[p]! : levels[level - 1]![p]!;
      const row = levels[level]![p]!;
      for (let block = 0; block < row.length; block++) {
        let span = NO_SPAN;
        for (
          let child = block * width;
          child < Math.min(below.length, (block + 1) * width);
          child++
        ) {
          span = merge(span, below[child]);
        }
        row[block] = span;
      }
    }
  }

  return {
    parts: parts.map((part) => part.name),
    measureCount,
    setUnit(part, staff, measure, stat) {
      const p = part - 1;
      const m = measure - 1;
      const slots = units[p]?.[m];
      if (slots === undefined || staff < 1 || staff > slots.length) return;
      const before = slots[staff - 1]!;
      slots[staff - 1] = stat;
      if (before.marks.length > 0 || stat.marks.length > 0) {
        marks[m] = measureMarks(m);
        marked = undefined;
      }
      const cell = cellOf(p, m);
      const old = cells[p]![m]!;
      const marksChanged = before.marks.join('\n') !== stat.marks.join('\n');
      if (cell.notes === old.notes && cell.low === old.low && cell.high === old.high) {
        if (marksChanged) for (const listener of listeners) listener(p, m);
        return;
      }
      cells[p]![m] = cell;
      updateBlocks(p, m);
      restRunCache[p] = undefined;
      for (const listener of listeners) listener(p, m);
    },
    onCellChange(listener) {
      listeners.push(listener);
    },
    block(level, part, block) {
      return levels[level]![part]![block] ?? NO_SPAN;
    },
    whole(part) {
      const top = levels[BLOCK_SIZES.length - 1]![part]!;
      return top.reduce((total, span) => merge(total, span), NO_SPAN);
    },
    marksIn(from, to) {
      marked ??= marks.flatMap((list, index) => (list.length > 0 ? [index] : []));
      const found: string[] = [];
      for (let at = lowerBound(marked, from); at < marked.length && marked[at]! < to; at++) {
        const index = marked[at]!;
        for (const mark of marks[index]!) found.push(`${mark}m${index + 1}`);
      }
      return found;
    },
    restRuns(part) {
      const cached = restRunCache[part];
      if (cached) return cached;
      const runs: { from: number; to: number }[] = [];
      const row = cells[part]!;
      for (let index = 0; index < row.length; ) {
        if (row[index]!.notes > 0) {
          index++;
          continue;
        }
        let end = index;
        while (end + 1 < row.length && row[end + 1]!.notes === 0) end++;
        if (end > index) runs.push({ from: index, to: end });
        index = end + 1;
      }
      restRunCache[part] = runs;
      return runs;
    },
  };
}
