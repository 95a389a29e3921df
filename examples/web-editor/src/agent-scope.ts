/**
 * "Agents may edit: the whole score / my selection": the document's agent
 * scope, from that choice and the person's selection.
 */
import type { AgentScope, ScoreSelection } from '@scorelane/score-tools';

/** What the person lets the agents edit. */
export type AgentScopeMode = 'score' | 'selection';

/**
 * The agents' scope for the document's settings: the whole score; with "my
 * selection", the selected measures and parts, or nothing while nothing is
 * selected.
 *
 * @example
 * ```ts
 * documentScopeFor('selection', { start_measure: 1, end_measure: 2, parts: [1] });
 * // { kind: 'range', measures: { start: 1, end: 2 }, parts: [1] }
 * documentScopeFor('selection', null); // { kind: 'nothing' }
 * documentScopeFor('score', selection); // { kind: 'score' }
 * ```
 */
export function documentScopeFor(
  mode: AgentScopeMode,
  selection: ScoreSelection | null,
): AgentScope {
  if (mode === 'score') return { kind: 'score' };
  if (selection === null) return { kind: 'nothing' };
  return {
    kind: 'range',
    measures: { start: selection.start_measure, end: selection.end_measure },
    parts: [...selection.parts],
  };
}
