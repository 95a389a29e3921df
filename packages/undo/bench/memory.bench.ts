/**
 * `npm run bench -w @scorelane/undo`: overwrite one key with a fresh 1 KB value
 * 1,000 and 10,000 times, each write one `runAsStep` of a controller with
 * `maxSteps: 100`, and the same writes on a document with no controller.
 * Prints the live heap and the encoded document for both, and their ratio:
 * a bounded history keeps 100 steps whatever came before, so the ratio must
 * not grow with the number of steps, and neither must the time per step.
 */
import * as Y from 'yjs';
import { createUndoController, type UndoController } from '../src/index.ts';

/** A distinct, flat 1 KB string (not a rope sharing one long string). */
const kilobyte = (step: number): string => String(step).padStart(1024, '-');
const maxSteps = 100;
/** Documents measured at once; the heap per document is their average. */
const copies = 8;

declare const gc: (() => void) | undefined;

function collect(): void {
  if (typeof gc !== 'function') throw new Error('run with node --expose-gc (npm run bench does)');
  gc();
  gc();
}

interface Footprint {
  readonly heap: number;
  readonly encoded: number;
  /** Milliseconds per step, over all copies. */
  readonly perStep: number;
}

interface Edited {
  readonly doc: Y.Doc;
  readonly controller: UndoController | null;
}

/** Makes `steps` writes on a fresh document, each a step of a controller if there is one. */
function edit(steps: number, withController: boolean): Edited {
  const doc = new Y.Doc();
  const units = doc.getMap<string>('units');
  const controller = withController ? createUndoController(doc, { maxSteps }) : null;
  for (let step = 0; step < steps; step++) {
    const write = (): void => {
      units.set('m1', kilobyte(step));
    };
    if (controller === null) doc.transact(write);
    else controller.runAsStep({ actor: 'agent', toolCallId: `call_${step}` }, write);
  }
  return { doc, controller };
}

/** Documents kept alive while measured, so that nothing collects them early. */
const alive: Edited[] = [];

/** What the edited document (and its controller) keep alive: the heap after minus before. */
function measure(steps: number, withController: boolean): Footprint {
  alive.length = 0;
  collect();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  for (let copy = 0; copy < copies; copy++) alive.push(edit(steps, withController));
  const perStep = (performance.now() - started) / (copies * steps);
  collect();
  const heap = (process.memoryUsage().heapUsed - before) / copies;
  const edited = alive[0]!;
  if (withController && edited.controller?.canUndo() !== true) throw new Error('no history kept');
  return { heap, encoded: Y.encodeStateAsUpdate(edited.doc).byteLength, perStep };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`.padStart(8);
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}x`.padStart(8);

// Warm up, so that the first measurement does not carry the JIT's allocations.
measure(1_000, true);
measure(1_000, false);

console.log(
  `One key overwritten with a fresh 1 KB value per step; controller with maxSteps: ${maxSteps}.`,
);
console.log('steps  |   heap: none  controller  extra |  encoded: none  controller  extra');
const extras: Omit<Footprint, 'perStep'>[] = [];
const controlled: Footprint[] = [];
for (const steps of [1_000, 10_000]) {
  const none = measure(steps, false);
  const bounded = measure(steps, true);
  const extra = { heap: bounded.heap - none.heap, encoded: bounded.encoded - none.encoded };
  extras.push(extra);
  controlled.push(bounded);
  console.log(
    `${String(steps).padEnd(6)} | ${kb(none.heap)} ${kb(bounded.heap)} ${kb(extra.heap)} | ${kb(none.encoded)} ${kb(bounded.encoded)} ${kb(extra.encoded)}`,
  );
}
const [small, large] = extras as [Omit<Footprint, 'perStep'>, Omit<Footprint, 'perStep'>];
const [fewer, more] = controlled as [Footprint, Footprint];
console.log(
  `What the controller adds, 10,000 steps against 1,000: heap ${ratio(large.heap, small.heap)}, encoded ${ratio(large.encoded, small.encoded)} (flat is 1.00x).`,
);
console.log(
  `Time per step with the controller, 10,000 steps against 1,000: ${ratio(more.perStep, fewer.perStep)} (flat is 1.00x).`,
);
