/**
 * What an undo controller is: a `Y.UndoManager` whose steps follow explicit
 * gestures (one tool call, one step) instead of only the capture timeout,
 * that records only the origins the host names for local work, and that
 * carries meta and the host's selection with every step. The interface and
 * its options; `create-undo-controller.ts` makes one.
 */

import type * as Y from 'yjs';
import type { StepMeta, UndoStep } from './step-meta.ts';
import type { UndoChangeListener } from './undo-events.ts';
import type { UndoResult } from './undo-result.ts';

/**
 * Options of {@link createUndoController}. `S` is the host's selection type;
 * the controller never looks inside it.
 *
 * @example
 * ```ts
 * const options: UndoControllerOptions<{ anchor: number; head: number }> = {
 *   trackedOrigins: [userOrigin],
 *   captureTimeout: 500,
 *   maxSteps: 100,
 *   getSelection: () => editor.selection,
 *   setSelection: (selection) => editor.select(selection),
 * };
 * ```
 */
export interface UndoControllerOptions<S> {
  /**
   * Transaction origins of local work to record, e.g. the origin the host's
   * editor binding uses for the person's edits. The controller's own
   * {@link UndoController.origin} is always tracked. Anything else (a
   * provider applying remote updates, other tabs, a server) is never
   * recorded, so never undone. Yjs also matches an origin by its class: a
   * tracked class tracks all of its instances.
   */
  readonly trackedOrigins?: Iterable<unknown>;
  /**
   * Changes of the same origin less than this many milliseconds apart join
   * one step unless a gesture closes it (Yjs' capture timeout). Default 500;
   * `0` makes every transaction its own step.
   */
  readonly captureTimeout?: number;
  /** How many undo steps to keep; the oldest are dropped first. Default 100. */
  readonly maxSteps?: number;
  /** Reads the host's current selection; called when a step begins and when it closes. */
  readonly getSelection?: () => S;
  /** Restores a selection: `selectionBefore` after an undo, `selectionAfter` after a redo. */
  readonly setSelection?: (selection: S, step: UndoStep<S>, direction: 'undo' | 'redo') => void;
  /**
   * Meta for a step no gesture describes (a tracked change made outside any
   * gesture, or by another origin than the gesture's). Default: `{ actor: 'unknown' }`.
   */
  readonly describeOrigin?: (origin: unknown) => StepMeta;
}

/**
 * Options of {@link UndoController.runAsStep}.
 *
 * @example
 * ```ts
 * controller.runAsStep({ actor: 'agent' }, () => units.set('m1', 'c4'), { origin: agentOrigin });
 * ```
 */
export interface RunAsStepOptions {
  /**
   * The transaction origin to apply `fn` with. It must be tracked. Default:
   * the controller's own {@link UndoController.origin}.
   */
  readonly origin?: unknown;
}

/**
 * An undo history over a Yjs document in which every step is one gesture.
 * Create one with {@link createUndoController}.
 *
 * @example
 * ```ts
 * const controller = createUndoController(doc, { trackedOrigins: [userOrigin] });
 * controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => units.set('m1', 'c4 d4'));
 * controller.undo(); // { ok: true, step: { meta: { actor: 'agent', toolCallId: 'call_1' }, ... } }
 * controller.destroy();
 * ```
 */
export interface UndoController<S = unknown> {
  /** The origin `runAsStep` applies changes with by default; always tracked. */
  readonly origin: object;
  /**
   * The underlying `Y.UndoManager`, for editor bindings that take one (such as
   * y-prosemirror's `yUndoPlugin`). Steps it pops still restore the selection
   * and emit `change`, but prefer the controller's `undo()` and `redo()`:
   * they also leave the keys collaborators changed alone, act on exactly the
   * newest step, and keep Y.Map undo exact when a step wrote one key twice
   * and after history branches (see the README).
   */
  readonly undoManager: Y.UndoManager;
  /** Whether `destroy()` was called (directly or by destroying the document). */
  readonly destroyed: boolean;
  /**
   * Closes the current step, so the next recorded change starts a new one
   * described by `meta`. Call it where a gesture begins: a pointer down, a key
   * down, the start of a command. The gesture lasts until the next gesture,
   * `undo` or `redo`; steps it opens after a capture timeout carry the same
   * meta, while changes of another origin get their own. A `runAsStep` in the
   * middle of it is a step of its own, and the person's edits after it are a
   * new step that still carries `meta`.
   */
  beginUndoGesture(meta: StepMeta): void;
  /**
   * Runs `fn` in one Yjs transaction with a tracked origin, as exactly one
   * step described by `meta`, closed before and after, and returns what `fn`
   * returns. Tracked follow-up transactions that observers make synchronously
   * during the call join the same step. If it throws, the changes it made
   * before throwing stay applied (Yjs has no rollback) and form the step;
   * the error propagates.
   *
   * `fn` must be synchronous. An `async` function is refused before it runs;
   * a plain function that returns a promise (as transpiled async code does)
   * is detected when it returns: what it wrote is reverted at once, no step
   * is recorded, the history stays as it was, and an
   * {@link UndoMisuseError} is thrown.
   */
  runAsStep<T>(
    meta: StepMeta,
    fn: (transaction: Y.Transaction) => T,
    options?: RunAsStepOptions,
  ): T;
  /**
   * Reverts the newest step, and restores the selection before it. Keys a
   * collaborator changed since the step stay as they are: the result says
   * `partial` and names them, or, when that was everything the step wrote,
   * refuses with `changed-by-collaborator` and takes the step off the
   * history. It never reverts any other step than the newest.
   */
  undo(): UndoResult<S>;
  /** Re-applies the newest undone step, and restores the selection after it; collaborators' keys as for `undo()`. */
  redo(): UndoResult<S>;
  /**
   * Whether `undo()` will act on a step: revert it (fully or partly), or
   * refuse it because collaborators changed all it wrote. False exactly when
   * `undo()` would answer `nothing-to-undo` and change nothing.
   */
  canUndo(): boolean;
  /** Whether `redo()` will act on a step (as `canUndo()` for `undo()`). */
  canRedo(): boolean;
  /** The step `undo()` will act on, if any. */
  peekUndo(): UndoStep<S> | undefined;
  /** The step `redo()` will act on, if any. */
  peekRedo(): UndoStep<S> | undefined;
  /** Listens to history changes; returns the function that stops listening. */
  on(event: 'change', listener: UndoChangeListener<S>): () => void;
  /** Listens for the controller's destruction; returns the function that stops listening. */
  on(event: 'destroy', listener: () => void): () => void;
  /**
   * Removes every listener the controller added to the document and its undo
   * manager, unbinds input gestures bound to it, and makes later calls throw.
   * Calling it again does nothing.
   */
  destroy(): void;
}
