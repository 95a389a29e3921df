/**
 * What `undo()` and `redo()` answer. Finding nothing to undo is an expected
 * outcome (the stack is empty, or every change the remaining steps made has
 * since been overwritten by collaborators), so it is a value, not an error.
 */

import type { UndoStep } from './step-meta.ts';

/**
 * `{ ok: true, step }` with the step that was undone or redone, or
 * `{ ok: false, code, message }` when there was nothing to do.
 *
 * @example
 * ```ts
 * const result = controller.undo();
 * if (result.ok) console.log(`Undid ${result.step.meta.label ?? result.step.meta.actor}`);
 * else console.log(result.message); // "Nothing to undo."
 * ```
 */
export type UndoResult<S> =
  | { readonly ok: true; readonly step: UndoStep<S> }
  | {
      readonly ok: false;
      readonly code: 'nothing-to-undo' | 'nothing-to-redo';
      readonly message: string;
    };
