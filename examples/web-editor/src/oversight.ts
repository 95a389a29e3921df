/**
 * The person's oversight of agents, wired together: the shared activity
 * log and its panel, the highlight of what others changed, review mode and
 * its proposals, the agents' scope toggle and the keyboard help. main.ts
 * makes it before the score tools (which record into its log and review
 * through its options) and starts it once the agents' tools are registered.
 */
import type { Score } from '@scorelane/score-model';
import {
  type ActivityActor,
  type ActivityEntry,
  type ActivityOptions,
  openActivityLog,
  type ReviewOptions,
  rangePhrase,
  type ScoreReviewSession,
  type ScoreSelection,
  type ScoreTools,
} from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import type { UndoResult } from '@scorelane/undo';
import { type ActivityPanel, bindActivityPanel } from './activity-panel.ts';
import { historyChange } from './history-activity.ts';
import { bindKeyboardHelp } from './keyboard-help.ts';
import { oversightPage } from './oversight-page.ts';
import { createRangeEngraver, type RangeEngraver } from './range-engraver.ts';
import { onRemoteChange, remoteChangeMessage } from './remote-changes.ts';
import { renderOnChange } from './render-on-change.ts';
import { createReviewPanel } from './review-panel.ts';
import { bindScopeToggle, type ScopeToggle } from './scope-toggle.ts';
import { markMeasures } from './score-view.ts';
import type { SelectionStore } from './selection-store.ts';

/** What the oversight works on. */
export interface OversightOptions {
  readonly score: Score;
  readonly selection: SelectionStore;
  /** The engraved score, whose clicks and keys are the person's selecting. */
  readonly scoreElement: HTMLElement;
  /** Whether the person may edit (a viewer's page has no agent writes to oversee). */
  readonly canWrite: boolean;
  /** The person's name on a shared document now (their presence name), recorded with their entries. */
  readonly personName?: () => string | undefined;
  /** Shows an accepted proposal's change (highlight, status line). */
  readonly accepted: (session: ScoreReviewSession, range: ScoreSelection | null) => void;
  /** Says something in the page's status line. */
  readonly say: (message: string) => void;
}

/** The oversight, before and after the agents' tools exist. */
export interface Oversight {
  /** The activity option of the person's (`person`) or the page's agents' (`agent`) tools. */
  activity(who: 'person' | 'agent'): ActivityOptions;
  /** The review option of the agents' tools: writes wait while the toggle is on. */
  readonly review: ReviewOptions;
  /** Hears every finished call of the page's agents (refusals are listed locally). */
  agentCalled(invocation: ToolInvocation): void;
  /** Hears the person's Undo and Redo (buttons, keys): what they changed is logged. */
  historyChanged(command: 'undo' | 'redo', result: UndoResult<unknown>): void;
  /** Binds the review desk and scope toggle to the agents' tools; `reregister` re-registers them. */
  start(agentTools: ScoreTools, reregister: (() => Promise<void>) | null): void;
}

/** Creates the oversight over index.html's `#oversight` section. */
export function createOversight(options: OversightOptions): Oversight {
  const page = oversightPage();
  const log = openActivityLog(options.score.doc);
  const actor = (who: 'person' | 'agent'): ActivityActor => {
    const name = options.personName?.();
    const named = name === undefined ? {} : { name };
    return who === 'person'
      ? { kind: 'person', via: 'editor', ...named }
      : { kind: 'agent', via: 'webmcp', ...named };
  };
  let agentTools: ScoreTools | undefined;
  let scope: ScopeToggle | undefined;
  const select = (range: ScoreSelection) => {
    options.selection.set(range);
    scope?.follow();
  };
  const activityPanel: ActivityPanel = bindActivityPanel(page.activity, log, select);
  onRemoteChange(log, (entry) => showRemoteChange(options, entry));
  let engraver: Promise<RangeEngraver> | undefined;
  const reviewPanel = createReviewPanel({
    list: page.proposals,
    score: options.score,
    desk: () => agentTools?.reviews,
    engraver: () => {
      engraver ??= createRangeEngraver();
      return engraver;
    },
    onApplied: (session) => options.accepted(session, session.preview?.changed_range ?? null),
  });
  renderOnChange(options.score.doc, () => reviewPanel.refresh());
  bindKeyboardHelp(page.keyboardHelp);
  page.reviewToggle.disabled = !options.canWrite;
  page.scope.wholeScore.disabled = !options.canWrite;
  page.scope.mySelection.disabled = !options.canWrite;

  return {
    activity: (who) => ({ log, by: () => actor(who) }),
    historyChanged(command, result) {
      const change = historyChange(command, result, log, actor('person'));
      if (change !== null) log.record(change);
    },
    review: {
      enabled: () => page.reviewToggle.checked,
      onChange: (session) => reviewPanel.show(session),
    },
    agentCalled(invocation) {
      activityPanel.refused(invocation);
      const proposed = proposalRange(invocation);
      if (proposed !== null) {
        options.say(
          `An agent proposes ${invocation.tool} in ${rangePhrase(proposed)}: review it under Proposals.`,
        );
      }
    },
    start(tools, reregister) {
      agentTools = tools;
      scope = bindScopeToggle(
        page.scope,
        tools,
        options.selection,
        options.scoreElement,
        reregister ?? (async () => undefined),
      );
    },
  };
}

/** Highlights what someone else changed, keeping the person's selection, and says who did it. */
function showRemoteChange(options: OversightOptions, entry: ActivityEntry): void {
  if (entry.range === null) return;
  const { selection } = options;
  selection.showRemoteChange(entry.range);
  markMeasures(options.scoreElement, selection.get(), selection.highlighted());
  options.say(remoteChangeMessage(entry));
}

/** The range of a write that now awaits review, or `null` for any other call. */
function proposalRange(invocation: ToolInvocation): ScoreSelection | null {
  if (!invocation.ok || invocation.output.status !== 'awaiting_review') return null;
  const range = invocation.output.changed_range as ScoreSelection | undefined;
  return range ?? null;
}
