/**
 * The lanes-seq pane: the selected measures as lanes-seq text (through
 * `read_measures`), edited by hand and applied through `rewrite_measures`,
 * the same tool and checks an agent gets. The pane stays true: after any
 * change of the score (an undo or redo, a collaborator's or an agent's
 * edit, what a reconnect brings) it reads its measures again. Text the
 * person has not applied is never thrown away: when the measures change
 * under it, the pane keeps it, says so, and offers Reload (the measures as
 * they are now) and Apply anyway (the person's lanes merged into the new
 * state, lane by lane, and refused only where both changed the same lane).
 * A refusal is listed in the person's words, the agent's text in a details
 * element.
 */
import type { ScoreSelection } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import { mergeLanes } from './lanes-merge.ts';
import { measuresPhrase } from './person-words.ts';
import {
  type PartWords,
  type PersonProblem,
  placeOf,
  type RefusedInvocation,
  refusalForPerson,
} from './refusal-words.ts';

/** The elements of the pane. */
export interface LanesPaneElements {
  readonly title: HTMLElement;
  readonly text: HTMLTextAreaElement;
  readonly apply: HTMLButtonElement;
  /** Shown over the text when the measures changed under the person's unapplied text. */
  readonly changed: HTMLElement;
  readonly reload: HTMLButtonElement;
  readonly applyAnyway: HTMLButtonElement;
  /** A refusal: its summary, its problems, the agent's text in a details element. */
  readonly refusal: HTMLElement;
  readonly refusalSummary: HTMLElement;
  readonly problems: HTMLUListElement;
  readonly details: HTMLElement;
}

/** Calls a score tool as the person (their role, their undo history). */
export type InvokeTool = (name: string, args: Record<string, unknown>) => Promise<ToolInvocation>;

/** What the pane works with. */
export interface LanesPaneOptions {
  readonly invoke: InvokeTool;
  readonly canWrite: boolean;
  /** The score's parts now, for the words of a refusal. */
  readonly parts: () => readonly PartWords[];
  /** Told when an Apply was refused (the status line's last change is no longer news). */
  readonly onRefused?: () => void;
}

/** The pane. */
export interface LanesPane {
  /**
   * Reads `selection` into the pane: the person's unapplied text is dropped
   * when they selected other measures; for the same measures, or with
   * `keepEdit` (a write moved the selection, not the person), it is kept as
   * after {@link LanesPane.refresh}.
   */
  load(selection: ScoreSelection | null, options?: { readonly keepEdit?: boolean }): Promise<void>;
  /** Reads the pane's measures again after the score changed, keeping unapplied text. */
  refresh(): Promise<void>;
}

/** A read of the pane's measures: the range, the revision and the text. */
interface Read {
  readonly start_measure: number;
  readonly end_measure: number;
  readonly parts: readonly number[];
  readonly revision: string;
  readonly lanes_seq: string;
}

/** The pane over `elements`. */
export function createLanesPane(elements: LanesPaneElements, options: LanesPaneOptions): LanesPane {
  const { invoke, canWrite } = options;
  /** What the text was read from (the base of the person's edit). */
  let base: Read | null = null;
  /** The measures as read after they changed under unapplied text. */
  let newer: Read | null = null;
  let reads = 0;
  let applying = false;
  elements.title.textContent = emptyTitle(canWrite);

  const readRange = async (range: ScoreSelection | Read) => {
    const invocation = await invoke('read_measures', {
      start_measure: range.start_measure,
      end_measure: range.end_measure,
      parts: [...range.parts],
    });
    return invocation.ok ? (invocation.output as unknown as Read) : invocation;
  };

  const show = (read: Read) => {
    base = read;
    newer = null;
    elements.changed.hidden = true;
    elements.title.textContent = rangeTitle(read.start_measure, read.end_measure);
    elements.text.value = read.lanes_seq;
    elements.text.dataset.revision = read.revision;
    elements.text.disabled = !canWrite;
    elements.apply.disabled = !canWrite;
  };

  const refuse = (invocation: RefusedInvocation) => {
    const refusal = refusalForPerson(invocation, options.parts());
    showRefusal(elements, refusal.summary, refusal.problems, refusal.details);
  };

  async function load(
    selection: ScoreSelection | null,
    loadOptions: { readonly keepEdit?: boolean } = {},
  ): Promise<void> {
    const edited = base !== null && elements.text.value !== base.lanes_seq;
    if (edited && (loadOptions.keepEdit || sameRange(base, selection))) return refresh();
    const thisRead = ++reads;
    showRefusal(elements, null);
    if (selection === null) {
      base = null;
      newer = null;
      elements.changed.hidden = true;
      elements.title.textContent = emptyTitle(canWrite);
      elements.text.value = '';
      delete elements.text.dataset.revision;
      elements.text.disabled = true;
      elements.apply.disabled = true;
      return;
    }
    const read = await readRange(selection);
    if (thisRead !== reads) return; // a later read is under way
    if ('ok' in read) refuse(read);
    else show(read);
  }

  async function refresh(): Promise<void> {
    if (base === null || applying) return;
    const thisRead = ++reads;
    const read = await readRange(base);
    if (thisRead !== reads || base === null || 'ok' in read) return;
    const edited = elements.text.value !== base.lanes_seq;
    if (!edited) {
      show(read);
      return;
    }
    if (withoutComments(read.lanes_seq) === withoutComments(base.lanes_seq)) {
      // Only the revision moved (a change elsewhere): the edit's base holds as it is now.
      base = { ...read, lanes_seq: base.lanes_seq };
      elements.text.dataset.revision = read.revision;
      return;
    }
    newer = read;
    elements.changed.hidden = false;
  }

  async function apply(request: { text: string; revision: string }): Promise<void> {
    if (base === null) return;
    applying = true;
    const invocation = await invoke('rewrite_measures', {
      start_measure: base.start_measure,
      parts: [...base.parts],
      lanes_seq: request.text,
      revision: request.revision,
    }).finally(() => {
      applying = false;
    });
    if (!invocation.ok) {
      refuse(invocation);
      options.onRefused?.();
      if (invocation.error.code === 'stale_revision') await refresh();
      return;
    }
    showRefusal(elements, null);
    const read = await readRange(base);
    if (!('ok' in read)) show(read);
  }

  /** Apply anyway: the person's lanes merged into the measures as they are now. */
  async function applyAnyway(): Promise<void> {
    if (base === null) return;
    const now = await readRange(base);
    if ('ok' in now) return refuse(now);
    const merged = mergeLanes(base.lanes_seq, elements.text.value, now.lanes_seq);
    if (!merged.ok) {
      showRefusal(
        elements,
        'You and someone else changed the same music.',
        merged.conflicts.map((lane) => conflictProblem(lane, options.parts())),
        `Conflicting lanes: ${merged.conflicts.join(', ')}. Revision now: ${now.revision}.`,
      );
      options.onRefused?.();
      return;
    }
    base = now;
    await apply({ text: merged.text, revision: now.revision });
  }

  const applyTyped = () => {
    if (base === null) return;
    void apply({ text: elements.text.value, revision: base.revision });
  };
  elements.apply.addEventListener('click', applyTyped);
  elements.text.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') applyTyped();
  });
  elements.reload.addEventListener('click', () => {
    showRefusal(elements, null);
    if (newer !== null) show(newer);
    else void refresh();
  });
  elements.applyAnyway.addEventListener('click', () => void applyAnyway());
  return { load, refresh };
}

/** The title when nothing is selected, for an editor or a viewer. */
function emptyTitle(canWrite: boolean): string {
  return canWrite
    ? 'Select measures on the score to edit their text here'
    : 'Select measures on the score to read their text here';
}

/** The title over the text: `Measure 2` or `Measures 2-4`. */
function rangeTitle(start: number, end: number): string {
  const phrase = measuresPhrase(start, end);
  return phrase[0]!.toUpperCase() + phrase.slice(1);
}

/** Whether `selection` is the range `read` was read for. */
function sameRange(read: Read | null, selection: ScoreSelection | null): boolean {
  if (read === null || selection === null) return false;
  return (
    read.start_measure === selection.start_measure &&
    read.end_measure === selection.end_measure &&
    read.parts.join() === selection.parts.join()
  );
}

/** The text without its `%` lines: what the measures hold, whatever revision it was read at. */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('%'))
    .join('\n');
}

/** A lane both sides changed, as a problem for the person. */
function conflictProblem(lane: string, parts: readonly PartWords[]): PersonProblem {
  return {
    place: placeOf(lane, parts) || lane,
    message: 'Someone else changed this music too.',
    hint: 'Reload to see their version, then make your change again.',
  };
}

/** Shows a refusal (`summary` null hides it). */
function showRefusal(
  elements: LanesPaneElements,
  summary: string | null,
  problems: readonly PersonProblem[] = [],
  details = '',
): void {
  elements.refusal.hidden = summary === null;
  elements.refusalSummary.textContent = summary ?? '';
  elements.details.textContent = details;
  elements.problems.replaceChildren(
    ...problems.map((problem) => {
      const item = document.createElement('li');
      if (problem.place !== '') {
        const place = document.createElement('strong');
        place.className = 'problem-place';
        place.textContent = problem.place;
        item.append(place, ': ');
      }
      item.append(problem.message);
      if (problem.hint !== '') {
        const hint = document.createElement('span');
        hint.className = 'problem-hint';
        hint.textContent = ` ${problem.hint}`;
        item.append(hint);
      }
      return item;
    }),
  );
}
