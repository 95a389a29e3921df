/**
 * Making an undo controller: the one entry point to
 * {@link GestureUndoController}, typed as the {@link UndoController} interface.
 */

import { GestureUndoController } from './gesture-undo-controller.ts';
import type { UndoController, UndoControllerOptions } from './undo-controller.ts';
import type { UndoScope } from './undo-scope.ts';

/**
 * Creates an undo controller over `scope` (a `Y.Doc`, a shared type, or a
 * list of shared types of one document).
 *
 * Guarantees:
 * - only transactions whose origin is tracked are recorded, so undo never
 *   reverts remote edits, other tabs or a server;
 * - `runAsStep` makes exactly one step, closed before and after, whatever the
 *   capture timeout; `beginUndoGesture` closes the open step;
 * - a tracked change by another origin than the open step's starts a new step;
 * - transactions that change nothing in the scope never make a step;
 * - the undo stack holds at most `maxSteps` steps, oldest dropped first.
 *
 * Throws {@link UndoMisuseError} for an invalid scope or option.
 *
 * @example
 * ```ts
 * import * as Y from 'yjs';
 * import { createUndoController } from '@scorelane/undo';
 *
 * const doc = new Y.Doc();
 * const units = doc.getMap<string>('units');
 * const userOrigin = { name: 'user' };
 * const controller = createUndoController(doc, { trackedOrigins: [userOrigin] });
 *
 * controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m1', 'c4'));
 * controller.runAsStep({ actor: 'agent', toolCallId: 'call_2' }, () => units.set('m2', 'e4'));
 * controller.undo();
 * units.toJSON(); // { m1: 'c4' }
 * ```
 */
export function createUndoController<S = unknown>(
  scope: UndoScope,
  options: UndoControllerOptions<S> = {},
): UndoController<S> {
  return new GestureUndoController<S>(scope, options);
}
