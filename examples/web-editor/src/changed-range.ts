/**
 * The range a finished tool call changed, from its `changed_range` output
 * (every score-tools write reports one), for the highlight.
 */
import type { ScoreSelection } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';

/**
 * The measures and parts `invocation` changed, or `null` when it changed
 * nothing (a read, a refusal, a dry run, a proposal awaiting review).
 *
 * @example
 * ```ts
 * const invocation = await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq });
 * changedRange(invocation); // { start_measure: 2, end_measure: 2, parts: [1] }
 * ```
 */
export function changedRange(invocation: ToolInvocation): ScoreSelection | null {
  if (!invocation.ok || invocation.output.status !== 'applied') return null;
  const range = invocation.output.changed_range;
  if (typeof range !== 'object' || range === null) return null;
  const { start_measure, end_measure, parts } = range as Record<string, unknown>;
  if (typeof start_measure !== 'number' || typeof end_measure !== 'number') return null;
  if (!Array.isArray(parts) || !parts.every((part) => typeof part === 'number')) return null;
  return { start_measure, end_measure, parts };
}
