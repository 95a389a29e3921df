/**
 * What an undo step carries besides the document change itself: who made it,
 * for which tool call, and the host's selection before and after it. The
 * record lives in the `meta` map of the `Y.UndoManager` stack item it belongs
 * to, so it travels with the step from the undo stack to the redo stack and
 * back, and is dropped with it when history is trimmed.
 */

import type * as Y from 'yjs';
import { UndoMisuseError } from './undo-misuse-error.ts';

/**
 * Who made a step and why. `actor` names the author in the host's terms
 * (`'user'`, `'agent'`, a collaborator id); `toolCallId` ties an agent step to
 * the tool call that made it; `label` is free text for an undo menu.
 *
 * @example
 * ```ts
 * const meta: StepMeta = { actor: 'agent', toolCallId: 'call_7', label: 'Rewrite bars 3-4' };
 * ```
 */
export interface StepMeta {
  readonly actor: string;
  readonly toolCallId?: string;
  readonly label?: string;
}

/**
 * One undo step as the controller reports it. `origin` is the Yjs
 * transaction origin of the step's first change. `selectionBefore` is the
 * host's selection when the step's first change began (restored on undo);
 * `selectionAfter` the selection when the step was closed (restored on redo).
 * Both are `undefined` when the host gave no `getSelection`.
 *
 * `selectionAfter` is final once the step is closed: by the next gesture, by
 * the end of `runAsStep`, by `undo`/`redo`, or by the capture timeout.
 *
 * @example
 * ```ts
 * const step = controller.peekUndo();
 * if (step?.meta.actor === 'agent') console.log(`Undo ${step.meta.label ?? 'agent edit'}`);
 * ```
 */
export interface UndoStep<S> {
  readonly meta: StepMeta;
  readonly origin: unknown;
  readonly selectionBefore: S | undefined;
  readonly selectionAfter: S | undefined;
}

/** The controller's own, mutable view of a step: `selectionAfter` is refreshed until it closes. */
export interface StepRecord<S> {
  readonly meta: StepMeta;
  readonly origin: unknown;
  readonly selectionBefore: S | undefined;
  selectionAfter: S | undefined;
}

/** A `Y.UndoManager` stack item (Yjs does not export the class by name). */
export type StackItem = Y.UndoManager['undoStack'][number];

const stepKey = Symbol('@scorelane/undo step');

/** Stores `record` on `item` so that it follows the item between stacks. */
export function attachStep<S>(item: StackItem, record: StepRecord<S>): void {
  item.meta.set(stepKey, record);
}

/** The record stored on `item`, or `undefined` if the item was never seen by a controller. */
export function stepOf<S>(item: StackItem): StepRecord<S> | undefined {
  return item.meta.get(stepKey) as StepRecord<S> | undefined;
}

/**
 * Checks that `meta` is a {@link StepMeta} and returns a frozen copy of it, so
 * a caller mutating its object later cannot rewrite recorded history.
 *
 * @example
 * ```ts
 * const meta = toStepMeta({ actor: 'agent', toolCallId: 'call_1' });
 * Object.isFrozen(meta); // true
 * ```
 */
export function toStepMeta(meta: StepMeta): StepMeta {
  if (typeof meta !== 'object' || meta === null) {
    throw new UndoMisuseError('step meta must be an object such as { actor: "user" }.');
  }
  if (typeof meta.actor !== 'string' || meta.actor.length === 0) {
    throw new UndoMisuseError(
      'step meta needs a non-empty string `actor`, e.g. "user" or "agent".',
    );
  }
  for (const key of ['toolCallId', 'label'] as const) {
    if (meta[key] !== undefined && typeof meta[key] !== 'string') {
      throw new UndoMisuseError(`step meta \`${key}\` must be a string when present.`);
    }
  }
  const copy: { actor: string; toolCallId?: string; label?: string } = { actor: meta.actor };
  if (meta.toolCallId !== undefined) copy.toolCallId = meta.toolCallId;
  if (meta.label !== undefined) copy.label = meta.label;
  return Object.freeze(copy);
}
