/**
 * The scope toggle, "Agents may edit: the whole score / my selection"
 * (issue 17's switch for the web editor). With "my selection" the page's
 * agents' tools get `setScope` with the person's selection as it changes
 * (with nothing selected, their write tools are switched off), and are
 * registered again so the manifest names the scope. The page says what the
 * agents may edit now.
 *
 * The scope follows the person's selection, not the agents': it is taken
 * after the person's own input (a click or key on the score, a click on an
 * activity entry), never when an agent's write or `select_measures` moves
 * the selection, so an agent cannot move its own scope.
 */
import type { ScoreTools } from '@scorelane/score-tools';
import { type AgentScopeMode, agentScopeFor } from './agent-scope.ts';
import type { SelectionStore } from './selection-store.ts';

/** The toggle's elements: two radio inputs and the line that says the scope. */
export interface ScopeToggleElements {
  readonly wholeScore: HTMLInputElement;
  readonly mySelection: HTMLInputElement;
  readonly label: HTMLElement;
}

/** The bound toggle: `follow()` takes the person's selection as the scope now (if it is on). */
export interface ScopeToggle {
  follow(): void;
}

/**
 * Keeps `tools`' scope in step with the toggle and the person's selection,
 * read after every click and key press on `personInput` (the score) and on
 * `follow()`; `reregister` registers the tools again (the bridge's `update`).
 */
export function bindScopeToggle(
  elements: ScopeToggleElements,
  tools: ScoreTools,
  selection: SelectionStore,
  personInput: HTMLElement,
  reregister: () => Promise<void>,
): ScopeToggle {
  const writeTools = tools
    .list('editor')
    .filter((tool) => tool.permission === 'write')
    .map((tool) => tool.name);
  const mode = (): AgentScopeMode => (elements.mySelection.checked ? 'selection' : 'score');
  let applied = '';
  const apply = () => {
    const scope = agentScopeFor(mode(), selection.get());
    const key = JSON.stringify(scope);
    if (key === applied) return;
    applied = key;
    tools.setDisabledTools(scope === 'nothing' ? writeTools : []);
    tools.setScope(scope === 'nothing' ? null : scope);
    elements.label.textContent = scopeText(tools, scope === 'nothing');
    elements.label.dataset.scope =
      scope === 'nothing' ? 'nothing' : scope === null ? 'score' : 'selection';
    void reregister();
  };
  elements.wholeScore.addEventListener('change', apply);
  elements.mySelection.addEventListener('change', apply);
  // Registered after the editor's own handlers, so the selection is already updated.
  personInput.addEventListener('click', apply);
  personInput.addEventListener('keydown', apply);
  apply();
  return { follow: apply };
}

function scopeText(tools: ScoreTools, nothing: boolean): string {
  if (tools.role !== 'editor') return 'View only: agents in this browser may not edit.';
  if (nothing) return 'Agents may edit nothing until you select measures.';
  const scope = tools.access().scope;
  return scope === undefined
    ? 'Agents may edit the whole score.'
    : `Agents may edit ${scope.label}.`;
}
