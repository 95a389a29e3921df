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
