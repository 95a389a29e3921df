/**
 * `npm run bench -w @scorelane/web-editor`: the built editor in Chromium, the
 * 16-bar example against a 400-bar score made here (the example repeated 25
 * times), interleaved round by round:
 *
 * - a one-measure edit (an agent's `rewrite_measures` through WebMCP), timed
 *   in the page from the Y.Doc's change to the updated SVG (`data-render-ms`);
 * - opening the page, timed from its start to the first engraving shown
 *   (`data-first-engraving-ms`: of a long file, its first page, engraved from
 *   the file's head while the rest is imported).
 *
 * Prints the min/median/max over the rounds of each ratio 400 / 16 bars.
 */

import { repeatedExample } from '../src/long-score.test-support.ts';
import { type EditorSession, openEditor } from '../test/browser/browser-agent.ts';
import { serveEditor } from '../test/browser/editor-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EDITS = 3;
const REPEATS = 25;

/** The example repeated `REPEATS` times, as MusicXML bytes in a binary string (what the page's hand-over holds). */
function longScore(): string {
  let text = '';
  for (const byte of repeatedExample(REPEATS)) text += String.fromCharCode(byte);
  return text;
}

const FILE_KEY = 'scorelane.opened-file';

async function waitFor(editor: EditorSession, expression: string): Promise<void> {
  const started = Date.now();
  while (!(await editor.evaluate<boolean>(expression))) {
    if (Date.now() - started > 600_000) {
      const status = await editor.evaluate<string>(
        'document.body.dataset.ready + ": " + (document.getElementById("status")?.textContent ?? "")',
      );
      const renders = await editor.evaluate<string>(
        'document.getElementById("score").dataset.renders',
      );
      throw new Error(
        `The page did not get to ${expression} in 10 minutes (${status}; renders ${renders}).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reloads the page (handing over `file` first, when given); returns the ms to its first engraving. */
async function open(editor: EditorSession, file: string | undefined): Promise<number> {
  if (file !== undefined) {
    await editor.page.evaluate(
      ([key, value]) => sessionStorage.setItem(key!, value!),
      [FILE_KEY, JSON.stringify({ name: 'long.musicxml', bytes: file })],
    );
  }
  await editor.page.reload();
  await waitFor(editor, 'document.body.dataset.ready === "true"');
  if (process.env.BENCH_MARKS) console.log(`  ${file ? 400 : 16} bars: ${await marks(editor)}`);
  return editor.evaluate<number>(
    'Number(document.getElementById("score").dataset.firstEngravingMs)',
  );
}

/** The page's own performance marks (`scorelane:*`, ms from its start), with BENCH_MARKS=1: where opening spends its time. */
function marks(editor: EditorSession): Promise<string> {
  return editor.page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('scorelane:'))
      .map((mark) => {
        const detail = (mark as PerformanceMark).detail;
        const name = mark.name.slice('scorelane:'.length);
        return `${name}${detail === null ? '' : ` ${detail}`} ${mark.startTime.toFixed(0)}`;
      })
      .join(', '),
  );
}

/** How many edits each page has had, so each edit writes other notes than the page holds. */
const edits = new Map<EditorSession, number>();
/** One rewrite of measure 2 of the violin; returns the ms from the Y.Doc change to the new SVG. */
async function edit(editor: EditorSession): Promise<number> {
  const version = edits.get(editor) ?? 0;
  edits.set(editor, version + 1);
  const before = await editor.evaluate<number>(
    'Number(document.getElementById("score").dataset.renders)',
  );
  // The example's m2 starts with A5; these never write what it holds.
  const pitch = version % 2 === 0 ? 'B5' : 'D6';
  const result = await editor.call('rewrite_measures', {
    start_measure: 2,
    parts: [1],
    lanes_seq: `P1 s1 v1 m2: ${pitch}=1/4 G5=1/4 F#5=1/4 E5=1/4\n`,
  });
  if (result.isError) throw new Error(result.content[0]?.text);
  await waitFor(editor, `Number(document.getElementById("score").dataset.renders) > ${before}`);
  return editor.evaluate<number>('Number(document.getElementById("score").dataset.renderMs)');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await serveEditor();
const file = longScore();
const small = await openEditor(server.url);
const large = await openEditor(server.url);
for (const [name, editor] of [
  ['16', small],
  ['400', large],
] as const) {
  editor.page.on('pageerror', (error) =>
    console.error(`page (${name} bars) error: ${error.message}`),
  );
}
try {
  console.log(`400-bar score: ${(file.length / 1e6).toFixed(2)} MB of MusicXML`);
  console.log(`opened in ${(await open(large, file)).toFixed(0)} ms`);
  // Warm up both.
  console.log(`warm-up edit, 16 bars: ${(await edit(small)).toFixed(0)} ms`);
  console.log(`warm-up edit, 400 bars: ${(await edit(large)).toFixed(0)} ms`);
  const editRatios: number[] = [];
  const openRatios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const smallEdits: number[] = [];
    const largeEdits: number[] = [];
    for (let index = 0; index < EDITS; index++) {
      smallEdits.push(await edit(small));
      largeEdits.push(await edit(large));
    }
    const smallOpen = await open(small, undefined);
    const largeOpen = await open(large, file);
    editRatios.push(median(largeEdits) / median(smallEdits));
    openRatios.push(largeOpen / smallOpen);
    console.log(
      `round ${round}: edit 16 bars ${median(smallEdits).toFixed(0)} ms, 400 bars ${median(largeEdits).toFixed(0)} ms; open 16 bars ${smallOpen.toFixed(0)} ms, 400 bars ${largeOpen.toFixed(0)} ms`,
    );
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `min ${sorted[0]!.toFixed(2)}, median ${median(values).toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)}`;
  };
  console.log(`one-measure edit, 400 / 16 bars: ${summary(editRatios)} (goal: at most 1.5)`);
  console.log(
    `first engraving on opening, 400 / 16 bars: ${summary(openRatios)} (goal: at most 1.5)`,
  );
} finally {
  await small.close();
  await large.close();
  await server.close();
}
