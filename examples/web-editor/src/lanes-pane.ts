/**
 * The lanes-seq pane: the selected measures as lanes-seq text (through
 * `read_measures`), edited by hand and applied through `rewrite_measures`,
 * the same tool and checks an agent gets; its refusals listed inline.
 */
import type { ScoreSelection } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';

/** The elements of the pane. */
export interface LanesPaneElements {
  readonly title: HTMLElement;
  readonly text: HTMLTextAreaElement;
  readonly apply: HTMLButtonElement;
  readonly problems: HTMLUListElement;
}

/** Calls a score tool as the person (their role, their undo history). */
export type InvokeTool = (name: string, args: Record<string, unknown>) => Promise<ToolInvocation>;

/** What the pane read last: the range its text is for, and the revision it was read at. */
interface ReadRange {
  readonly start_measure: number;
  readonly end_measure: number;
  readonly parts: readonly number[];
  readonly revision: string;
}

/** The pane over `elements`; `load(selection)` reads the selection into it. */
export function createLanesPane(
  elements: LanesPaneElements,
  invoke: InvokeTool,
  canWrite: boolean,
): { load(selection: ScoreSelection | null): Promise<void> } {
  let read: ReadRange | null = null;
  let loads = 0;

  async function load(selection: ScoreSelection | null): Promise<void> {
    const thisLoad = ++loads;
    showProblems(elements.problems, []);
    if (selection === null) {
      read = null;
      elements.title.textContent = 'Select measures to edit them';
      elements.text.value = '';
      elements.text.disabled = true;
      elements.apply.disabled = true;
      return;
    }
    const invocation = await invoke('read_measures', {
      start_measure: selection.start_measure,
      end_measure: selection.end_measure,
      parts: [...selection.parts],
    });
    if (thisLoad !== loads) return; // a later selection is being read
    if (!invocation.ok) {
      showProblems(elements.problems, problemLines(invocation));
      return;
    }
    const output = invocation.output as Omit<ReadRange, 'revision'> & {
      lanes_seq: string;
      revision: string;
    };
    read = output;
    elements.title.textContent = rangeTitle(output.start_measure, output.end_measure);
    elements.text.value = output.lanes_seq;
    elements.text.disabled = !canWrite;
    elements.apply.disabled = !canWrite;
  }

  async function apply(): Promise<void> {
    if (read === null) return;
    const invocation = await invoke('rewrite_measures', {
      start_measure: read.start_measure,
      parts: [...read.parts],
      lanes_seq: elements.text.value,
      revision: read.revision,
    });
    showProblems(elements.problems, invocation.ok ? [] : problemLines(invocation));
  }

  elements.apply.addEventListener('click', () => void apply());
  elements.text.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') void apply();
  });
  return { load };
}

/** The title over the text: `Measure 2` or `Measures 2-4`. */
export function rangeTitle(start: number, end: number): string {
  return start === end ? `Measure ${start}` : `Measures ${start}-${end}`;
}

/** The lines of a refusal an agent would read, without the `Nothing was changed.` preamble. */
export function problemLines(invocation: ToolInvocation): string[] {
  const text = invocation.result.content
    .map((block) => ('text' in block ? String(block.text) : ''))
    .join('\n');
  return text.split('\n').filter((line) => line !== '' && line !== 'Nothing was changed.');
}

function showProblems(list: HTMLUListElement, lines: readonly string[]): void {
  list.replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }),
  );
}
