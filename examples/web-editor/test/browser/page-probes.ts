/**
 * What the oversight tests read off a page besides `score-probe.ts`: any
 * element's text by selector, the selected and highlighted measures, a render after a known
 * count, and the keyboard focus (where it is, whether it shows, Tab to an
 * element).
 */
import type { EditorSession } from './browser-agent.ts';
import { renders, waitUntil } from './score-probe.ts';

/** The text of the first element matching `selector` (`''` when there is none). */
export function textAt(editor: EditorSession, selector: string): Promise<string> {
  return editor.evaluate<string>(
    `document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`,
  );
}

/** Waits until the text at `selector` is `expected` (or matches it). */
export function waitForTextAt(
  editor: EditorSession,
  selector: string,
  expected: string | RegExp,
): Promise<void> {
  return waitUntil(async () => {
    const text = await textAt(editor, selector);
    return typeof expected === 'string' ? text === expected : expected.test(text);
  });
}

/** The 1-based measures marked selected in the engraving. */
export function selectedMeasures(editor: EditorSession): Promise<number[]> {
  return editor.evaluate<number[]>(
    `[...document.querySelectorAll('#score svg g.measure')].flatMap((m) => m.classList.contains('selected') ? [Number(m.dataset.measure)] : [])`,
  );
}

/** The 1-based measures marked as just changed (`.agent-change`) in the engraving. */
export function highlightedMeasures(editor: EditorSession): Promise<number[]> {
  return editor.evaluate<number[]>(
    `[...document.querySelectorAll('#score svg g.measure')].flatMap((m) => m.classList.contains('agent-change') ? [Number(m.dataset.measure)] : [])`,
  );
}

/** Waits until the score was engraved more than `count` times. */
export function whenRenderedAfter(editor: EditorSession, count: number): Promise<void> {
  return waitUntil(async () => (await renders(editor)) > count);
}

/** The outline style of the focused element: `none` when focus does not show. */
export function focusOutline(editor: EditorSession): Promise<string> {
  return editor.evaluate<string>(
    `(() => { const e = document.activeElement; return e ? getComputedStyle(e).outlineStyle : 'none'; })()`,
  );
}

/** Presses Tab until the focused element matches `selector` (at most 80 times); throws if it never does. */
export async function tabTo(editor: EditorSession, selector: string): Promise<void> {
  const matches = () =>
    editor.evaluate<boolean>(
      `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`,
    );
  for (let press = 0; press < 80; press++) {
    if (await matches()) return;
    await editor.page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}.`);
}

/** Selects tab `name` of the side panel (Text, Agents, Proposals, Activity) with a click, as a person does. */
export async function showTab(
  editor: EditorSession,
  name: 'text' | 'agents' | 'proposals' | 'activity',
): Promise<void> {
  await editor.page.click(`#tab-${name}`);
}

/** Waits until the activity entry at `selector` carries the tool's own summary `expected` (its `data-summary`). */
export function waitForSummaryAt(
  editor: EditorSession,
  selector: string,
  expected: string | RegExp,
): Promise<void> {
  return waitUntil(async () => {
    const summary = await editor.evaluate<string>(
      `document.querySelector(${JSON.stringify(selector)})?.dataset.summary ?? ''`,
    );
    return typeof expected === 'string' ? summary === expected : expected.test(summary);
  });
}

/** Whether the element at `selector` is shown and wholly inside the window. */
export function inView(editor: EditorSession, selector: string): Promise<boolean> {
  return editor.evaluate<boolean>(
    `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e || e.closest('[hidden]')) return false;
      const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`,
  );
}

/** Selects tab `name` of the side panel from the keyboard: Tab to the tab list, then the arrow keys. */
export async function keyboardTab(
  editor: EditorSession,
  name: 'text' | 'agents' | 'proposals' | 'activity',
): Promise<void> {
  await tabTo(editor, '[role="tab"][aria-selected="true"]');
  for (let press = 0; press < 4; press++) {
    if (await editor.evaluate<boolean>(`document.activeElement?.id === 'tab-${name}'`)) return;
    await editor.page.keyboard.press('ArrowRight');
  }
  throw new Error(`The arrow keys never reached tab ${name}.`);
}
