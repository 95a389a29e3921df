/**
 * A score's bar lines as a score file's `barline` directives, and back
 * (lanes-seq SPEC.md section 20).
 */
import type { BarlineDirective } from '@scorelane/lanes-seq';
import { voltaSpans } from './measure-barlines.ts';
import type { MeasureBarlines, MeasureInfo, Volta } from './score-types.ts';

/**
 * The `barline` directives of `measures`: one per measure whose bar lines
 * are not plain. Each volta is written with its start and its end, so it
 * reads back as the same volta.
 *
 * @example
 * ```ts
 * barlineDirectives(content.measures); // [{ measure: 8, voltaStart: [1], voltaEnd: 'closed', end: 'repeat' }]
 * ```
 */
export function barlineDirectives(measures: readonly MeasureInfo[]): BarlineDirective[] {
  const starts = new Map<number, readonly number[]>();
  const ends = new Map<number, 'closed' | 'open'>();
  for (const span of voltaSpans(measures)) {
    starts.set(span.start, span.numbers);
    ends.set(span.end, span.closing);
  }
  const directives: BarlineDirective[] = [];
  measures.forEach((info, index) => {
    const measure = index + 1;
    const barlines = info.barlines;
    const voltaStart = starts.get(measure);
    const voltaEnd = ends.get(measure);
    const directive: BarlineDirective = {
      measure,
      ...(barlines?.repeatStart ? { repeatStart: true as const } : {}),
      ...(voltaStart ? { voltaStart } : {}),
      ...(voltaEnd ? { voltaEnd } : {}),
      ...(barlines?.end ? { end: barlines.end } : {}),
      ...(barlines?.times !== undefined && barlines.times !== 2 ? { times: barlines.times } : {}),
    };
    if (Object.keys(directive).length > 1) directives.push(directive);
  });
  return directives;
}

/**
 * Each measure's bar lines as `directives` give them (`undefined` where
 * plain), for `count` measures: a volta lasts from its start up to its end,
 * or, never ended, up to the measure before the next volta or the last one
 * (where `voltaSpans` ends it, closed before the next volta, open at the end).
 *
 * @example
 * ```ts
 * barlinesOfDirectives([{ measure: 2, end: 'final' }], 2); // [undefined, { end: 'final' }]
 * ```
 */
export function barlinesOfDirectives(
  directives: readonly BarlineDirective[],
  count: number,
): (MeasureBarlines | undefined)[] {
  const byMeasure = new Map(directives.map((directive) => [directive.measure, directive]));
  const result: (MeasureBarlines | undefined)[] = [];
  let open: readonly number[] | undefined;
  for (let measure = 1; measure <= count; measure++) {
    const directive = byMeasure.get(measure);
    if (directive?.voltaStart) open = directive.voltaStart;
    const volta: Volta | undefined = open
      ? { numbers: open, ...(directive?.voltaEnd ? { end: directive.voltaEnd } : {}) }
      : undefined;
    if (directive?.voltaEnd) open = undefined;
    const barlines: MeasureBarlines = {
      ...(directive?.repeatStart ? { repeatStart: true as const } : {}),
      ...(directive?.end ? { end: directive.end } : {}),
      ...(directive?.times !== undefined ? { times: directive.times } : {}),
      ...(volta ? { volta } : {}),
    };
    result.push(Object.keys(barlines).length > 0 ? barlines : undefined);
  }
  return result;
}
