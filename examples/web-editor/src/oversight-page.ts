/**
 * The elements of the page's agent oversight section (index.html's
 * `#oversight`): the review and scope toggles, the proposals, the activity
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
    activity: byId('activity', HTMLOListElement),
    keyboardHelp: byId('keyboard-help', HTMLDetailsElement),
  };
}

/** The oversight section's elements, as {@link oversightPage} finds them. */
export type OversightPage = ReturnType<typeof oversightPage>;
