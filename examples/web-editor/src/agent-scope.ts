/**
 * "Agents may edit: the whole score / my selection": the write scope of the
 * page's agents, from that choice and the person's selection.
 */
import type { ScoreScopeInput, ScoreSelection } from '@scorelane/score-tools';

/** What the person lets the page's agents edit. */
export type AgentScopeMode = 'score' | 'selection';

/**
 * The scope for the agents' tools: `null` for the whole score; with "my
 * selection", the selected measures and parts, or `'nothing'` while
 * nothing is selected (the page then switches the write tools off).
 *
 * @example
 * ```ts
 * agentScopeFor('selection', { start_measure: 1, end_measure: 2, parts: [1] });
 * // { measures: { start: 1, end: 2 }, parts: [1] }
 * agentScopeFor('score', selection); // null
 * ```
 */
export function agentScopeFor(
  mode: AgentScopeMode,
  selection: ScoreSelection | null,
): ScoreScopeInput | null | 'nothing' {
  if (mode === 'score') return null;
  if (selection === null) return 'nothing';
  return {
    measures: { start: selection.start_measure, end: selection.end_measure },
    parts: [...selection.parts],
  };
}
