/**
 * What the browser tests read off the editor page: the engraved measures,
 * render counts, texts, and the element that has the keyboard focus. Each
 * waits by polling the page, never by a fixed delay.
 */
import type { EditorSession } from './browser-agent.ts';

/** Polls `probe` until `done` accepts its value; returns that value. */
export async function waitUntil<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Probes of one editor page. */
export function pageProbes(editor: EditorSession) {
  const text = (selector: string) =>
    editor.evaluate<string>(
      `document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`,
    );
  const renders = () =>
    editor.evaluate<number>('Number(document.getElementById("score").dataset.renders)');
  return {
    text,
    renders,
    /** The engraved notes of measure `n`, by class (notes, rests, dots, chords). */
    measureShape: (n: number) =>
      editor.evaluate<string>(
        `(() => { const m = document.querySelectorAll('#score svg g.measure')[${n - 1}];
          return [...m.querySelectorAll('g.note, g.rest, g.dots, g.chord')].map((g) => g.getAttribute('class')).join(' '); })()`,
      ),
    /** The 1-based measures marked selected. */
    selectedMeasures: () =>
      editor.evaluate<number[]>(
        `[...document.querySelectorAll('#score svg g.measure')].flatMap((m, i) => m.classList.contains('selected') ? [i + 1] : [])`,
      ),
    whenRenderedAfter: (count: number) => waitUntil(renders, (now) => now > count),
    waitForText: (selector: string, expected: string | RegExp) =>
      waitUntil(
        () => text(selector),
        (now) => (typeof expected === 'string' ? now === expected : expected.test(now)),
      ),
    /** `id`, class and text of the focused element, to follow keyboard focus. */
    focused: () =>
      editor.evaluate<{ id: string; className: string; text: string; outline: string }>(
        `(() => { const e = document.activeElement;
          return { id: e?.id ?? '', className: String(e?.className ?? ''), text: e?.textContent ?? '',
            outline: e ? getComputedStyle(e).outlineStyle : 'none' }; })()`,
      ),
  };
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
