/**
 * The synopsis of `get_score_info`: a short map of a score that lets an
 * agent find its way without reading the notes. Per block of measures: which
 * parts play, their pitch range and notes per measure, which rest, and
 * rehearsal marks and tempo text where the score has them. It is rendered
 * at the most detail that fits {@link SYNOPSIS_TOKEN_BUDGET}, so a
 * 2,000-measure, 16-part score stays under 2,000 tokens.
 */
import { type LaneEvent, midiNumber, type Pitch } from '@scorelane/lanes-seq';
import type { ScoreInit } from '@scorelane/score-model';
import { marksIn } from './score-marks.ts';

/**
 * The most tokens a synopsis may have, as {@link estimateTokens} counts
 * them: below the 2,000 the tools promise, with room for the estimate's
 * error (a test counts the real o200k tokens).
 *
 * @example
 * ```ts
 * estimateTokens(scoreSynopsis(content)) <= SYNOPSIS_TOKEN_BUDGET; // true
 * ```
 */
export const SYNOPSIS_TOKEN_BUDGET = 1700;

/**
 * An estimate of how many tokens a BPE tokenizer such as o200k makes of a
 * synopsis-like text: one per run of letters, per group of up to three
 * digits and per punctuation mark, plus a tenth. On pitch names, numbers
 * and ranges it lands within a few percent of o200k, above it more often
 * than below; this package ships no tokenizer, so the budget keeps a margin.
 *
 * @example
 * ```ts
 * estimateTokens('m1-4: P1 C4-B4 4'); // 13
 * ```
 */
export function estimateTokens(text: string): number {
  const pieces = text.match(/[A-Za-z]+|\d{1,3}|[^\sA-Za-z\d]/g)?.length ?? 0;
  return Math.ceil(pieces * 1.1);
}

interface MeasureStat {
  notes: number;
  low: number;
  high: number;
}

interface Stats {
  readonly parts: readonly string[];
  readonly measureCount: number;
  /** [part][measure - 1] */
  readonly cells: readonly (readonly MeasureStat[])[];
  /** Marks per measure (1-based index - 1), as short texts. */
  readonly marks: readonly (readonly string[])[];
}

function pitchesOf(event: LaneEvent): readonly Pitch[] {
  if (event.kind === 'note') return [event.pitch];
  if (event.kind === 'chord') return event.notes.map((note) => note.pitch);
  return [];
}

function collect(content: ScoreInit): Stats {
  const measureCount = content.measures.length;
  const cells = content.parts.map(() =>
    Array.from({ length: measureCount }, () => ({ notes: 0, low: Infinity, high: -Infinity })),
  );
  const marks: string[][] = Array.from({ length: measureCount }, () => []);
  for (const unit of content.units ?? []) {
    const cell = cells[unit.part - 1]?.[unit.measure - 1];
    if (!cell) continue;
    for (const voice of unit.content.voices) {
      for (const event of voice.events) {
        const pitches = pitchesOf(event);
        if (pitches.length === 0 || event.grace) continue;
        cell.notes += 1;
        for (const pitch of pitches) {
          const midi = midiNumber(pitch);
          cell.low = Math.min(cell.low, midi);
          cell.high = Math.max(cell.high, midi);
        }
      }
    }
    const found = marksIn(unit.content.attachments);
    const list = marks[unit.measure - 1]!;
    for (const text of found.rehearsal) if (!list.includes(`[${text}]`)) list.push(`[${text}]`);
    for (const text of found.tempo) if (!list.includes(`"${text}"`)) list.push(`"${text}"`);
  }
  return { parts: content.parts.map((part) => part.name), measureCount, cells, marks };
}

const NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** A MIDI number as a pitch name (sharps and flats as most common). */
function pitchName(midi: number): string {
  const octave = Math.floor(midi / 12) - 1;
  const name = NAMES[((midi % 12) + 12) % 12]!;
  return `${name}${octave}`;
}

interface Span {
  readonly notes: number;
  readonly low: number;
  readonly high: number;
  readonly playing: number;
}

function spanOf(cells: readonly MeasureStat[], from: number, to: number): Span {
  let notes = 0;
  let low = Infinity;
  let high = -Infinity;
  let playing = 0;
  for (let index = from; index < to; index++) {
    const cell = cells[index]!;
    notes += cell.notes;
    if (cell.notes > 0) playing += 1;
    low = Math.min(low, cell.low);
    high = Math.max(high, cell.high);
  }
  return { notes, low, high, playing };
}

function density(notes: number, measures: number): string {
  const value = notes / measures;
  return value >= 10 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toString();
}

/** `P1-3,5,7-8` from sorted part numbers. */
function partList(parts: readonly number[]): string {
  const runs: string[] = [];
  for (let index = 0; index < parts.length; ) {
    let end = index;
    while (end + 1 < parts.length && parts[end + 1] === parts[end]! + 1) end++;
    runs.push(end === index ? `${parts[index]}` : `${parts[index]}-${parts[end]}`);
    index = end + 1;
  }
  return `P${runs.join(',')}`;
}

function blockMarks(stats: Stats, from: number, to: number, limit: number): string {
  const found: string[] = [];
  for (let index = from; index < to; index++) {
    for (const mark of stats.marks[index]!) found.push(`${mark}m${index + 1}`);
  }
  if (found.length === 0) return '';
  const shown = found.slice(0, limit).join(' ');
  return ` ${shown}${found.length > limit ? ` +${found.length - limit}` : ''}`;
}

type Detail = 'parts' | 'summary';

function renderBlock(stats: Stats, from: number, to: number, detail: Detail): string {
  const measures = to - from;
  const head = `m${from + 1}-${to}${blockMarks(stats, from, to, detail === 'parts' ? 4 : 2)}:`;
  const spans = stats.cells.map((cells) => spanOf(cells, from, to));
  const playing = spans.flatMap((span, index) => (span.playing > 0 ? [index + 1] : []));
  const resting = spans.flatMap((span, index) => (span.playing === 0 ? [index + 1] : []));
  const rest = resting.length > 0 ? ` rest ${partList(resting)}` : '';
  if (playing.length === 0) return `${head} all rest`;
  if (detail === 'parts') {
    const entries = playing.map((part) => {
      const span = spans[part - 1]!;
      return `P${part} ${pitchName(span.low)}-${pitchName(span.high)} ${density(span.notes, measures)}`;
    });
    return `${head} ${entries.join(', ')}${rest ? `;${rest}` : ''}`;
  }
  const low = Math.min(...playing.map((part) => spans[part - 1]!.low));
  const high = Math.max(...playing.map((part) => spans[part - 1]!.high));
  const notes = playing.reduce((sum, part) => sum + spans[part - 1]!.notes, 0);
  return `${head} play ${partList(playing)} ${pitchName(low)}-${pitchName(high)} ${density(notes, measures * playing.length)}${rest ? `;${rest}` : ''}`;
}

/** The longest runs (at least 2 measures) in which a part only rests. */
function restRuns(cells: readonly MeasureStat[], limit: number): string {
  const runs: { from: number; to: number }[] = [];
  for (let index = 0; index < cells.length; ) {
    if (cells[index]!.notes > 0) {
      index++;
      continue;
    }
    let end = index;
    while (end + 1 < cells.length && cells[end + 1]!.notes === 0) end++;
    if (end > index) runs.push({ from: index + 1, to: end + 1 });
    index = end + 1;
  }
  if (runs.length === 0) return '';
  const longest = [...runs]
    .sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from)
    .slice(0, limit)
    .sort((a, b) => a.from - b.from);
  const more = runs.length > limit ? ` +${runs.length - limit} more` : '';
  return `; rests m${longest.map((run) => `${run.from}-${run.to}`).join(', m')}${more}`;
}

function renderParts(stats: Stats): string[] {
  return stats.cells.map((cells, index) => {
    const span = spanOf(cells, 0, cells.length);
    const name = stats.parts[index] ?? '';
    if (span.playing === 0) return `P${index + 1} ${name}: rests throughout`;
    return `P${index + 1} ${name}: ${pitchName(span.low)}-${pitchName(span.high)}, ${density(span.notes, span.playing)} notes/m where it plays${restRuns(cells, 3)}`;
  });
}

function render(stats: Stats, blockSize: number, detail: Detail): string {
  const lines = [
    detail === 'parts'
      ? `Synopsis, blocks of ${blockSize} measures: each playing part's lowest-highest pitch and notes per measure; [rehearsal mark], "tempo text".`
      : `Synopsis. Parts overall, then blocks of ${blockSize} measures: playing parts, their lowest-highest pitch, notes per measure per playing part; [rehearsal mark], "tempo text".`,
  ];
  if (detail === 'summary') lines.push(...renderParts(stats));
  for (let from = 0; from < stats.measureCount; from += blockSize) {
    lines.push(renderBlock(stats, from, Math.min(from + blockSize, stats.measureCount), detail));
  }
  return lines.join('\n');
}

const BLOCK_SIZES = [4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];

/**
 * The synopsis of a score's content (`scoreContent(score)`), within
 * {@link SYNOPSIS_TOKEN_BUDGET}: per-part detail in the smallest blocks that
 * fit, else a per-part overview and per-block totals.
 *
 * @example
 * ```ts
 * scoreSynopsis(scoreContent(score));
 * // 'Synopsis, blocks of 4 measures: ...\nm1-4: P1 D4-A4 4, P2 D3-A3 2'
 * ```
 */
export function scoreSynopsis(content: ScoreInit): string {
  const stats = collect(content);
  if (stats.measureCount === 0) return 'Synopsis: the score has no measures.';
  for (const detail of ['parts', 'summary'] as const) {
    for (const size of BLOCK_SIZES) {
      // Blocks of 4+ measures, but not fewer than 8 blocks when detail is per part.
      if (detail === 'parts' && stats.measureCount / size < Math.min(8, stats.measureCount / 4)) {
        break;
      }
      const text = render(stats, size, detail);
      if (estimateTokens(text) <= SYNOPSIS_TOKEN_BUDGET) return text;
    }
  }
  return fitToBudget(render(stats, BLOCK_SIZES.at(-1)!, 'summary'));
}

/** Drops whole lines from the end (saying how many) until the text fits the budget. */
function fitToBudget(text: string): string {
  const lines = text.split('\n');
  let kept = lines.length;
  const withNote = () =>
    kept === lines.length
      ? text
      : `${lines.slice(0, kept).join('\n')}\n… ${lines.length - kept} more lines left out.`;
  while (kept > 1 && estimateTokens(withNote()) > SYNOPSIS_TOKEN_BUDGET) kept--;
  return withNote();
}
