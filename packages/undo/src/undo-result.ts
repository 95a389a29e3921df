/**
 * What `undo()` and `redo()` answer. Finding nothing to undo, and refusing a
 * step because collaborators changed everything it wrote, are expected
 * outcomes, so they are values, not errors.
 */

import type { UndoStep } from './step-meta.ts';

/**
 * - `{ ok: true, step, partial, skippedKeys }`: the newest step was reverted
 *   (or re-applied). `partial` is true when collaborators had changed some of
 *   the `Y.Map` keys it wrote since; those keys (`skippedKeys`) were left as
 *   the collaborators left them.
 * - `{ ok: false, code: 'changed-by-collaborator', step, keys, message }`:
 *   collaborators changed everything the newest step wrote (`keys` names the
 *   `Y.Map` keys), so nothing was changed; the step is taken off the history
 *   for good, and the next call addresses the step below it.
 * - `{ ok: false, code: 'nothing-to-undo' | 'nothing-to-redo', message }`:
 *   the stack is empty.
 *
 * `partial` and `skippedKeys` are always set by this package's controller;
 * they are optional in the type only so that results written by hand (a test
 * double) stay valid.
 *
 * @example
 * ```ts
 * const result = controller.undo();
 * if (result.ok) console.log(`Undid ${result.step.meta.label ?? result.step.meta.actor}`);
 * else console.log(result.message); // "Nothing to undo."
 * ```
 */
export type UndoResult<S> =
  | {
      readonly ok: true;
      readonly step: UndoStep<S>;
      readonly partial?: boolean;
      readonly skippedKeys?: readonly string[];
    }
  | {
      readonly ok: false;
      readonly code: 'changed-by-collaborator';
      readonly step: UndoStep<S>;
      readonly keys: readonly string[];
      readonly message: string;
    }
  | {
      readonly ok: false;
      readonly code: 'nothing-to-undo' | 'nothing-to-redo';
      readonly message: string;
    };
