/**
 * The undo controller's state, written down: where it is between and within
 * steps (its phase), and who the next steps are by (the gesture). The
 * controller changes them only through the transitions described here.
 */

import type { StackItem, StepMeta } from './step-meta.ts';

/** A gesture's origin before its first step tells it. */
export const unboundOrigin: unique symbol = Symbol('gesture origin not yet known');

/** Who the next steps are by: set by `beginUndoGesture` and `runAsStep`, cleared by undo and redo. */
export interface Gesture {
  readonly meta: StepMeta;
  /** The origin of the gesture's first step; steps of other origins get their own meta. */
  origin: unknown;
}

/**
 * Where the controller is between and within steps. Every event handler
 * reads it; only the transitions below change it.
 *
 * - `closed`: no step is open; the next recorded change opens one.
 *   (`beginUndoGesture`, the end of `runAsStep`, `undo`/`redo`.)
 * - `open`: the newest step (`item`) takes more changes of `origin` until the
 *   capture timeout passes or a change of another origin arrives. (Entered
 *   when a tracked change outside `runAsStep` opens or extends a step.)
 * - `running`: inside `runAsStep`; every tracked change joins the one step
 *   (`item` once Yjs has made it). `interrupted` is the person's gesture the
 *   call landed in, resumed after it; `returnedPromise` is set when `fn`
 *   returned a promise, so that what it wrote is not recorded.
 * - `popping`: inside `undo()`/`redo()`; `restore` puts back what the pop
 *   hid from Yjs (older steps, the local-deletions marker).
 * - `destroyed`: every call throws.
 */
export type Phase =
  | { readonly kind: 'closed' }
  | { readonly kind: 'open'; readonly item: StackItem; readonly origin: unknown }
  | {
      readonly kind: 'running';
      item: StackItem | null;
      readonly interrupted: Gesture | null;
      returnedPromise: boolean;
    }
  | { readonly kind: 'popping'; restore: () => void }
  | { readonly kind: 'destroyed' };

/** No step open. */
export const closed: Phase = Object.freeze({ kind: 'closed' });
