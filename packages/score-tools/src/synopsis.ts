/**
 * The synopsis of `get_score_info`: a short map of a score that lets an
 * agent find its way without reading the notes. Per block of measures: which
 * parts play, their pitch range and notes per measure, which rest, and
 * rehearsal marks and text directions (by kind) where the score has them. It is rendered
 * at the most detail that fits {@link SYNOPSIS_TOKEN_BUDGET}, so a
 * 2,000-measure, 16-part score stays under 2,000 tokens. A
 * {@link synopsisRenderer} keeps every line it rendered with its token
 * estimate, so after a change it renders again only the lines of the blocks
 * that changed.
 */
import { SCORE_TEXT_FIELDS, type ScoreInit, type ScoreTexts } from '@scorelane/score-model';
import {
  BLOCK_SIZES,
  type Span,
  type SynopsisData,
  type SynopsisStats,
  synopsisStats,
  unitStat,
} from './synopsis-model.ts';

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

const PIECES = /[A-Za-z]+|\d{1,3}|[^\sA-Za-z\d]/g;

function piecesOf(text: string): number {
  return text.match(PIECES)?.length ?? 0;
}

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
  return tokensOfPieces(piecesOf(text));
}

function tokensOfPieces(pieces: number): number {
  return Math.ceil(pieces * 1.1);
}

const NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** A MIDI number as a pitch name (sharps and flats as most common). */
function pitchName(midi: number): string {
  const octave = Math.floor(midi / 12) - 1;
  const name = NAMES[((midi % 12) + 12) % 12]!;
  return `${name}${octave}`;
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

function blockMarks(data: SynopsisData, from: number, to: number, limit: number): string {
  const found = data.marksIn(from, to);
  if (found.length === 0) return '';
  const shown = found.slice(0, limit).join(' ');
  return ` ${shown}${found.length > limit ? ` +${found.length - limit}` : ''}`;
}

type Detail = 'parts' | 'summary';

/** The line of block `block` (0-based) of size `BLOCK_SIZES[level]`. */
function renderBlock(data: SynopsisData, level: number, block: number, detail: Detail): string {
  const from = block * BLOCK_SIZES[level]!;
  const to = Math.min(from + BLOCK_SIZES[level]!, data.measureCount);
  const measures = to - from;
  const head = `m${from + 1}-${to}${blockMarks(data, from, to, detail === 'parts' ? 4 : 2)}:`;
  const spans = data.parts.map((_, part) => data.block(level, part, block));
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
function restRuns(data: SynopsisData, part: number, limit: number): string {
  const runs = data.restRuns(part);
  if (runs.length === 0) return '';
  const longest = [...runs]
    .sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from)
    .slice(0, limit)
    .sort((a, b) => a.from - b.from);
  const more = runs.length > limit ? ` +${runs.length - limit} more` : '';
  return `; rests m${longest.map((run) => `${run.from + 1}-${run.to + 1}`).join(', m')}${more}`;
}

function renderPart(data: SynopsisData, part: number): string {
  const span: Span = data.whole(part);
  const name = data.parts[part] ?? '';
  if (span.playing === 0) return `P${part + 1} ${name}: rests throughout`;
  return `P${part + 1} ${name}: ${pitchName(span.low)}-${pitchName(span.high)}, ${density(span.notes, span.playing)} notes/m where it plays${restRuns(data, part, 3)}`;
}

function heading(blockSize: number, detail: Detail): string {
  return detail === 'parts'
    ? `Synopsis, blocks of ${blockSize} measures: each playing part's lowest-highest pitch and notes per measure; [rehearsal mark], text directions by kind (tempo, dynamics, chord, text) "as written".`
    : `Synopsis. Parts overall, then blocks of ${blockSize} measures: playing parts, their lowest-highest pitch, notes per measure per playing part; [rehearsal mark], text directions by kind (tempo, dynamics, chord, text) "as written".`;
}

/** One rendering (a detail and a block size): its lines, their pieces, and the lines to render again. */
interface Rendering {
  readonly detail: Detail;
  readonly level: number;
  /** The heading, then (summary) one line per part, then one line per block. */
  readonly lines: string[];
  readonly pieces: number[];
  sum: number;
  readonly stale: Set<number>;
}

/** The synopsis of statistics that change; see {@link synopsisRenderer}. */
export interface SynopsisRenderer {
  /** The synopsis as the statistics are now. */
  text(): string;
}

/**
 * Renders the synopsis of `stats`, and keeps each rendering it tried, line
 * by line, so that after a change of a cell only the lines of that block
 * (and that part's line) are rendered again.
 *
 * @example
 * ```ts
 * const synopsis = synopsisRenderer(stats);
 * synopsis.text(); // 'Synopsis, blocks of 4 measures: ...'
 * stats.setUnit(1, 1, 3, unitStat(content));
 * synopsis.text(); // the same, with the block of m3 rendered again
 * ```
 */
export function synopsisRenderer(stats: SynopsisStats): SynopsisRenderer {
  const renderings = new Map<string, Rendering>();
  const firstBlockLine = (detail: Detail) => (detail === 'summary' ? 1 + stats.parts.length : 1);
  const lineOf = (rendering: Rendering, line: number): string => {
    if (line === 0) return heading(BLOCK_SIZES[rendering.level]!, rendering.detail);
    const first = firstBlockLine(rendering.detail);
    if (line < first) return renderPart(stats, line - 1);
    return renderBlock(stats, rendering.level, line - first, rendering.detail);
  };
  stats.onCellChange((part, measure) => {
    for (const rendering of renderings.values()) {
      const first = firstBlockLine(rendering.detail);
      rendering.stale.add(first + Math.floor(measure / BLOCK_SIZES[rendering.level]!));
      if (rendering.detail === 'summary') rendering.stale.add(1 + part);
    }
  });
  const rendered = (detail: Detail, level: number): Rendering => {
    const key = `${detail}:${level}`;
    let rendering = renderings.get(key);
    if (rendering === undefined) {
      const blocks = Math.ceil(stats.measureCount / BLOCK_SIZES[level]!);
      const count = firstBlockLine(detail) + blocks;
      rendering = { detail, level, lines: [], pieces: [], sum: 0, stale: new Set() };
      for (let line = 0; line < count; line++) {
        const text = lineOf(rendering, line);
        rendering.lines.push(text);
        rendering.pieces.push(piecesOf(text));
      }
      rendering.sum = rendering.pieces.reduce((sum, pieces) => sum + pieces, 0);
      renderings.set(key, rendering);
      return rendering;
    }
    for (const line of rendering.stale) {
      const text = lineOf(rendering, line);
      const pieces = piecesOf(text);
      rendering.sum += pieces - rendering.pieces[line]!;
      rendering.lines[line] = text;
      rendering.pieces[line] = pieces;
    }
    rendering.stale.clear();
    return rendering;
  };
  return {
    text() {
      if (stats.measureCount === 0) return 'Synopsis: the score has no measures.';
      for (const detail of ['parts', 'summary'] as const) {
        for (let level = 0; level < BLOCK_SIZES.length; level++) {
          const size = BLOCK_SIZES[level]!;
          // Blocks of 4+ measures, but not fewer than 8 blocks when detail is per part.
          if (
            detail === 'parts' &&
            stats.measureCount / size < Math.min(8, stats.measureCount / 4)
          ) {
            break;
          }
          const rendering = rendered(detail, level);
          if (tokensOfPieces(rendering.sum) <= SYNOPSIS_TOKEN_BUDGET) {
            return rendering.lines.join('\n');
          }
        }
      }
      return fitToBudget(rendered('summary', BLOCK_SIZES.length - 1).lines.join('\n'));
    },
  };
}

/**
 * The statistics of a score's content, for a {@link synopsisRenderer}.
 *
 * @example
 * ```ts
 * const stats = statsOfContent(scoreContent(score));
 * ```
 */
export function statsOfContent(content: ScoreInit): SynopsisStats {
  return synopsisStats(
    content.parts,
    content.measures.length,
    (content.units ?? []).map((unit) => ({
      part: unit.part,
      staff: unit.staff,
      measure: unit.measure,
      stat: unitStat(unit.content),
    })),
  );
}

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
  return headedSynopsis(content, synopsisRenderer(statsOfContent(content)).text());
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

/**
 * The synopsis `body` under the line of the score's texts, when it has any.
 *
 * @example
 * ```ts
 * headedSynopsis({ title: 'Sonatina' }, body); // 'Title "Sonatina".\n' + body
 * ```
 */
export function headedSynopsis(texts: ScoreTexts, body: string): string {
  const headline = synopsisHeadline(texts);
  return headline === '' ? body : `${headline}\n${body}`;
}

/**
 * The synopsis's first line: the score's texts, or `''` when it has none.
 *
 * @example
 * ```ts
 * synopsisHeadline({ title: 'Sonatina', composer: 'M. Clementi' }); // 'Title "Sonatina"; composer "M. Clementi".'
 * ```
 */
export function synopsisHeadline(texts: ScoreTexts): string {
  const named = SCORE_TEXT_FIELDS.flatMap((field) =>
    texts[field] === undefined ? [] : [`${field} ${JSON.stringify(texts[field])}`],
  );
  if (named.length === 0) return '';
  const line = named.join('; ');
  return `${line[0]!.toUpperCase()}${line.slice(1)}.`;
}
