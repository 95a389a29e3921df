/**
 * A measure's bar lines as data: stored as plain JSON and checked when read,
 * written compactly for `%` context lines (`|:`, `[1.`, `]`, `:|x3`, `||`,
 * `|.`), and the voltas of a score as spans of measures.
 */
import type { Json } from './json.ts';
import type { EndBarline, MeasureBarlines, MeasureInfo, Volta } from './score-types.ts';

/** The most passes a repeat may play, and the highest volta number. */
export const MAX_REPEAT_TIMES = 99;

const END_BARLINES: readonly EndBarline[] = ['double', 'final', 'repeat'];

/** `barlines` as stored: the same plain object, with nothing but its set fields. */
export function encodeBarlines(barlines: MeasureBarlines): Json {
  const stored: Record<string, Json> = {};
  if (barlines.repeatStart) stored.repeatStart = true;
  if (barlines.end !== undefined) stored.end = barlines.end;
  if (barlines.times !== undefined) stored.times = barlines.times;
  if (barlines.volta !== undefined) {
    stored.volta = {
      numbers: [...barlines.volta.numbers],
      ...(barlines.volta.end === undefined ? {} : { end: barlines.volta.end }),
    };
  }
  return stored;
}

function isPassNumber(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_REPEAT_TIMES;
}

/** Stored bar lines, or `undefined` for none or for a value that is not bar lines (a peer's bad write reads as plain). */
export function decodeBarlines(stored: Json | undefined): MeasureBarlines | undefined {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
  const value = stored as Record<string, Json>;
  const barlines: { -readonly [K in keyof MeasureBarlines]: MeasureBarlines[K] } = {};
  if (value.repeatStart === true) barlines.repeatStart = true;
  if (END_BARLINES.includes(value.end as EndBarline)) barlines.end = value.end as EndBarline;
  if (barlines.end === 'repeat' && isPassNumber(value.times))
    barlines.times = value.times as number;
  const volta = value.volta as Record<string, Json> | null | undefined;
  if (volta && typeof volta === 'object' && Array.isArray(volta.numbers)) {
    const numbers = volta.numbers.filter(isPassNumber);
    if (numbers.length > 0) {
      barlines.volta = {
        numbers,
        ...(volta.end === 'closed' || volta.end === 'open' ? { end: volta.end } : {}),
      };
    }
  }
  return Object.keys(barlines).length > 0 ? barlines : undefined;
}

/**
 * Whether two measures' bar lines say the same (left out and `{}` are the
 * same: plain bar lines).
 *
 * @example
 * ```ts
 * sameBarlines({ end: 'repeat', times: 2 }, { end: 'repeat' }); // true
 * ```
 */
export function sameBarlines(
  a: MeasureBarlines | undefined,
  b: MeasureBarlines | undefined,
): boolean {
  const timesOf = (barlines: MeasureBarlines | undefined) =>
    barlines?.end === 'repeat' ? (barlines.times ?? 2) : undefined;
  return (
    (a?.repeatStart ?? false) === (b?.repeatStart ?? false) &&
    a?.end === b?.end &&
    timesOf(a) === timesOf(b) &&
    a?.volta?.end === b?.volta?.end &&
    (a?.volta?.numbers ?? []).join(',') === (b?.volta?.numbers ?? []).join(',')
  );
}

/**
 * One volta of a score: its numbers, first and last measure, and how it ends.
 *
 * @example
 * ```ts
 * const span: VoltaSpan = { numbers: [1], start: 7, end: 8, closing: 'closed' };
 * ```
 */
export interface VoltaSpan {
  readonly numbers: readonly number[];
  readonly start: number;
  readonly end: number;
  readonly closing: 'closed' | 'open';
}

/**
 * The voltas of `measures`, in order: a volta runs from a measure holding
 * one to the first measure that ends it (or to the last before a measure
 * with other numbers or none).
 *
 * @example
 * ```ts
 * voltaSpans(content.measures); // [{ numbers: [1], start: 7, end: 8, closing: 'closed' }, ...]
 * ```
 */
export function voltaSpans(measures: readonly MeasureInfo[]): VoltaSpan[] {
  const spans: VoltaSpan[] = [];
  let open: { numbers: readonly number[]; start: number } | undefined;
  const close = (end: number, closing: 'closed' | 'open') => {
    if (open) spans.push({ numbers: open.numbers, start: open.start, end, closing });
    open = undefined;
  };
  measures.forEach((info, index) => {
    const measure = index + 1;
    const volta: Volta | undefined = info.barlines?.volta;
    if (open && volta?.numbers.join(',') !== open.numbers.join(',')) close(measure - 1, 'closed');
    if (!volta) return;
    open ??= { numbers: volta.numbers, start: measure };
    if (volta.end !== undefined) close(measure, volta.end);
  });
  close(measures.length, 'open');
  return spans;
}

/**
 * The numbers of a volta as printed: `1.`, `1, 2.`.
 *
 * @example
 * ```ts
 * voltaLabel([1, 2]); // '1, 2.'
 * ```
 */
export function voltaLabel(numbers: readonly number[]): string {
  return `${numbers.join(', ')}.`;
}

/**
 * The bar-line signs of one measure as a `%` context line writes them, in
 * the order they stand: `|:` (repeat start), `[1.` (a volta begins), `]` or
 * `)` (it ends, closed or open), then `:|` (repeat back; `:|x3` plays the
 * section three times), `||` (double) or `|.` (final). Empty for plain bar
 * lines. `voltaBegins` says whether a volta the measure lies in begins here.
 *
 * @example
 * ```ts
 * barlineSigns({ end: 'repeat', volta: { numbers: [1], end: 'closed' } }, true); // '[1. ] :|'
 * ```
 */
export function barlineSigns(barlines: MeasureBarlines | undefined, voltaBegins: boolean): string {
  if (!barlines) return '';
  const signs: string[] = [];
  if (barlines.repeatStart) signs.push('|:');
  const volta = barlines.volta;
  if (volta && voltaBegins) signs.push(`[${volta.numbers.join(',')}.`);
  if (volta?.end === 'closed') signs.push(']');
  if (volta?.end === 'open') signs.push(')');
  if (barlines.end === 'repeat') {
    const times = barlines.times ?? 2;
    signs.push(times === 2 ? ':|' : `:|x${times}`);
  }
  if (barlines.end === 'double') signs.push('||');
  if (barlines.end === 'final') signs.push('|.');
  return signs.join(' ');
}

/**
 * The bar lines of measures `start`-`end` as one `%` context phrase:
 * `m1 |:, m8 [1. ] :|, m9 [2. ) |.`; a range that begins inside a volta
 * says so first (`m5 in [1.`). Empty when every bar line is plain.
 *
 * @example
 * ```ts
 * barlinePhrase(content.measures, 1, 9); // 'm1 |:, m8 [1. ] :|, m9 [2. ) |.'
 * ```
 */
export function barlinePhrase(
  measures: readonly MeasureInfo[],
  start: number,
  end: number,
): string {
  const begins = new Set(voltaSpans(measures).map((span) => span.start));
  const items: string[] = [];
  for (let measure = start; measure <= end; measure++) {
    const barlines = measures[measure - 1]?.barlines;
    const volta = barlines?.volta;
    const signs = barlineSigns(barlines, begins.has(measure));
    if (measure === start && volta && !begins.has(measure)) {
      items.push(`m${measure} in [${volta.numbers.join(',')}.${signs === '' ? '' : ` ${signs}`}`);
    } else if (signs !== '') items.push(`m${measure} ${signs}`);
  }
  return items.join(', ');
}
