/**
 * A score's write scope: a measure range and, optionally, a set of parts
 * (the person's selection, say), and what a write plan touches, in the same
 * terms. The pipeline refuses a write with anything outside before it runs.
 *
 * What a plan touches, and when that is inside the scope:
 *
 * - a unit it replaces (rewritten, transposed, refitted, or a tie into the
 *   range repaired in the measure before): its measure in the range and its
 *   part in the scope's parts;
 * - a measure's time or key signature: the measure in the range, and the
 *   scope covering every part (a signature belongs to all parts). A time or
 *   key change at measure m holds until the next change of the same kind,
 *   so its plan writes every measure from m to there: it is in scope only
 *   when the range covers all of them;
 * - measures inserted before measure `at` (appended: `at` is the measure
 *   count + 1): `at` from the range's start to one past its end, and every
 *   part in the scope;
 * - a measure deleted: in the range, and every part in the scope;
 * - a score text (title, composer, ...): printed above m1 for every part,
 *   so in scope only when the range holds m1 and the scope every part;
 * - a part added, removed or moved: never in a scope. A scope is a region
 *   of the score's measures, and these change which parts there are and
 *   what every part number (the scope's own included) means;
 * - a part's name, abbreviation, instrument or transposition: printed at
 *   the part's start, so in scope when the range holds m1 and the scope
 *   the part.
 *
 * Measure numbers are judged as they are at each call: after an insertion
 * or a deletion, a host that wants the scope to follow the music moves it
 * with `tools.setScope`.
 */
import type { ScorePlan, ScoreTextField, UnitChange } from '@scorelane/score-model';
import type { WriteScope } from '@scorelane/tool-contracts';

/**
 * A score scope as a host gives it: measures `start` to `end` (1-based,
 * inclusive) and the parts writes may touch (left out: every part).
 *
 * @example
 * ```ts
 * const selection: ScoreScopeInput = { measures: { start: 5, end: 8 }, parts: [1, 2] };
 * ```
 */
export interface ScoreScopeInput {
  readonly measures: { readonly start: number; readonly end: number };
  readonly parts?: readonly number[];
}

/**
 * One thing a write plan touches. Measures and parts are 1-based, as the
 * score is numbered when the write runs.
 *
 * @example
 * ```ts
 * const target: ScoreTarget = { kind: 'unit', measure: 4, part: 1, reason: 'tie-repair' };
 * ```
 */
export type ScoreTarget =
  | {
      readonly kind: 'unit';
      readonly measure: number;
      readonly part: number;
      readonly reason: Exclude<UnitChange['reason'], 'new-measure'>;
    }
  | { readonly kind: 'signature'; readonly measure: number }
  | { readonly kind: 'insertion'; readonly at: number; readonly count: number }
  | { readonly kind: 'deletion'; readonly measure: number }
  | { readonly kind: 'score-text'; readonly field: ScoreTextField }
  | {
      readonly kind: 'part';
      readonly part: number;
      readonly change: 'add' | 'remove' | 'set' | 'move';
    };

/**
 * The write scope of `input`, for `createScoreTools({ scope })`,
 * `tools.setScope` or a pipeline's `invoke` options. Its `data` is
 * `{ measures: { start, end }, parts? }`. Throws a `RangeError` for a range
 * or parts that are not 1-based whole numbers, or a range that ends before
 * it starts (a host bug).
 *
 * @example
 * ```ts
 * const scope = scoreScope({ measures: { start: 5, end: 8 }, parts: [1] });
 * scope.label; // 'measures 5-8, part 1'
 * scope.contains({ kind: 'unit', measure: 9, part: 1, reason: 'rewrite' }); // false
 * ```
 */
export function scoreScope(input: ScoreScopeInput): WriteScope {
  const { start, end } = checkedRange(input);
  const parts = input.parts === undefined ? undefined : checkedParts(input.parts);
  const inRange = (measure: number) => measure >= start && measure <= end;
  const allParts = parts === undefined;
  return Object.freeze({
    label: scopeLabel(start, end, parts),
    data: { measures: { start, end }, ...(parts === undefined ? {} : { parts: [...parts] }) },
    contains(target: unknown): boolean {
      if (!isScoreTarget(target)) return false;
      switch (target.kind) {
        case 'unit':
          return inRange(target.measure) && (allParts || parts.includes(target.part));
        case 'signature':
        case 'deletion':
          return allParts && inRange(target.measure);
        case 'insertion':
          return allParts && target.at >= start && target.at <= end + 1;
        case 'score-text':
          return allParts && inRange(1);
        case 'part':
          return target.change === 'set' && inRange(1) && (allParts || parts.includes(target.part));
      }
    },
    describe: (target: unknown) =>
      isScoreTarget(target) ? describeTarget(target) : JSON.stringify(target),
  });
}

/**
 * What `plan` would touch, in the order it writes: every unit it writes
 * (with why; a unit that already holds the content is not written, so not
 * listed), every measure whose signature it sets, every insertion and
 * deleted measure. The rests that fill measures the plan adds belong to the
 * insertion and are not listed again; music a rewrite writes into a measure
 * it appends is.
 *
 * @example
 * ```ts
 * const planned = planRewrite(score, request);
 * if (planned.ok) planTargets(planned.plan); // [{ kind: 'unit', measure: 5, part: 1, reason: 'rewrite' }, ...]
 * ```
 */
export function planTargets(plan: ScorePlan): ScoreTarget[] {
  const reasons = new Map(
    plan.changes.map((change) => [
      `${change.part}/${change.staff}/${change.measure}`,
      change.reason,
    ]),
  );
  const targets: ScoreTarget[] = [];
  const seen = new Set<string>();
  const add = (target: ScoreTarget) => {
    const key = JSON.stringify(target);
    if (seen.has(key)) return;
    seen.add(key);
    targets.push(target);
  };
  for (const write of plan.writes) {
    switch (write.op) {
      case 'unit': {
        const reason = reasons.get(`${write.part}/${write.staff}/${write.measure}`) ?? 'rewrite';
        if (reason !== 'new-measure') {
          add({ kind: 'unit', measure: write.measure, part: write.part, reason });
        }
        break;
      }
      case 'measure':
        add({ kind: 'signature', measure: write.measure });
        break;
      case 'insert-measures':
        add({ kind: 'insertion', at: write.at, count: write.infos.length });
        break;
      case 'delete-measures':
        for (let measure = write.start; measure <= write.end; measure++) {
          add({ kind: 'deletion', measure });
        }
        break;
      case 'text':
        add({ kind: 'score-text', field: write.field });
        break;
      case 'insert-part':
        add({ kind: 'part', part: write.at, change: 'add' });
        break;
      case 'delete-part':
        add({ kind: 'part', part: write.part, change: 'remove' });
        break;
      case 'part':
        add({ kind: 'part', part: write.part, change: 'set' });
        break;
      case 'move-part':
        add({ kind: 'part', part: write.from, change: 'move' });
        break;
    }
  }
  return targets;
}

function describeTarget(target: ScoreTarget): string {
  switch (target.kind) {
    case 'unit':
      return target.reason === 'tie-repair'
        ? `m${target.measure}, part ${target.part} (a tie from there into the written range would be removed)`
        : `m${target.measure}, part ${target.part}`;
    case 'signature':
      return `the time or key signature of m${target.measure} (every part)`;
    case 'insertion':
      return `inserting ${target.count} measure${target.count === 1 ? '' : 's'} before m${target.at} (every part)`;
    case 'deletion':
      return `deleting m${target.measure} (every part)`;
    case 'score-text':
      return `the score's ${target.field} (printed above m1, for every part)`;
    case 'part':
      return target.change === 'set'
        ? `part ${target.part}'s name, instrument or transposition (printed at m1)`
        : `${{ add: 'adding', remove: 'removing', move: 'moving' }[target.change]} part ${target.part} (outside any scope: it renumbers the parts)`;
  }
}

function scopeLabel(start: number, end: number, parts: readonly number[] | undefined): string {
  const measures = start === end ? `measure ${start}` : `measures ${start}-${end}`;
  if (parts === undefined) return `${measures}, all parts`;
  return `${measures}, part${parts.length === 1 ? '' : 's'} ${parts.join(', ')}`;
}

function checkedRange(input: ScoreScopeInput): { start: number; end: number } {
  const { start, end } = input.measures ?? {};
  if (!isPositiveInteger(start) || !isPositiveInteger(end) || end < start) {
    throw new RangeError(
      `A score scope needs measures { start, end }: 1-based whole numbers with start <= end; got ${JSON.stringify(input.measures)}.`,
    );
  }
  return { start, end };
}

function checkedParts(parts: readonly number[]): readonly number[] {
  if (!Array.isArray(parts) || parts.length === 0 || !parts.every(isPositiveInteger)) {
    throw new RangeError(
      `A score scope's parts must be a non-empty list of 1-based part numbers (leave parts out for every part); got ${JSON.stringify(parts)}.`,
    );
  }
  return Object.freeze([...new Set(parts)].sort((a, b) => a - b));
}

function isPositiveInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

function isScoreTarget(value: unknown): value is ScoreTarget {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return (
    kind === 'unit' ||
    kind === 'signature' ||
    kind === 'insertion' ||
    kind === 'deletion' ||
    kind === 'score-text' ||
    kind === 'part'
  );
}
