/**
 * The scope toggle, "Agents may edit: the whole score / my selection", on
 * the document's oversight settings (score-tools' `openOversightSettings`),
 * so it holds for every agent on the score: in this browser, in a
 * collaborator's, and on the server's MCP endpoint. Every page shows the
 * same choice and says whose selection it is.
 *
 * "My selection" makes this person's selection the scope and keeps it in
 * step as they select (with nothing selected, agents may edit nothing),
 * until someone else picks theirs or the whole score. The scope follows the
 * person's own input (a click or key on the score, a click on an activity
 * entry), never an agent's write or `select_measures`, so an agent cannot
 * move its own scope. The page's agents' tools are registered again as the
 * scope changes, so their manifest names it; with nothing in scope their
 * write tools are switched off.
 */
import type { OversightSettings, ScoreTools } from '@scorelane/score-tools';
import { type AgentScopeMode, documentScopeFor } from './agent-scope.ts';
import type { SelectionStore } from './selection-store.ts';

/** The toggle's elements: two radio inputs and the line that says the scope. */
export interface ScopeToggleElements {
  readonly wholeScore: HTMLInputElement;
  readonly mySelection: HTMLInputElement;
  readonly label: HTMLElement;
}

/** The bound toggle: `follow()` takes the person's selection as the scope now (if theirs is it). */
export interface ScopeToggle {
  follow(): void;
}

/** What the toggle works on. */
export interface ScopeToggleOptions {
  readonly settings: OversightSettings;
  /** The page's agents' tools. */
  readonly tools: ScoreTools;
  readonly selection: SelectionStore;
  /** The engraved score: the person's clicks and keys on it are their selecting. */
  readonly personInput: HTMLElement;
  /** Whether the person may edit (a viewer's toggle is shown, never changed). */
  readonly canWrite: boolean;
  /** The person's name now, recorded as who set the scope. */
  readonly personName: () => string | null;
  /** Registers the page's agents' tools again (the bridge's `update`). */
  readonly reregister: () => Promise<void>;
}

/** Keeps the toggle, the document's scope and the page's agents' tools in step. */
export function bindScopeToggle(
  elements: ScopeToggleElements,
  options: ScopeToggleOptions,
): ScopeToggle {
  const { settings, tools, selection } = options;
  const writeTools = tools
    .list('editor')
    .filter((tool) => tool.permission === 'write')
    .map((tool) => tool.name);
  const mine = () => settings.scopeSetBy()?.client === settings.doc.clientID;
  const choose = (mode: AgentScopeMode) => {
    if (!options.canWrite) return;
    settings.setAgentScope(documentScopeFor(mode, selection.get()), options.personName());
  };
  const follow = () => {
    if (options.canWrite && mine() && settings.agentScope().kind !== 'score') choose('selection');
  };
  let shown = '';
  const show = () => {
    const scope = settings.agentScope();
    elements.wholeScore.checked = scope.kind === 'score';
    elements.mySelection.checked = scope.kind !== 'score';
    elements.label.textContent = scopeText(settings, options.canWrite, mine());
    elements.label.dataset.scope =
      scope.kind === 'score' ? 'score' : scope.kind === 'nothing' ? 'nothing' : 'selection';
    const key = JSON.stringify(scope);
    if (key === shown) return;
    shown = key;
    tools.setDisabledTools(scope.kind === 'nothing' ? writeTools : []);
    void options.reregister();
  };
  elements.wholeScore.addEventListener('change', () => choose('score'));
  elements.mySelection.addEventListener('change', () => choose('selection'));
  // Registered after the editor's own handlers, so the selection is already updated.
  options.personInput.addEventListener('click', follow);
  options.personInput.addEventListener('keydown', follow);
  settings.subscribe(show);
  show();
  return { follow };
}

function scopeText(settings: OversightSettings, canWrite: boolean, mine: boolean): string {
  const scope = settings.agentScope();
  const name = settings.scopeSetBy()?.name ?? 'a collaborator';
  const what =
    scope.kind === 'score'
      ? 'Agents may edit the whole score.'
      : scope.kind === 'nothing'
        ? `Agents may edit nothing until ${mine ? 'you select' : `${name} selects`} measures.`
        : `Agents may edit ${settings.writeScope()?.label} (${mine ? 'your' : `${name}’s`} selection).`;
  return canWrite ? what : `View only: agents in this browser may not edit. ${what}`;
}
