/**
 * What the browser tests read off an open editor: the engraved notes of a
 * measure, the render count, the text of an element, and waiting for a
 * condition in the page (the test's timeout catches a wait that never ends).
 */
import type { EditorSession } from './browser-agent.ts';

/** The engraved notes of measure `n`, by glyph class (Verovio's `dur` is not in the SVG). */
export function measureShape(editor: EditorSession, n: number): Promise<string> {
  return editor.evaluate<string>(
    `(() => { const m = document.querySelectorAll('#score svg g.measure')[${n - 1}];
      return [...m.querySelectorAll('g.note, g.rest, g.dots, g.chord')].map((g) => g.getAttribute('class')).join(' '); })()`,
  );
}

/** How many times the score was engraved (`#score[data-renders]`). */
export function renders(editor: EditorSession): Promise<number> {
  return editor.evaluate<number>('Number(document.getElementById("score").dataset.renders)');
}

/** The text of element `#id`. */
export function textOf(editor: EditorSession, id: string): Promise<string> {
  return editor.evaluate<string>(
    `document.getElementById(${JSON.stringify(id)})?.textContent ?? ''`,
  );
}

/** Waits until `check` holds, polling every 50 ms. */
export async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Waits until measure `n` of the engraving is `shape`. */
export function waitForShape(editor: EditorSession, n: number, shape: string): Promise<void> {
  return waitUntil(async () => (await measureShape(editor, n)) === shape);
}
