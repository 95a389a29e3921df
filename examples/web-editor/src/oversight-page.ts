/**
 * The elements of the page's agent oversight section (index.html's
 * Agents, Proposals and Activity tabs): the review and scope toggles, the proposals, the activity
 * list and the keyboard help, found once.
 */
import { byId } from './editor-page.ts';

/** The oversight section's elements. */
export function oversightPage() {
  return {
    review: {
      toggle: byId('review-mode', HTMLInputElement),
      label: byId('review-mode-label', HTMLElement),
    },
    scope: {
      wholeScore: byId('agent-scope-score', HTMLInputElement),
      mySelection: byId('agent-scope-selection', HTMLInputElement),
      label: byId('agent-scope-label', HTMLElement),
    },
    proposals: byId('proposals', HTMLElement),
    proposalsEmpty: byId('proposals-empty', HTMLElement),
    proposalsCount: byId('proposals-count', HTMLElement),
    activity: byId('activity', HTMLOListElement),
    activityEmpty: byId('activity-empty', HTMLElement),
    keyboardHelp: byId('keyboard-help', HTMLDetailsElement),
  };
}

/** The oversight section's elements, as {@link oversightPage} finds them. */
export type OversightPage = ReturnType<typeof oversightPage>;
