/**
 * Setting a measure's bar line or volta, as a plan: score-wide (every part
 * has the measure's bar lines), refused whole with a fix for each problem.
 */
import {
  barlinePhrase,
  MAX_REPEAT_TIMES,
  sameBarlines,
  type VoltaSpan,
  voltaLabel,
  voltaSpans,
} from './measure-barlines.ts';
import { noScore, revisionProblems, span, steadyPlan } from './plan-support.ts';
import type { PlannedWrite, ScorePlan } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import type { Score } from './score.ts';
import type { MeasureBarlines, MeasureInfo } from './score-types.ts';
import { measureInfos, viewScore } from './score-view.ts';

/**
 * The bar-line styles {@link planSetBarline} takes: `repeat-start` stands at
 * a measure's start, the others at its end (`regular` on either side
 * removes what stands there).
 *
 * @example
 * ```ts
 * BARLINE_STYLES.includes('final'); // true
 * ```
 */
export const BARLINE_STYLES = ['regular', 'double', 'final', 'repeat-start', 'repeat-end'] as const;

/**
 * A bar-line style; see {@link BARLINE_STYLES}.
 *
 * @example
 * ```ts
 * const style: BarlineStyle = 'repeat-end';
 * ```
 */
export type BarlineStyle = (typeof BARLINE_STYLES)[number];

/**
 * A change of one measure's bar line, its volta, or both.
 *
 * @example
 * ```ts
 * const firstEnding: SetBarlineRequest = { measure: 8, style: 'repeat-end', volta: '1' };
 * ```
 */
export interface SetBarlineRequest {
  readonly measure: number;
  /** Where `style` goes: `end` unless the style is `repeat-start`. */
  readonly side?: 'start' | 'end';
  /** A word of {@link BARLINE_STYLES}; any other is refused with the list. */
  readonly style?: string;
  /** With `repeat-end`: how many times the section is played in all (2-99; 2 when left out). */
  readonly times?: number;
  /** The passes of a volta from `measure` on (`"1"`, `"1, 2"`); `""` removes the volta at `measure`. */
  readonly volta?: string;
  /** The volta's last measure; `measure` when left out. */
  readonly voltaEnd?: number;
  /** `true`: the volta's bracket stays open at its end (a last ending); closed otherwise. */
  readonly voltaOpen?: boolean;
  readonly revision?: string;
}

type Draft = { -readonly [K in keyof MeasureBarlines]: MeasureBarlines[K] };

function badMeasure(measure: number, count: number, field: string): Problem | undefined {
  if (Number.isInteger(measure) && measure >= 1 && measure <= count) return undefined;
  return {
    code: 'invalid-range',
    message: `There is no m${measure}; the score has measures 1-${count}.`,
    fix: `Give ${field} a measure between 1 and ${count}.`,
  };
}

function problem(message: string, fix: string): Problem {
  return { code: 'invalid-barline', message, fix };
}

/** The volta numbers of `text`, or a problem. */
function readNumbers(text: string): number[] | Problem {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  const numbers = parts.map((part) => Number(part.replace(/\.$/, '')));
  const valid = numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_REPEAT_TIMES);
  if (parts.length === 0 || !valid || new Set(numbers).size !== numbers.length) {
    return problem(
      `"${text}" is not a list of volta numbers.`,
      `Give the passes as distinct whole numbers from 1 to ${MAX_REPEAT_TIMES}, like "1" or "1, 2", or "" to remove the volta.`,
    );
  }
  return [...numbers].sort((a, b) => a - b);
}

function styleProblems(request: SetBarlineRequest, count: number): Problem[] {
  const problems: Problem[] = [];
  const { style, side, times, measure } = request;
  if (style !== undefined && !(BARLINE_STYLES as readonly string[]).includes(style)) {
    problems.push(
      problem(`"${style}" is not a bar-line style.`, `Use one of ${BARLINE_STYLES.join(', ')}.`),
    );
  } else if (style === 'repeat-start' && side === 'end') {
    const next = measure < count ? ` (or measure ${measure + 1} with side "start")` : '';
    problems.push(
      problem(
        'A repeat start stands at the start of a measure.',
        `Leave side out or give "start"${next}.`,
      ),
    );
  } else if (
    style !== undefined &&
    style !== 'regular' &&
    style !== 'repeat-start' &&
    side === 'start'
  ) {
    problems.push(
      problem(
        `A ${style} bar line stands at the end of a measure.`,
        measure > 1
          ? `Leave side out, or set it on measure ${measure - 1}, whose end is this measure's start.`
          : 'Leave side out to set it at the end of the measure.',
      ),
    );
  }
  if (times !== undefined) {
    if (style !== 'repeat-end') {
      problems.push(
        problem(
          'times goes with a repeat end only.',
          'Add style "repeat-end", or leave times out.',
        ),
      );
    } else if (!Number.isInteger(times) || times < 2 || times > MAX_REPEAT_TIMES) {
      problems.push(
        problem(
          `A repeat plays its section ${times} times: that is no count of passes.`,
          `Give times a whole number from 2 to ${MAX_REPEAT_TIMES} (2 when left out).`,
        ),
      );
    }
  }
  return problems;
}

/** The volta of measure-voltaEnd with `numbers`, checked against the voltas there. */
function voltaProblems(
  spans: readonly VoltaSpan[],
  start: number,
  end: number,
  numbers: readonly number[],
): Problem[] {
  const problems: Problem[] = [];
  for (const other of spans) {
    const overlaps = other.start <= end && other.end >= start;
    const same = other.start === start && other.end === end;
    if (overlaps && !same) {
      problems.push(
        problem(
          `The volta ${voltaLabel(other.numbers)} over m${other.start}-m${other.end} overlaps m${start}-m${end}.`,
          `Remove it first (measure ${other.start}, volta ""), or give this volta measures outside m${other.start}-m${other.end}.`,
        ),
      );
    }
    const adjacent = other.end === start - 1 || other.start === end + 1;
    const shared = other.numbers.filter((n) => numbers.includes(n));
    if (adjacent && shared.length > 0) {
      problems.push(
        problem(
          `The volta ${voltaLabel(other.numbers)} beside it (m${other.start}-m${other.end}) is played on pass ${shared.join(', ')} too.`,
          `Give this volta other passes, for example "${Math.max(...other.numbers) + 1}".`,
        ),
      );
    }
  }
  return problems;
}

function withStyle(
  draft: Draft,
  style: string | undefined,
  side: 'start' | 'end',
  times?: number,
): void {
  if (style === undefined) return;
  if (side === 'start') {
    if (style === 'repeat-start') draft.repeatStart = true;
    else delete draft.repeatStart;
    return;
  }
  delete draft.times;
  if (style === 'regular') delete draft.end;
  else draft.end = style === 'repeat-end' ? 'repeat' : (style as 'double' | 'final');
  if (style === 'repeat-end' && times !== undefined && times !== 2) draft.times = times;
}

/** The measures' bar lines after the request, by measure. */
function changedBarlines(
  measures: readonly MeasureInfo[],
  request: SetBarlineRequest,
  numbers: readonly number[] | undefined,
  spans: readonly VoltaSpan[],
): Map<number, Draft> {
  const drafts = new Map<number, Draft>();
  const draftOf = (measure: number): Draft => {
    let draft = drafts.get(measure);
    if (!draft) {
      draft = { ...measures[measure - 1]!.barlines };
      drafts.set(measure, draft);
    }
    return draft;
  };
  const side = request.side ?? (request.style === 'repeat-start' ? 'start' : 'end');
  withStyle(draftOf(request.measure), request.style, side, request.times);
  if (request.volta === '') {
    const holding = spans.find((s) => s.start <= request.measure && s.end >= request.measure);
    for (const measure of holding ? span(holding.start, holding.end) : [])
      delete draftOf(measure).volta;
  } else if (numbers) {
    const last = request.voltaEnd ?? request.measure;
    for (const measure of span(request.measure, last)) {
      draftOf(measure).volta =
        measure === last
          ? { numbers, end: request.voltaOpen === true ? 'open' : 'closed' }
          : { numbers };
    }
  }
  return drafts;
}

/**
 * Plans a bar line (double, final, repeat start or end with how often it
 * plays) or a volta (its passes, its measures, whether it ends open) on a
 * measure, for every part. Refused whole, each problem with its fix: a
 * measure outside the score, a style on the side it cannot stand, `times`
 * without a repeat end, bad volta numbers, a volta overlapping another or
 * sharing a pass with the one beside it. Bar lines already as asked write
 * nothing.
 *
 * @example
 * ```ts
 * const planned = planSetBarline(score, { measure: 8, style: 'repeat-end', volta: '1' });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planSetBarline(
  score: Score,
  request: SetBarlineRequest,
): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const count = view.measureCount;
  const problems: Problem[] = [];
  const at = badMeasure(request.measure, count, 'measure');
  if (at) problems.push(at);
  if (request.voltaEnd !== undefined) {
    const last = badMeasure(request.voltaEnd, count, 'volta_end');
    if (last) problems.push(last);
    else if (!at && request.voltaEnd < request.measure)
      problems.push(
        problem(
          `A volta cannot end (m${request.voltaEnd}) before it begins (m${request.measure}).`,
          `Give volta_end a measure from ${request.measure} to ${count}.`,
        ),
      );
    if (request.volta === undefined || request.volta === '')
      problems.push(
        problem(
          'volta_end goes with volta numbers.',
          'Give volta, like "1", or leave volta_end out.',
        ),
      );
  }
  if (request.style === undefined && request.volta === undefined) {
    problems.push(
      problem(
        'The call sets nothing.',
        'Give a style (like "repeat-end"), or volta numbers (like "1").',
      ),
    );
  }
  problems.push(...styleProblems(request, count));
  const numbers =
    request.volta === undefined || request.volta === '' ? undefined : readNumbers(request.volta);
  if (numbers && !Array.isArray(numbers)) problems.push(numbers);
  const measures = measureInfos(view);
  const spans = voltaSpans(measures);
  if (problems.length === 0 && Array.isArray(numbers))
    problems.push(
      ...voltaProblems(spans, request.measure, request.voltaEnd ?? request.measure, numbers),
    );
  if (problems.length > 0) return { ok: false, problems };
  const drafts = changedBarlines(measures, request, numbers as number[] | undefined, spans);
  const writes: PlannedWrite[] = [];
  const after = [...measures];
  for (const [measure, draft] of [...drafts].sort((a, b) => a[0] - b[0])) {
    const before = measures[measure - 1]!;
    if (sameBarlines(before.barlines, draft)) continue;
    const { barlines: _old, ...rest } = before;
    const info: MeasureInfo = Object.keys(draft).length > 0 ? { ...rest, barlines: draft } : rest;
    after[measure - 1] = info;
    writes.push({ op: 'measure', measure, info });
  }
  const touched = writes.map((write) => (write.op === 'measure' ? write.measure : 0));
  const start = Math.min(request.measure, ...touched);
  const end = Math.max(request.measure, ...touched);
  const stale = revisionProblems(view, request.revision, {
    units: [],
    measures: span(start, end),
    lastIndex: end,
  });
  if (stale.length > 0) return { ok: false, problems: stale };
  const phrase = barlinePhrase(after, start, end);
  return {
    ok: true,
    plan: steadyPlan(score, view, {
      kind: 'set-barline',
      range: { start, end },
      parts: view.parts.map((part) => part.index),
      writes,
      targets: { units: [], measures: span(start, end), lastIndex: end },
      partEdit: `bar lines of m${start}${end === start ? '' : `-m${end}`}: ${phrase === '' ? 'plain' : phrase}`,
    }),
  };
}
