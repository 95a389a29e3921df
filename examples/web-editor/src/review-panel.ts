/**
 * The review panel: the document's proposals (score-tools'
 * `openProposalStore`), the same on every page. While review mode is on,
 * each write of any agent on the score (in this browser, in a
 * collaborator's, on the server's MCP endpoint) waits here as a proposal,
 * its measures engraved before and after side by side, with Accept (plans
 * it again against the revision it was planned on and applies it as one
 * undo step of this person, or finds it stale) and Reject, for a person
 * who may edit. A proposal whose measures someone changed meanwhile shows
 * stale at once, on every page; a decision made on one page shows on all.
 */
import type { Score } from '@scorelane/score-model';
import type { Proposal, ProposalStore, SharedReview } from '@scorelane/score-tools';
import { whoActed } from './activity-who.ts';
import { partNamesOf, rangeWords } from './person-words.ts';
import { type ProposalPreview, previewProposal } from './proposal-preview.ts';
import { PROPOSAL_STATUS_TEXT, proposalStatus } from './proposal-status.ts';
import type { RangeEngraver } from './range-engraver.ts';

/** What the panel works with. */
export interface ReviewPanelOptions {
  /** The list the proposals go into. */
  readonly list: HTMLElement;
  readonly score: Score;
  /** The document's proposals. */
  readonly store: ProposalStore;
  /** The person's side of them (read at each use: the tools are made after the panel). */
  readonly review: () => SharedReview | undefined;
  /** Whether the person may decide (a viewer sees the proposals without Accept and Reject). */
  readonly canDecide: boolean;
  /** The engraver of the before and after, loaded on the first proposal. */
  readonly engraver: () => Promise<RangeEngraver>;
  /** Told of a proposal this person accepted and applied. */
  readonly onApplied: (proposal: Proposal) => void;
  /** Told of a proposal that arrived after the panel was made, with its card (to bring it into view). */
  readonly onArrived?: (card: HTMLElement) => void;
  /** Told how many proposals wait for a decision, after every refresh. */
  readonly onPending?: (pending: number) => void;
}

/** The panel: `refresh` after the score or the proposals changed. */
export interface ReviewPanel {
  refresh(): void;
}

/** Creates the panel over `options.list`, shown now and after every change of the proposals. */
export function createReviewPanel(options: ReviewPanelOptions): ReviewPanel {
  const cards = new Map<string, HTMLElement>();
  let first = true;
  const refresh = () => {
    const review = options.review();
    let pending = 0;
    for (const proposal of options.store.list()) {
      let card = cards.get(proposal.id);
      if (proposal.state === 'pending') pending += 1;
      if (card === undefined) {
        card = createCard(proposal, options);
        cards.set(proposal.id, card);
        options.list.prepend(card);
        void engraveCard(card, previewProposal(options.score, proposal), options);
        if (!first && proposal.state === 'pending') options.onArrived?.(card);
      }
      const stale =
        proposal.state === 'pending' && review !== undefined && review.isStale(proposal);
      updateCard(card, proposal, stale, options);
    }
    first = false;
    options.onPending?.(pending);
  };
  options.store.subscribe(refresh);
  refresh();
  return { refresh };
}

function createCard(proposal: Proposal, options: ReviewPanelOptions): HTMLElement {
  const card = element('article', 'proposal');
  card.dataset.session = proposal.id;
  card.tabIndex = -1;
  const title = element('h3', 'proposal-title');
  const who = whoActed(proposal.proposed_by, proposal.client, options.store.doc.clientID);
  title.textContent = `${who} proposes a change to ${rangeWords(proposal.range, partNamesOf(options.score))}`;
  const status = element('p', 'proposal-status');
  status.setAttribute('role', 'status');
  const engravings = element('div', 'proposal-engravings');
  engravings.append(figure('Before', 'proposal-before'), figure('After', 'proposal-after'));
  const message = element('p', 'proposal-message');
  const accept = button('Accept', 'proposal-accept');
  const reject = button('Reject', 'proposal-reject');
  accept.addEventListener('click', () => decide(card, proposal.id, 'accept', options));
  reject.addEventListener('click', () => decide(card, proposal.id, 'reject', options));
  const actions = element('div', 'proposal-actions');
  actions.append(accept, reject);
  card.append(title, status, engravings, message, actions);
  return card;
}

/** Runs the person's decision; the card shows what came of it (here and, through the document, on every page). */
function decide(
  card: HTMLElement,
  id: string,
  decision: 'accept' | 'reject',
  options: ReviewPanelOptions,
): void {
  const review = options.review();
  if (review === undefined) return;
  for (const action of card.querySelectorAll<HTMLButtonElement>('.proposal-actions button')) {
    action.disabled = true;
  }
  const outcome = decision === 'accept' ? review.accept(id) : review.reject(id);
  const message = card.querySelector<HTMLElement>('.proposal-message');
  if (!outcome.ok && message !== null) message.textContent = outcome.message;
  if (outcome.ok && outcome.proposal.state === 'accepted') options.onApplied(outcome.proposal);
  moveFocusOn(card);
}

function updateCard(
  card: HTMLElement,
  proposal: Proposal,
  stale: boolean,
  options: ReviewPanelOptions,
): void {
  const status = proposalStatus(proposal, stale);
  card.dataset.status = status;
  const text = card.querySelector('.proposal-status');
  if (text !== null) {
    const by = proposal.decided_by;
    const decidedBy =
      by === null ? '' : ` by ${whoActed(by, Number.NaN, options.store.doc.clientID)}`;
    text.textContent = `${PROPOSAL_STATUS_TEXT[status]}${proposal.state === 'pending' ? '' : decidedBy}`;
  }
  const message = card.querySelector<HTMLElement>('.proposal-message');
  if (message !== null && proposal.message !== null) message.textContent = proposal.message;
  const open = proposal.state === 'pending' && options.canDecide;
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
