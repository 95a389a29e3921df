/**
 * The person's oversight of agents, wired together: the shared activity
 * log and its panel, the highlight of what others changed, and the
 * document's oversight (review mode, the agents' scope, the proposals: the
 * same on every page, obeyed by every agent on the score) with their
 * toggles and panel, and the keyboard help. main.ts makes it before the
 * score tools (which record into its log and take its settings) and starts
 * it once the tools exist and the agents' tools are registered.
 */
import type { Score } from '@scorelane/score-model';
import {
  type ActivityActor,
  type ActivityEntry,
  type ActivityOptions,
  openActivityLog,
  openOversightSettings,
  openProposalStore,
  type Proposal,
  type ScoreSelection,
  type ScoreTools,
  type OversightOptions as SharedOversightOptions,
} from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import type { UndoResult } from '@scorelane/undo';
import { type ActivityPanel, bindActivityPanel } from './activity-panel.ts';
import { historyChange } from './history-activity.ts';
import { bindKeyboardHelp } from './keyboard-help.ts';
import { oversightPage } from './oversight-page.ts';
import { partNamesOf, rangeWords } from './person-words.ts';
import type { RangeEngraver } from './range-engraver.ts';
import { onRemoteChange, remoteChangeMessage } from './remote-changes.ts';
import { renderOnChange } from './render-on-change.ts';
import { createReviewPanel } from './review-panel.ts';
import { bindReviewToggle } from './review-toggle.ts';
import { bindScopeToggle, type ScopeToggle } from './scope-toggle.ts';
import { markMeasures } from './score-view.ts';
import type { SelectionStore } from './selection-store.ts';

/** What the oversight works on. */
export interface OversightOptions {
  readonly score: Score;
  readonly selection: SelectionStore;
  /** The engraved score, whose clicks and keys are the person's selecting. */
  readonly scoreElement: HTMLElement;
  /** Whether the person may edit (a viewer's page shows the settings and proposals, and changes neither). */
  readonly canWrite: boolean;
  /** The person's name on a shared document now (their presence name), recorded with their entries. */
  readonly personName?: () => string | undefined;
  /** Shows an accepted proposal's change (highlight, status line). */
  readonly accepted: (proposal: Proposal, range: ScoreSelection | null) => void;
  /** Says something in the page's status line. */
  readonly say: (message: string) => void;
  /** Told when a proposal arrives, with its card (the page brings its Accept and Reject into view). */
  readonly proposed?: (card: HTMLElement) => void;
}

/** The oversight, before and after the tools exist. */
export interface Oversight {
  /** The activity option of the person's (`person`) or the page's agents' (`agent`) tools. */
  activity(who: 'person' | 'agent'): ActivityOptions;
  /** The oversight option of the person's (`person`: decides) or the page's agents' (`agent`: obeys) tools. */
  tools(who: 'person' | 'agent'): SharedOversightOptions;
  /** Hears every finished call of the page's agents (refusals are listed locally). */
  agentCalled(invocation: ToolInvocation): void;
  /** Hears the person's Undo and Redo (buttons, keys): what they changed is logged. */
  historyChanged(command: 'undo' | 'redo', result: UndoResult<unknown>): void;
  /**
   * Binds the proposals to the person's tools (they accept and reject) and
   * the scope toggle to the agents' tools; `reregister` re-registers these.
   */
  start(
    personTools: ScoreTools,
    agentTools: ScoreTools,
    reregister: (() => Promise<void>) | null,
  ): void;
}

/** Creates the oversight over index.html's `#oversight` section and the document's shared settings. */
export function createOversight(options: OversightOptions): Oversight {
  const page = oversightPage();
  const doc = options.score.doc;
  const log = openActivityLog(doc);
  const settings = openOversightSettings(doc);
  const proposals = openProposalStore(doc);
  const name = () => options.personName?.() ?? null;
  const actor = (who: 'person' | 'agent'): ActivityActor => {
    const person = options.personName?.();
    const named = person === undefined ? {} : { name: person };
    return who === 'person'
      ? { kind: 'person', via: 'editor', ...named }
      : { kind: 'agent', via: 'webmcp', ...named };
  };
  let personTools: ScoreTools | undefined;
  let scope: ScopeToggle | undefined;
  const select = (range: ScoreSelection) => {
    options.selection.set(range);
    scope?.follow();
  };
  const partNames = () => partNamesOf(options.score);
  const activityPanel: ActivityPanel = bindActivityPanel(page.activity, log, select, {
    partNames,
    empty: page.activityEmpty,
  });
  onRemoteChange(log, (entry) => showRemoteChange(options, entry, partNames()));
  let engraver: Promise<RangeEngraver> | undefined;
  const reviewPanel = createReviewPanel({
    list: page.proposals,
    score: options.score,
    store: proposals,
    review: () => personTools?.proposals,
    canDecide: options.canWrite,
    engraver: () => {
      // Loaded with the first proposal: Verovio stays out of the page's own bundle.
      engraver ??= import('./range-engraver.ts').then((module) => module.createRangeEngraver());
      return engraver;
    },
    onApplied: (proposal) => options.accepted(proposal, proposal.range),
    onArrived: (card) => options.proposed?.(card),
    onPending: (pending) => {
      page.proposalsCount.textContent = pending === 0 ? '' : String(pending);
      page.proposalsEmpty.hidden = proposals.list().length > 0;
    },
  });
  renderOnChange(doc, () => reviewPanel.refresh());
  bindReviewToggle(page.review, settings, options.canWrite, name);
  bindKeyboardHelp(page.keyboardHelp);
  page.scope.wholeScore.disabled = !options.canWrite;
  page.scope.mySelection.disabled = !options.canWrite;

  return {
    activity: (who) => ({ log, by: () => actor(who) }),
    tools: (who) => ({ settings, proposals, agent: who === 'agent' }),
    historyChanged(command, result) {
      const change = historyChange(command, result, log, actor('person'));
      if (change !== null) log.record(change);
    },
    agentCalled(invocation) {
      if (!invocation.ok) activityPanel.refused(invocation);
      const proposed = proposalRange(invocation);
      if (proposed !== null) {
        options.say(
          `An agent proposes a change to ${rangeWords(proposed, partNames())}: review it under Proposals.`,
        );
      }
    },
    start(person, agents, reregister) {
      personTools = person;
      reviewPanel.refresh();
      scope = bindScopeToggle(page.scope, {
        settings,
        tools: agents,
        selection: options.selection,
        personInput: options.scoreElement,
        canWrite: options.canWrite,
        personName: name,
        reregister: reregister ?? (async () => undefined),
      });
    },
  };
}

/** Highlights what someone else changed, keeping the person's selection, and says who did it. */
function showRemoteChange(
  options: OversightOptions,
  entry: ActivityEntry,
  partNames: readonly string[],
): void {
  if (entry.range === null) return;
  const { selection } = options;
  selection.showRemoteChange(entry.range);
  markMeasures(options.scoreElement, selection.get(), selection.highlighted());
  options.say(remoteChangeMessage(entry, partNames));
}

/** The range of a write that now awaits review, or `null` for any other call. */
function proposalRange(invocation: ToolInvocation): ScoreSelection | null {
  if (!invocation.ok || invocation.output.status !== 'awaiting_review') return null;
  const range = invocation.output.changed_range as ScoreSelection | undefined;
  return range ?? null;
}
