/**
 * The activity panel: the document's shared activity log (score-tools'
 * `openActivityLog`), newest first: who (you, an agent in this browser, a
 * collaborator, an MCP agent on the server), which tool, what changed and
 * when, in words (the tool's own summary, with its units and part
 * numbers, is the entry's `data-summary`). Each entry is a button: a click, or Enter, selects its range. The
 * page's own agents' refusals are listed too, only here: they changed
 * nothing, so they are never written to the document.
 */
import type { ActivityEntry, ActivityLog, ScoreSelection } from '@scorelane/score-tools';
import { timeOf, whoDid } from './activity-who.ts';
import { changeWords, rangeWords } from './person-words.ts';
import { type RefusedInvocation, refusalReason } from './refusal-words.ts';

/** The panel: `refused` lists a refusal of this page's agents (never in the document). */
export interface ActivityPanel {
  refused(invocation: RefusedInvocation): void;
}

/** How many refusals the panel keeps. */
const LOCAL_REFUSALS = 20;

/** A refusal, shown only on this page. */
interface LocalRefusal {
  readonly at: string;
  readonly reason: string;
}

/**
 * Renders `log` into `list` now and on every change; `select` is called with
 * an entry's range; `partNames` names the score's parts; `empty` is shown
 * while there is nothing to list.
 */
export function bindActivityPanel(
  list: HTMLOListElement,
  log: ActivityLog,
  select: (range: ScoreSelection) => void,
  words: { readonly partNames: () => readonly string[]; readonly empty?: HTMLElement },
): ActivityPanel {
  const refusals: LocalRefusal[] = [];
  const render = () => {
    const own = log.doc.clientID;
    const partNames = words.partNames();
    const shared = log.entries().map((entry) => ({
      at: entry.at,
      item: entryItem(entry, own, select, partNames),
    }));
    const local = refusals.map((refusal) => ({ at: refusal.at, item: refusalItem(refusal) }));
    const items = [...shared, ...local].sort((a, b) => b.at.localeCompare(a.at));
    const focused = focusedEntry(list);
    list.replaceChildren(...items.map(({ item }) => item));
    list.dataset.entries = String(shared.length);
    if (words.empty) words.empty.hidden = items.length > 0;
    if (focused !== null) refocus(list, focused);
  };
  log.subscribe(render);
  render();
  return {
    refused(invocation) {
      refusals.push({ at: new Date().toISOString(), reason: refusalReason(invocation) });
      if (refusals.length > LOCAL_REFUSALS) refusals.shift();
      render();
    },
  };
}

function entryItem(
  entry: ActivityEntry,
  ownClient: number,
  select: (range: ScoreSelection) => void,
  partNames: readonly string[],
): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'activity-entry';
  item.dataset.tool = entry.tool;
  item.dataset.id = entry.id;
  item.dataset.summary = entry.summary;
  const button = document.createElement('button');
  button.type = 'button';
  const who = whoDid(entry, ownClient);
  const what = changeWords(entry.tool, entry.range, partNames);
  button.append(
    // "Bob, accepting a proposal by …, rewrote measure 3": the accepting clause stands apart.
    line('activity-who', `${who}${entry.proposed_by === undefined ? '' : ','} ${what}`),
    line('activity-when', timeOf(entry.at)),
  );
  const range = entry.range;
  if (range === null) button.disabled = true;
  else {
    button.title = `Select ${rangeWords(range, partNames)}`;
    button.addEventListener('click', () => select(range));
  }
  item.append(button);
  return item;
}

function refusalItem(refusal: LocalRefusal): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'activity-entry activity-refused';
  item.append(
    line('activity-who', 'An agent in this browser was refused'),
    line('activity-what', `Nothing was changed: ${refusal.reason}. (Shown only on this page.)`),
    line('activity-when', timeOf(refusal.at)),
  );
  return item;
}

/** The id of the entry whose button has the focus, so a re-render (a peer's entry) keeps it there. */
function focusedEntry(list: HTMLOListElement): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !list.contains(active)) return null;
  return active.closest<HTMLElement>('.activity-entry')?.dataset.id ?? null;
}

function refocus(list: HTMLOListElement, id: string): void {
  for (const item of list.querySelectorAll<HTMLElement>('.activity-entry')) {
    if (item.dataset.id === id) item.querySelector('button')?.focus();
  }
}

function line(className: string, text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}
