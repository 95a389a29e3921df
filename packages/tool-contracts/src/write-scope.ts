/**
 * A write scope: what a host lets one caller or one run write, as data the
 * manifest and the audit can carry and a predicate the pipeline checks
 * against what a write would touch, before it runs. Reads are not limited
 * by it. What a "target" is belongs to the host's tools (a measure of a
 * part, a row, a block id); this file never looks inside one.
 */
import type { ToolError, ToolProblem } from './tool-error.ts';
import { toolError } from './tool-error.ts';

/**
 * A scope as plain JSON: a sentence that names it for the agent and the
 * host's own description of it. Manifests, audit events and review
 * sessions carry this.
 *
 * @example
 * ```ts
 * const described: ScopeDescription = { label: 'measures 5-8, parts 1, 2', data: { measures: { start: 5, end: 8 }, parts: [1, 2] } };
 * ```
 */
export interface ScopeDescription {
  /** Names the scope in a sentence: `measures 5-8, parts 1, 2`. */
  readonly label: string;
  /** The scope as JSON, for clients that narrow their writes themselves. */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * What a write may touch. The pipeline asks a write tool's `targets` what
 * the call would touch (from a dry plan), and refuses the call with
 * `out_of_scope` before it runs if `contains` is false for any of them.
 *
 * @example
 * ```ts
 * const onlyItems3to5: WriteScope = {
 *   label: 'items 3-5',
 *   data: { items: [3, 5] },
 *   contains: (target) => typeof target === 'number' && target >= 3 && target <= 5,
 *   describe: (target) => `item ${String(target)}`,
 * };
 * ```
 */
export interface WriteScope extends ScopeDescription {
  /** Whether a write may touch `target` (one of what a tool's `targets` returns). */
  contains(target: unknown): boolean;
  /** Names `target` for the agent: `m12, part 2`. */
  describe(target: unknown): string;
}

/**
 * The JSON view of a scope (its `label` and `data`), for manifests, audit
 * events and review sessions.
 *
 * @example
 * ```ts
 * describeScope(onlyItems3to5); // { label: 'items 3-5', data: { items: [3, 5] } }
 * ```
 */
export function describeScope(scope: ScopeDescription): ScopeDescription {
  return { label: scope.label, data: scope.data };
}

/**
 * The `out_of_scope` refusal of a write of `tool` whose targets include some
 * outside `scope`, one problem per target outside (named by the scope), or
 * `undefined` when every target is inside. The caller's text starts with
 * `Nothing was changed.`: the check runs before the tool does.
 *
 * @example
 * ```ts
 * scopeRefusal(onlyItems3to5, 'delete_items', [4, 9])?.problems[0]?.message;
 * // 'item 9 is outside your scope (items 3-5).'
 * ```
 */
export function scopeRefusal(
  scope: WriteScope,
  tool: string,
  targets: readonly unknown[],
): ToolError | undefined {
  const outside = targets.filter((target) => !scope.contains(target));
  if (outside.length === 0) return undefined;
  const problems: ToolProblem[] = outside.map((target) => ({
    message: `${scope.describe(target)} is outside your scope (${scope.label}).`,
    hint: `Write only inside ${scope.label}, or ask the user to widen the scope.`,
  }));
  return toolError(
    'out_of_scope',
    `${tool} would write outside your scope (${scope.label}); you may write only there.`,
    problems,
  );
}
