/**
 * Collecting problems without bound on what comes in, but with a bound on
 * what is kept: the first {@link MAX_PROBLEMS} in text order, and a count of
 * the rest by code.
 */
import { LIMITS } from '@scorelane/lanes-seq';
import type { Problem, ProblemCode } from './problem.ts';

/**
 * The most problems a result lists one by one, as the lanes-seq parser does
 * (its `LIMITS.maxIssues`). Past it, one more problem, `too-many-problems`,
 * counts the rest by code, so a text with a million mistakes gets a short
 * answer in linear time and bounded memory.
 *
 * @example
 * ```ts
 * if (!result.ok) result.problems.length <= MAX_PROBLEMS + 1; // true
 * ```
 */
export const MAX_PROBLEMS: number = LIMITS.maxIssues;

/** How many codes the summary names, most frequent first. */
const SUMMARY_CODES = 3;

interface Entry {
  readonly problem: Problem;
  readonly seq: number;
}

/** Whether `a` comes after `b` in text order: no line first, then line, column, arrival. */
function isAfter(a: Entry, b: Entry): boolean {
  return (
    ((a.problem.line ?? 0) - (b.problem.line ?? 0) ||
      (a.problem.column ?? 0) - (b.problem.column ?? 0) ||
      a.seq - b.seq) > 0
  );
}

/**
 * Problems as a planner finds them, in any order. Keeps the first
 * `limit` in text order (a max-heap, so each problem costs O(log limit)),
 * counts every other one by code, and gives them back in text order with a
 * closing summary.
 */
export class ProblemList {
  /** A max-heap on text order: the last kept problem is at the top. */
  private readonly heap: Entry[] = [];
  private readonly omitted = new Map<ProblemCode, number>();
  private firstOmitted: Entry | undefined;
  private arrived = 0;

  constructor(private readonly limit: number = MAX_PROBLEMS) {}

  /** How many problems were added, kept or not. */
  get count(): number {
    return this.arrived;
  }

  /** Adds one problem. */
  push(problem: Problem): void {
    const entry = { problem, seq: this.arrived++ };
    if (this.heap.length < this.limit) {
      this.heap.push(entry);
      this.siftUp(this.heap.length - 1);
      return;
    }
    const last = this.heap[0];
    if (last === undefined || isAfter(entry, last)) {
      this.omit(entry);
      return;
    }
    this.heap[0] = entry;
    this.siftDown(0);
    this.omit(last);
  }

  /** Adds every problem of a list, one at a time. */
  pushAll(problems: Iterable<Problem>): void {
    for (const problem of problems) this.push(problem);
  }

  /** The kept problems in text order, then the `too-many-problems` summary when some were left out. */
  toArray(): Problem[] {
    const kept = [...this.heap].sort((a, b) => (isAfter(a, b) ? 1 : -1)).map((e) => e.problem);
    const summary = this.summary();
    if (summary) kept.push(summary);
    return kept;
  }

  private omit(entry: Entry): void {
    const code = entry.problem.code;
    this.omitted.set(code, (this.omitted.get(code) ?? 0) + 1);
    if (this.firstOmitted === undefined || isAfter(this.firstOmitted, entry))
      this.firstOmitted = entry;
  }

  private summary(): Problem | undefined {
    const first = this.firstOmitted?.problem;
    if (first === undefined) return undefined;
    const count = (value: number) => value.toLocaleString('en-US');
    const omitted = this.arrived - this.heap.length;
    const kinds = [...this.omitted]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, SUMMARY_CODES)
      .map(([code, number]) => `${count(number)} ${code}`);
    const more = this.omitted.size > SUMMARY_CODES ? ', ...' : '';
    return {
      code: 'too-many-problems',
      ...(first.line !== undefined ? { line: first.line } : {}),
      ...(first.column !== undefined ? { column: first.column } : {}),
      message: `... and ${count(omitted)} more problems from here on (${kinds.join(', ')}${more}), not listed one by one; ${count(this.arrived)} in all.`,
      fix: 'Fix the problems listed above (a mistake made once is often made throughout), then try again.',
    };
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    let at = index;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!isAfter(heap[at]!, heap[parent]!)) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    let at = index;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let largest = at;
      if (left < heap.length && isAfter(heap[left]!, heap[largest]!)) largest = left;
      if (right < heap.length && isAfter(heap[right]!, heap[largest]!)) largest = right;
      if (largest === at) return;
      [heap[at], heap[largest]] = [heap[largest]!, heap[at]!];
      at = largest;
    }
  }
}

/**
 * A finished list of problems, cut to the first {@link MAX_PROBLEMS} in
 * text order with the summary of the rest.
 *
 * @example
 * ```ts
 * return { ok: false, problems: limitProblems(problems) };
 * ```
 */
export function limitProblems(problems: Iterable<Problem>): Problem[] {
  const list = new ProblemList();
  list.pushAll(problems);
  return list.toArray();
}
