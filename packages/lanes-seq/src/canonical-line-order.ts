/**
 * The order of the canonical text's lines (section 8): lines by block of
 * four measures, then part, staff and voice, then first measure, then verse
 * (a voice's lane line before its lyric lines); within a line, its lanes
 * or lyric lines by measure.
 */
import { compareLanes, type Lane } from './document.ts';
import type { LyricLine } from './marks.ts';

/** The measures of one canonical line: measures 1-4, 5-8, 9-12, ... share a block. */
const BLOCK = 4;

/**
 * The block of four measures a measure belongs to: 0 for measures 1-4.
 *
 * @example
 * ```ts
 * blockOf(5); // 1
 * ```
 */
export function blockOf(measure: number): number {
  return Math.floor((measure - 1) / BLOCK);
}

/** What orders one line of the canonical text. */
export interface LineKey {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  /** The line's first measure. */
  readonly measure: number;
  /** 0 for a line of lanes, the verse for a lyric line. */
  readonly verse: number;
}

/**
 * Orders two lines of the canonical text: by block, part, staff, voice,
 * first measure, then verse.
 *
 * @example
 * ```ts
 * compareLineKeys({ part: 2, staff: 1, voice: 1, measure: 1, verse: 0 },
 *   { part: 1, staff: 1, voice: 1, measure: 5, verse: 0 }) < 0; // true: block 0 before block 1
 * ```
 */
export function compareLineKeys(a: LineKey, b: LineKey): number {
  return (
    blockOf(a.measure) - blockOf(b.measure) ||
    a.part - b.part ||
    a.staff - b.staff ||
    a.voice - b.voice ||
    a.measure - b.measure ||
    a.verse - b.verse
  );
}

/** Lanes in the order the canonical text writes them: block, part, staff, voice, measure. */
function compareInLineOrder(a: Lane, b: Lane): number {
  return (
    blockOf(a.measure) - blockOf(b.measure) ||
    a.part - b.part ||
    a.staff - b.staff ||
    a.voice - b.voice ||
    a.measure - b.measure
  );
}

/** Whether `lanes` are in the order `compare` gives: one pass. */
function inOrder(lanes: readonly Lane[], compare: (a: Lane, b: Lane) => number): boolean {
  for (let i = 1; i < lanes.length; i++) if (compare(lanes[i - 1]!, lanes[i]!) > 0) return false;
  return true;
}

/** Lanes of one measure and block by part, staff and voice only. */
const byVoice = (a: Lane, b: Lane): number =>
  a.part - b.part || a.staff - b.staff || a.voice - b.voice;

/**
 * The lanes in the order the canonical text writes them (block, part,
 * staff, voice, measure), so that each line's lanes stand together; the
 * sort is stable, and lanes already in that order are returned as they are.
 * Lanes in a parsed document's order (by measure) are ordered block by
 * block: a block's lanes, by measure already, need only be merged by voice,
 * which costs far less than sorting the whole document.
 *
 * @example
 * ```ts
 * lanesInLineOrder(parse(text).document.lanes); // m1-4 of P1 s1 v1, then m1-4 of P1 s2 v1, ...
 * ```
 */
export function lanesInLineOrder(lanes: readonly Lane[]): readonly Lane[] {
  if (inOrder(lanes, compareInLineOrder)) return lanes;
  if (!inOrder(lanes, compareLanes)) return [...lanes].sort(compareInLineOrder);
  const ordered = new Array<Lane>(lanes.length);
  let from = 0;
  for (let i = 1; i <= lanes.length; i++) {
    if (i < lanes.length && blockOf(lanes[i]!.measure) === blockOf(lanes[from]!.measure)) continue;
    orderBlockByVoice(lanes, from, i, ordered);
    from = i;
  }
  return ordered;
}

/** The most measures of one block merged run by run; a block with more (fractional measures) is sorted. */
const MAX_MERGED_MEASURES = 8;

/**
 * Puts the lanes of one block, `lanes[from..to)` by measure and then voice,
 * into `ordered[from..to)` by voice and then measure, as a stable sort by
 * voice would. The lanes of each measure are a run already in voice order,
 * so this merges the runs (at most four for whole measures), which makes no
 * copy of the block and no sort's work array: half of what `serialize`
 * allocated besides its text.
 */
function orderBlockByVoice(
  lanes: readonly Lane[],
  from: number,
  to: number,
  ordered: Lane[],
): void {
  // next[r] is the next lane of run r to place; run r ends where run r + 1 starts (or at `to`).
  const next: number[] = [from];
  for (let i = from + 1; i < to; i++) {
    if (lanes[i]!.measure === lanes[i - 1]!.measure) continue;
    if (next.length === MAX_MERGED_MEASURES) {
      const sorted = lanes.slice(from, to).sort(byVoice);
      for (let at = from; at < to; at++) ordered[at] = sorted[at - from]!;
      return;
    }
    next.push(i);
  }
  const ends = [...next.slice(1), to];
  for (let at = from; at < to; at++) {
    // The earliest run wins a tie, so lanes of one voice keep their order by measure.
    let best = -1;
    for (let run = 0; run < next.length; run++) {
      if (next[run]! === ends[run]!) continue;
      if (best < 0 || byVoice(lanes[next[run]!]!, lanes[next[best]!]!) < 0) best = run;
    }
    ordered[at] = lanes[next[best]!++]!;
  }
}

/**
 * Lyric lines in the order their lines group them: by part, staff, voice,
 * verse, then measure.
 *
 * @example
 * ```ts
 * [...lyrics].sort(byVoiceVerseThenMeasure);
 * ```
 */
export function byVoiceVerseThenMeasure(a: LyricLine, b: LyricLine): number {
  return (
    a.part - b.part ||
    a.staff - b.staff ||
    a.voice - b.voice ||
    a.verse - b.verse ||
    a.measure - b.measure
  );
}

/**
 * Whether `item` continues the line of `previous`: the next measure of the
 * same voice in the same block (lyric lines also need the same verse).
 *
 * @example
 * ```ts
 * continuesLine(laneInMeasure4, laneInMeasure5); // false: m5 starts the next block
 * ```
 */
export function continuesLine(
  previous: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>,
  item: Pick<Lane, 'part' | 'staff' | 'voice' | 'measure'>,
): boolean {
  return (
    item.part === previous.part &&
    item.staff === previous.staff &&
    item.voice === previous.voice &&
    item.measure === previous.measure + 1 &&
    blockOf(item.measure) === blockOf(previous.measure)
  );
}
