/**
 * The review panel: while review mode is on, each write of the page's
 * agents waits here as a proposal, its measures engraved before and after
 * side by side, with Accept (plans it again against the score as it is and
 * applies it as one undo step, or finds it stale) and Reject. A proposal
 * whose measures a person or a collaborator changed meanwhile shows as
 * stale at once.
 */
import type { Score } from '@scorelane/score-model';
import type { ReviewDesk, ScoreReviewSession } from '@scorelane/score-tools';
import { rangePhrase } from '@scorelane/score-tools';
import { type ProposalPreview, previewProposal } from './proposal-preview.ts';
import { PROPOSAL_STATUS_TEXT, type ProposalStatus, proposalStatus } from './proposal-status.ts';
import type { RangeEngraver } from './range-engraver.ts';

/** What the panel works with. */
export interface ReviewPanelOptions {
  /** The list the proposals go into. */
  readonly list: HTMLElement;
  readonly score: Score;
  /** The agents' review desk (read at each use: the tools are made after the panel). */
  readonly desk: () => ReviewDesk | undefined;
  /** The engraver of the before and after, loaded on the first proposal. */
  readonly engraver: () => Promise<RangeEngraver>;
  /** Told of a proposal that was accepted and applied. */
  readonly onApplied: (session: ScoreReviewSession) => void;
}

/** The panel: `show` a session's new state; `refresh` after the score changed. */
export interface ReviewPanel {
  show(session: ScoreReviewSession): void;
  refresh(): void;
}

/** The states in which a session is shown: waiting for the person, or ended. */
const SHOWN = new Set(['awaiting_user', 'applied', 'rejected', 'aborted', 'stale', 'failed']);

/** Creates the panel over `options.list`. */
export function createReviewPanel(options: ReviewPanelOptions): ReviewPanel {
  const cards = new Map<string, HTMLElement>();

  function show(session: ScoreReviewSession): void {
    if (!SHOWN.has(session.state)) return;
    let card = cards.get(session.id);
    if (card === undefined) {
      card = createCard(session, options);
      cards.set(session.id, card);
      options.list.prepend(card);
      void engraveCard(card, previewProposal(options.score, session), options);
    }
    updateCard(card, session, proposalStatus(session, options.score));
  }

  return {
    show,
    refresh() {
      const desk = options.desk();
      if (desk === undefined) return;
      for (const id of cards.keys()) show(desk.get(id));
    },
  };
}

function createCard(session: ScoreReviewSession, options: ReviewPanelOptions): HTMLElement {
  const card = element('article', 'proposal');
  card.dataset.session = session.id;
  card.tabIndex = -1;
  const range = session.preview?.changed_range;
  const title = element('h3', 'proposal-title');
  title.textContent = `An agent in this browser: ${session.tool}${range ? `, ${rangePhrase(range)}` : ''}`;
  const status = element('p', 'proposal-status');
  status.setAttribute('role', 'status');
  const engravings = element('div', 'proposal-engravings');
  engravings.append(figure('Before', 'proposal-before'), figure('After', 'proposal-after'));
  const message = element('p', 'proposal-message');
  const accept = button('Accept', 'proposal-accept');
  const reject = button('Reject', 'proposal-reject');
  accept.addEventListener('click', () => void decide(card, session.id, 'accept', options));
  reject.addEventListener('click', () => void decide(card, session.id, 'reject', options));
  const actions = element('div', 'proposal-actions');
  actions.append(accept, reject);
  card.append(title, status, engravings, message, actions);
  return card;
}

/** Runs the person's decision and shows what came of it. */
async function decide(
  card: HTMLElement,
  id: string,
  decision: 'accept' | 'reject',
  options: ReviewPanelOptions,
): Promise<void> {
  const desk = options.desk();
  if (desk === undefined) return;
  // One decision per proposal: a second press while accept plans again does nothing.
  for (const action of card.querySelectorAll<HTMLButtonElement>('.proposal-actions button')) {
    action.disabled = true;
  }
  const step = decision === 'accept' ? await desk.accept(id) : desk.reject(id);
  const session = step.session;
  updateCard(card, session, proposalStatus(session, options.score));
  const message = card.querySelector<HTMLElement>('.proposal-message');
  if (message !== null)
    message.textContent = decisionMessage(step.ok ? null : step.refusal.message, session);
  if (session.state === 'applied') options.onApplied(session);
  moveFocusOn(card);
}

function decisionMessage(refusal: string | null, session: ScoreReviewSession): string {
  if (refusal !== null) return refusal;
  if (session.state === 'applied') return 'Applied as one undo step.';
  if (session.state === 'stale') return 'Not applied: its measures changed since it was proposed.';
  if (session.state === 'rejected') return 'Discarded: nothing was written.';
  return session.error?.message ?? '';
}

function updateCard(card: HTMLElement, session: ScoreReviewSession, status: ProposalStatus): void {
  card.dataset.status = status;
  const text = card.querySelector('.proposal-status');
  if (text !== null) text.textContent = PROPOSAL_STATUS_TEXT[status];
  const open = session.state === 'awaiting_user';
  for (const action of card.querySelectorAll<HTMLButtonElement>('.proposal-actions button')) {
    action.hidden = !open;
    action.disabled = !open;
  }
}

/** After a decision, focus goes to the next open proposal's Accept, else stays in the panel. */
function moveFocusOn(card: HTMLElement): void {
  const next = card.parentElement?.querySelector<HTMLButtonElement>(
    '.proposal-accept:not([hidden])',
  );
  if (next) next.focus();
  else card.focus();
}

async function engraveCard(
  card: HTMLElement,
  preview: ProposalPreview,
  options: ReviewPanelOptions,
): Promise<void> {
  const before = card.querySelector<HTMLElement>('.proposal-before .engraving');
  const after = card.querySelector<HTMLElement>('.proposal-after .engraving');
  if (before === null || after === null) return;
  if (!preview.ok) {
    before.textContent = preview.message;
    card.dataset.engraved = 'false';
    return;
  }
  const engraver = await options.engraver();
  for (const [target, side] of [
    [before, preview.before],
    [after, preview.after],
  ] as const) {
    const svg = engraver.engrave(side.musicXml, side.start, side.end);
    if (svg === null) target.textContent = 'Verovio could not engrave this.';
    else target.innerHTML = svg;
  }
  card.dataset.engraved = 'true';
}

function figure(caption: string, className: string): HTMLElement {
  const box = element('figure', className);
  const label = element('figcaption', '');
  label.textContent = caption;
  box.append(label, element('div', 'engraving'));
  return box;
}

function button(text: string, className: string): HTMLButtonElement {
  const made = element('button', className);
  made.type = 'button';
  made.textContent = text;
  return made;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className !== '') made.className = className;
  return made;
}
