/**
 * The events an undo controller emits, so a host can enable its undo and redo
 * buttons, label them, or log the history.
 */

import type { UndoStep } from './step-meta.ts';

/**
 * The stacks after the change: whether `undo()` and `redo()` have something
 * to pop.
 *
 * @example
 * ```ts
 * const state: UndoState = { canUndo: true, canRedo: false };
 * ```
 */
export interface UndoState {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

/**
 * What changed in the history, discriminated on `kind`:
 *
 * - `step-added`: a local change opened a new step;
 * - `step-extended`: a local change joined the open step (capture timeout);
 * - `undone` / `redone`: a step was reverted or re-applied;
 * - `trimmed`: steps were dropped: the oldest beyond `maxSteps` (reported
 *   when the step that pushed them out closes, since they come back if its
 *   changes cancel out), or a step whose changes cancel out (a key set and
 *   deleted again), which has nothing left to undo;
 * - `refused`: `undo()` or `redo()` refused the newest step because
 *   collaborators changed every key it wrote (`keys`); the step is gone;
 * - `cleared`: a stack was emptied (a new local step discards the redo stack).
 *
 * @example
 * ```ts
 * const change: UndoChange<never> = { kind: 'cleared', undoStack: false, redoStack: true };
 * ```
 */
export type UndoChange<S> =
  | {
      readonly kind: 'step-added' | 'step-extended' | 'undone' | 'redone';
      readonly step: UndoStep<S>;
    }
  | { readonly kind: 'trimmed'; readonly steps: readonly UndoStep<S>[] }
  | {
      readonly kind: 'refused';
      readonly direction: 'undo' | 'redo';
      readonly step: UndoStep<S>;
      readonly keys: readonly string[];
    }
  | { readonly kind: 'cleared'; readonly undoStack: boolean; readonly redoStack: boolean };

/**
 * One change to the history (an {@link UndoChange}) with the stacks' state
 * after it, as `change` listeners receive it.
 *
 * @example
 * ```ts
 * controller.on('change', (event) => {
 *   undoButton.disabled = !event.canUndo;
 *   redoButton.disabled = !event.canRedo;
 *   if (event.kind === 'undone') console.log('undid', event.step.meta);
 * });
 * ```
 */
export type UndoChangeEvent<S> = UndoState & UndoChange<S>;

/**
 * A listener of {@link UndoChangeEvent}s.
 *
 * @example
 * ```ts
 * const logSteps: UndoChangeListener<unknown> = (event) => {
 *   if (event.kind === 'step-added') console.log('new step by', event.step.meta.actor);
 * };
 * controller.on('change', logSteps);
 * ```
 */
export type UndoChangeListener<S> = (event: UndoChangeEvent<S>) => void;

/** An ordered set of listeners; `add` returns the matching removal. */
export interface ListenerSet<A extends unknown[]> {
  add(listener: (...args: A) => void): () => void;
  emit(...args: A): void;
  clear(): void;
  readonly size: number;
}

/**
 * Creates a {@link ListenerSet}. Listeners run in the order they were added;
 * one added or removed during an emit takes effect from the next emit.
 *
 * @example
 * ```ts
 * const listeners = createListenerSet<[number]>();
 * const remove = listeners.add((n) => console.log(n));
 * listeners.emit(1); // logs 1
 * remove();
 * ```
 */
export function createListenerSet<A extends unknown[]>(): ListenerSet<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    add(listener) {
      // A wrapper makes the same function added twice two listeners, each removed on its own.
      const entry = (...args: A): void => listener(...args);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(...args) {
      for (const listener of [...listeners]) listener(...args);
    },
    clear() {
      listeners.clear();
    },
    get size() {
      return listeners.size;
    },
  };
}
