/**
 * "Review mode: agents' writes wait for review", on the document's
 * oversight settings, so it holds for every agent on the score (in any
 * person's browser and on the server's MCP endpoint) and every page shows
 * it, with who set it. A viewer's page shows it and cannot change it.
 */
import type { OversightSettings } from '@scorelane/score-tools';

/** The toggle's elements: the checkbox and the line that says who set it. */
export interface ReviewToggleElements {
  readonly toggle: HTMLInputElement;
  readonly label: HTMLElement;
}

/** Keeps the checkbox and the document's review mode in step; `personName` is recorded as who set it. */
export function bindReviewToggle(
  elements: ReviewToggleElements,
  settings: OversightSettings,
  canWrite: boolean,
  personName: () => string | null,
): void {
  elements.toggle.disabled = !canWrite;
  const show = () => {
    const on = settings.reviewMode();
    elements.toggle.checked = on;
    const by = settings.reviewSetBy();
    const who =
      by === null
        ? ''
        : by.client === settings.doc.clientID
          ? ' (by you)'
          : ` (by ${by.name ?? 'a collaborator'})`;
    elements.label.textContent = on
      ? `On for every agent on this score${who}: their writes wait as proposals.`
      : `Off${who}: agents’ writes apply at once.`;
    elements.label.dataset.review = on ? 'on' : 'off';
  };
  elements.toggle.addEventListener('change', () => {
    if (canWrite) settings.setReviewMode(elements.toggle.checked, personName());
    show();
  });
  settings.subscribe(show);
  show();
}
