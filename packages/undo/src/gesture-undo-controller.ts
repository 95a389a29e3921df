/**
 * The undo controller behind {@link createUndoController}: a `Y.UndoManager`
 * whose steps follow explicit gestures, that records only the origins the
 * host names for local work, carries meta and selection with every step,
 * leaves collaborators' keys alone on undo and redo, and releases what Yjs
 * keeps for steps that are gone. Its state is the {@link Phase} written down
 * in controller-phase.ts.
 */

import * as Y from 'yjs';
import {
  changedKeyNames,
  leaveCollaboratorKeys,
  recordCollaboratorChanges,
  recordWrites,
} from './collaborator-changes.ts';
import { closed, type Gesture, type Phase, unboundOrigin } from './controller-phase.ts';
import { isEmptyDeleteSet, subtractDeleteSets } from './delete-sets.ts';
import { releaseKeptItems, releaseOrigin } from './kept-items.ts';
import { createLocalDeletions } from './local-deletions.ts';
import {
  attachStep,
  type StackItem,
  type StepMeta,
  type StepRecord,
  stepOf,
  toStepMeta,
  type UndoStep,
} from './step-meta.ts';
import { carryTransientItems } from './transient-items.ts';
import type { RunAsStepOptions, UndoController, UndoControllerOptions } from './undo-controller.ts';
import {
  createListenerSet,
  type UndoChange,
  type UndoChangeEvent,
  type UndoChangeListener,
  type UndoState,
} from './undo-events.ts';
import { UndoMisuseError } from './undo-misuse-error.ts';
import type { UndoResult } from './undo-result.ts';
import { type ResolvedUndoScope, resolveUndoScope, type UndoScope } from './undo-scope.ts';

const defaultCaptureTimeout = 500;
const defaultMaxSteps = 100;

export class GestureUndoController<S> implements UndoController<S> {
  readonly origin: object = Object.freeze({ name: '@scorelane/undo step' });
  readonly undoManager: Y.UndoManager;

  readonly #doc: Y.Doc;
  readonly #scope: ResolvedUndoScope['scope'];
  readonly #maxSteps: number;
  readonly #getSelection: (() => S) | undefined;
  readonly #setSelection: UndoControllerOptions<S>['setSelection'];
  readonly #describeOrigin: (origin: unknown) => StepMeta;
  readonly #changeListeners = createListenerSet<[UndoChangeEvent<S>]>();
  readonly #destroyListeners = createListenerSet<[]>();
  /** The selection when each tracked transaction began. */
  readonly #selectionAtStart = new WeakMap<Y.Transaction, S>();
  /** Every deletion local work made, shown to Yjs while a step is popped (see local-deletions.ts). */
  readonly #localDeletions = createLocalDeletions();

  #phase: Phase = closed;
  /** Who the next steps are by: set by a gesture, cleared by undo and redo. */
  #gesture: Gesture | null = null;
  /** The transaction Y.UndoManager is capturing right now. */
  #capturing: Y.Transaction | null = null;
  /** Undone steps a new step is about to discard (Yjs clears the redo stack). */
  #discarding: StackItem[] = [];
  /** The undo manager that reverts what a promise-returning `fn` wrote, while it does. */
  #reverter: Y.UndoManager | null = null;
  /**
   * The oldest steps the open step pushed past `maxSteps`: off the stack,
   * but not yet released or reported, until that step closes. If the open
   * step's changes cancel out and it is dropped, they go back, so a gesture
   * that changed nothing in the end costs no step of history.
   */
  #overflow: StackItem[] = [];

  constructor(scope: UndoScope, options: UndoControllerOptions<S>) {
    const resolved = resolveUndoScope(scope);
    this.#doc = resolved.doc;
    this.#scope = resolved.scope;
    const captureTimeout = options.captureTimeout ?? defaultCaptureTimeout;
    if (typeof captureTimeout !== 'number' || Number.isNaN(captureTimeout) || captureTimeout < 0) {
      throw new UndoMisuseError('captureTimeout must be a number of milliseconds, 0 or more.');
    }
    const maxSteps = options.maxSteps ?? defaultMaxSteps;
    if (maxSteps !== Number.POSITIVE_INFINITY && !(Number.isInteger(maxSteps) && maxSteps >= 1)) {
      throw new UndoMisuseError('maxSteps must be a whole number, 1 or more (or Infinity).');
    }
    this.#maxSteps = maxSteps;
    this.#getSelection = options.getSelection;
    this.#setSelection = options.setSelection;
    this.#describeOrigin = options.describeOrigin ?? (() => ({ actor: 'unknown' }));

    const trackedOrigins = new Set<unknown>(options.trackedOrigins ?? []);
    trackedOrigins.add(this.origin);
    this.undoManager = new Y.UndoManager(resolved.scope, {
      captureTimeout,
      trackedOrigins,
      captureTransaction: this.#captureTransaction,
    });
    this.undoManager.on('stack-item-added', this.#onStackItemAdded);
    this.undoManager.on('stack-item-updated', this.#onStackItemUpdated);
    this.undoManager.on('stack-item-popped', this.#onStackItemPopped);
    this.undoManager.on('stack-cleared', this.#onStackCleared);
    this.#doc.on('beforeTransaction', this.#onBeforeTransaction);
    this.#doc.on('afterTransaction', this.#onAfterTransaction);
    this.#doc.on('destroy', this.#onDocDestroy);
  }

  get destroyed(): boolean {
    return this.#phase.kind === 'destroyed';
  }

  beginUndoGesture(meta: StepMeta): void {
    this.#assertUsable('beginUndoGesture');
    if (this.#phase.kind === 'running') {
      throw new UndoMisuseError(
        'beginUndoGesture was called inside runAsStep; a step cannot be split from inside.',
      );
    }
    const checked = toStepMeta(meta);
    this.#closeStep();
    this.#gesture = { meta: checked, origin: unboundOrigin };
  }

  runAsStep<T>(
    meta: StepMeta,
    fn: (transaction: Y.Transaction) => T,
    options: RunAsStepOptions = {},
  ): T {
    this.#assertUsable('runAsStep');
    if (this.#phase.kind === 'running') {
      throw new UndoMisuseError(
        'runAsStep was called inside another runAsStep; do all the work of one step in one function.',
      );
    }
    if (typeof fn !== 'function') {
      throw new UndoMisuseError('runAsStep needs a function to run.');
    }
    if (fn.constructor.name === 'AsyncFunction') {
      throw new UndoMisuseError(
        'runAsStep needs a synchronous function: await the async work first, then apply the result in runAsStep.',
      );
    }
    this.#assertNoOpenTransaction('runAsStep');
    const origin = 'origin' in options ? options.origin : this.origin;
    if (!this.#isLocalOrigin(origin)) {
      throw new UndoMisuseError(
        'runAsStep was given an origin the controller does not track, so its step could never be undone; add it to trackedOrigins.',
      );
    }
    const checked = toStepMeta(meta);
    this.#closeStep();
    // A person's gesture the call lands in the middle of (a held key, a drag)
    // goes on after it: their next edits are a new step with their meta.
    const running = {
      kind: 'running' as const,
      item: null,
      interrupted: this.#gesture,
      returnedPromise: false,
    };
    this.#phase = running;
    this.#gesture = { meta: checked, origin };
    const result = this.#runRecordingOneStep(fn, origin, running);
    if (running.returnedPromise) {
      // The caller gets the misuse error; keep the dropped promise from also
      // surfacing as an unhandled rejection.
      (result as PromiseLike<unknown>).then(undefined, () => undefined);
      throw new UndoMisuseError(
        'runAsStep needs a synchronous function, but it returned a promise; what it wrote before returning was reverted and nothing was recorded. Await the async work first, then apply the result in runAsStep.',
      );
    }
    return result;
  }

  /**
   * Runs `fn` with `origin` so that it and its observers' follow-up writes
   * make one step, or, if it returns a promise, no step and no change.
   */
  #runRecordingOneStep<T>(
    fn: (transaction: Y.Transaction) => T,
    origin: unknown,
    running: Extract<Phase, { kind: 'running' }>,
  ): T {
    // Made only when fn returns a promise, while its transaction is still
    // open (Yjs records a transaction when it ends): it is what reverts fn's
    // writes and its observers' follow-ups, whatever tracked origin they use.
    let reverter: Y.UndoManager | null = null;
    // Follow-up transactions of observers join the step whatever the capture timeout.
    const captureTimeout = this.undoManager.captureTimeout;
    this.undoManager.captureTimeout = Number.POSITIVE_INFINITY;
    try {
      return this.#doc.transact((transaction) => {
        const result = fn(transaction);
        running.returnedPromise = isThenable(result);
        if (running.returnedPromise) reverter = this.#newReverter(origin);
        return result;
      }, origin);
    } finally {
      this.undoManager.captureTimeout = captureTimeout;
      const made = reverter as Y.UndoManager | null;
      made?.destroy();
      if (made !== null) this.#revert(made);
      if (this.#phase === running) {
        this.#closeStep();
        this.#phase = closed;
        this.#gesture = running.interrupted;
      }
    }
  }

  /** An undo manager that records every tracked transaction of `origin` or another tracked origin from now on, to revert them. */
  #newReverter(origin: unknown): Y.UndoManager {
    const tracked = new Set(this.undoManager.trackedOrigins);
    tracked.delete(this.undoManager);
    tracked.add(origin);
    return new Y.UndoManager(this.#scope, {
      trackedOrigins: tracked,
      captureTimeout: Number.POSITIVE_INFINITY,
    });
  }

  /** Reverts everything `reverter` recorded, and releases what it kept. */
  #revert(reverter: Y.UndoManager): void {
    this.#reverter = reverter;
    try {
      while (reverter.undoStack.length > 0) reverter.undo();
    } finally {
      this.#reverter = null;
    }
    releaseKeptItems(this.#doc, [...reverter.undoStack, ...reverter.redoStack], this.#stackItems());
  }

  undo(): UndoResult<S> {
    return this.#pop('undo');
  }

  redo(): UndoResult<S> {
    return this.#pop('redo');
  }

  canUndo(): boolean {
    this.#assertUsable('canUndo');
    return this.undoManager.canUndo();
  }

  canRedo(): boolean {
    this.#assertUsable('canRedo');
    return this.undoManager.canRedo();
  }

  peekUndo(): UndoStep<S> | undefined {
    this.#assertUsable('peekUndo');
    const item = this.undoManager.undoStack.at(-1);
    return item === undefined ? undefined : this.#recordOf(item);
  }

  peekRedo(): UndoStep<S> | undefined {
    this.#assertUsable('peekRedo');
    const item = this.undoManager.redoStack.at(-1);
    return item === undefined ? undefined : this.#recordOf(item);
  }

  on(event: 'change', listener: UndoChangeListener<S>): () => void;
  on(event: 'destroy', listener: () => void): () => void;
  on(event: 'change' | 'destroy', listener: UndoChangeListener<S> | (() => void)): () => void {
    this.#assertUsable('on');
    if (typeof listener !== 'function') {
      throw new UndoMisuseError('on needs a listener function.');
    }
    if (event === 'change') return this.#changeListeners.add(listener);
    if (event === 'destroy') return this.#destroyListeners.add(listener as () => void);
    throw new UndoMisuseError(`unknown event "${String(event)}"; use "change" or "destroy".`);
  }

  destroy(): void {
    if (this.#phase.kind === 'destroyed') return;
    this.#phase = { kind: 'destroyed' };
    this.#doc.off('beforeTransaction', this.#onBeforeTransaction);
    this.#doc.off('afterTransaction', this.#onAfterTransaction);
    this.#doc.off('destroy', this.#onDocDestroy);
    this.undoManager.off('stack-item-added', this.#onStackItemAdded);
    this.undoManager.off('stack-item-updated', this.#onStackItemUpdated);
    this.undoManager.off('stack-item-popped', this.#onStackItemPopped);
    this.undoManager.off('stack-cleared', this.#onStackCleared);
    // Removes the undo manager's own listeners on the document.
    this.undoManager.destroy();
    if (!this.#doc.isDestroyed) releaseKeptItems(this.#doc, this.#stackItems(), []);
    this.#overflow = [];
    this.undoManager.undoStack = [];
    this.undoManager.redoStack = [];
    this.#gesture = null;
    this.#changeListeners.clear();
    try {
      this.#destroyListeners.emit();
    } finally {
      this.#destroyListeners.clear();
    }
  }

  // --- undo and redo ---------------------------------------------------------

  /**
   * Acts on exactly the newest step of `direction`'s stack: reverts (or
   * re-applies) what of it no collaborator changed since, or refuses it when
   * that is nothing.
   */
  #pop(direction: 'undo' | 'redo'): UndoResult<S> {
    this.#assertUsable(direction);
    this.#assertNotInStep(direction);
    this.#assertNoOpenTransaction(direction);
    this.#closeStep();
    const manager = this.undoManager;
    if (direction === 'undo') carryTransientItems(manager.undoStack);
    const stack = direction === 'undo' ? manager.undoStack : manager.redoStack;
    const item = stack.at(-1);
    if (item === undefined) {
      return direction === 'undo'
        ? { ok: false, code: 'nothing-to-undo', message: 'Nothing to undo.' }
        : { ok: false, code: 'nothing-to-redo', message: 'Nothing to redo.' };
    }
    const record = this.#recordOf(item);
    const keys = changedKeyNames(item);
    const kept = item.deletions;
    leaveCollaboratorKeys(this.#doc, item);
    const popped = this.#popOnly(direction, stack);
    releaseKeptItems(this.#doc, [{ deletions: kept }], this.#stackItems());
    if (popped !== null) {
      return { ok: true, step: record, partial: keys.length > 0, skippedKeys: keys };
    }
    // Yjs found nothing left to change, and dropped the step.
    this.#emitChange({ kind: 'refused', direction, step: record, keys });
    const named = keys.length > 0 ? ` (${keys.join(', ')})` : '';
    return {
      ok: false,
      code: 'changed-by-collaborator',
      step: record,
      keys,
      message: `Collaborators have changed everything this step wrote${named} since, so there was nothing to ${direction}; it was taken off the history.`,
    };
  }

  /**
   * Pops the newest item of `stack` and nothing else: Yjs would go on to
   * older items when the newest changes nothing. While it pops, the older
   * items are set aside and every local deletion is shown to Yjs' conflict
   * check (see local-deletions.ts); both are put back as soon as the pop's
   * transaction ends, before listeners see the stacks.
   */
  #popOnly(direction: 'undo' | 'redo', stack: StackItem[]): StackItem | null {
    const older = stack.splice(0, stack.length - 1);
    const hideLocalDeletions = this.#localDeletions.show(this.undoManager, direction);
    const popping = {
      kind: 'popping' as const,
      restore: () => {
        popping.restore = noop;
        hideLocalDeletions();
        stack.unshift(...older);
      },
    };
    this.#phase = popping;
    try {
      return direction === 'undo' ? this.undoManager.undo() : this.undoManager.redo();
    } finally {
      popping.restore();
      if (this.#phase === popping) this.#phase = closed;
    }
  }

  #stackItems(): StackItem[] {
    return [...this.#overflow, ...this.undoManager.undoStack, ...this.undoManager.redoStack];
  }

  // --- step boundaries -------------------------------------------------------

  /**
   * Ends the open step and stops Yjs from merging into it. Unless told not to
   * (when a change of another origin has already been applied), records the
   * current selection as the step's final `selectionAfter`.
   */
  #closeStep(refreshSelection = true): void {
    const phase = this.#phase;
    const open = phase.kind === 'open' || phase.kind === 'running' ? phase.item : null;
    if (refreshSelection && open !== null && this.undoManager.undoStack.at(-1) === open) {
      const record = stepOf<S>(open);
      if (record !== undefined) record.selectionAfter = this.#readSelection();
    }
    if (phase.kind === 'open') this.#phase = closed;
    else if (phase.kind === 'running') phase.item = null;
    this.undoManager.stopCapturing();
    this.#settleOverflow();
  }

  /** Marks `item` as the step that takes the next changes of `origin`. */
  #opened(item: StackItem, origin: unknown): void {
    const phase = this.#phase;
    if (phase.kind === 'running') phase.item = item;
    else if (phase.kind === 'closed' || phase.kind === 'open') {
      this.#phase = { kind: 'open', item, origin };
    }
  }

  /**
   * Y.UndoManager asks this about every transaction before recording it. It
   * refuses transactions that change nothing (which Yjs would otherwise record
   * as empty steps when the scope is the whole document) and what a
   * promise-returning `runAsStep` wrote, and closes the open step when a
   * local transaction of another origin is about to join it.
   */
  readonly #captureTransaction = (transaction: Y.Transaction): boolean => {
    if (!this.#changesScope(transaction)) return false;
    const phase = this.#phase;
    if (phase.kind === 'running' && phase.returnedPromise) return false;
    this.#capturing = transaction;
    if (!this.#isLocalOrigin(transaction.origin)) return true;
    // A new step of local work makes Yjs discard the undone steps.
    if (!this.undoManager.undoing && !this.undoManager.redoing) {
      this.#discarding = [...this.undoManager.redoStack];
    }
    // Inside runAsStep every tracked transaction (an observer's follow-up
    // included) belongs to the step, whatever its origin.
    if (phase.kind === 'open' && transaction.origin !== phase.origin) this.#closeStep(false);
    return true;
  };

  #changesScope(transaction: Y.Transaction): boolean {
    const changed =
      transaction.deleteSet.clients.size > 0 ||
      [...transaction.afterState].some(
        ([client, clock]) => clock > (transaction.beforeState.get(client) ?? 0),
      );
    if (!changed) return false;
    const scope = this.#scope;
    return (
      scope instanceof Y.Doc ||
      scope.some((type) => (transaction.changedParentTypes as Map<unknown, unknown>).has(type))
    );
  }

  /** Whether `origin` is a tracked origin of local work (the undo manager's own excluded). */
  #isLocalOrigin(origin: unknown): boolean {
    if (origin === this.undoManager) return false;
    const tracked = this.undoManager.trackedOrigins;
    return (
      tracked.has(origin) ||
      (origin !== null &&
        origin !== undefined &&
        tracked.has((origin as { constructor?: unknown }).constructor))
    );
  }

  readonly #onBeforeTransaction = (transaction: Y.Transaction): void => {
    if (this.#getSelection !== undefined && this.#isLocalOrigin(transaction.origin)) {
      this.#selectionAtStart.set(transaction, this.#getSelection());
    }
  };

  readonly #onAfterTransaction = (transaction: Y.Transaction): void => {
    const origin = transaction.origin;
    if (origin === releaseOrigin) return;
    // The pop's transaction has ended: put back what it hid before the undo
    // manager tells listeners (stack-item-popped), so they see true stacks.
    const phase = this.#phase;
    if (origin === this.undoManager && phase.kind === 'popping') phase.restore();
    if (origin === this.undoManager || origin === this.#reverter || this.#isLocalOrigin(origin)) {
      this.#localDeletions.add(transaction.deleteSet);
    } else if (this.#changesScope(transaction)) {
      recordCollaboratorChanges(this.#stackItems(), transaction);
    }
  };

  // --- undo manager events ---------------------------------------------------

  readonly #onStackItemAdded = (event: { stackItem: StackItem; origin: unknown }): void => {
    const manager = this.undoManager;
    if (this.#capturing !== null) recordWrites(event.stackItem, this.#capturing);
    if (manager.undoing || manager.redoing) {
      // The item records how to reverse the undo/redo in progress: it is the same step.
      const popped = manager.currStackItem;
      const record = popped === null ? undefined : stepOf<S>(popped);
      attachStep(event.stackItem, record ?? this.#newRecord(event.origin, undefined));
      return;
    }
    this.#releaseDiscarded();
    // A new step: the one before it is closed (its capture timeout passed), so it stays.
    this.#settleOverflow();
    const transaction = this.#capturing;
    const before = transaction === null ? undefined : this.#selectionAtStart.get(transaction);
    const record = this.#newRecord(event.origin, before);
    attachStep(event.stackItem, record);
    if (this.#dropIfEmpty(event.stackItem)) return;
    this.#opened(event.stackItem, event.origin);
    this.#emitChange({ kind: 'step-added', step: record });
    this.#trim();
  };

  readonly #onStackItemUpdated = (event: { stackItem: StackItem; origin: unknown }): void => {
    if (this.#capturing !== null) recordWrites(event.stackItem, this.#capturing);
    this.#releaseDiscarded();
    const record = stepOf<S>(event.stackItem);
    if (record === undefined) return;
    record.selectionAfter = this.#readSelection();
    if (this.#dropIfEmpty(event.stackItem)) {
      this.#emitChange({ kind: 'trimmed', steps: [record] });
      return;
    }
    this.#opened(event.stackItem, event.origin);
    this.#emitChange({ kind: 'step-extended', step: record });
  };

  readonly #onStackItemPopped = (event: { stackItem: StackItem; type: 'undo' | 'redo' }): void => {
    const record = this.#recordOf(event.stackItem);
    if (this.#phase.kind === 'open') this.#phase = closed;
    // An undo or redo ends the gesture: what follows is described afresh.
    this.#gesture = null;
    const selection = event.type === 'undo' ? record.selectionBefore : record.selectionAfter;
    if (this.#setSelection !== undefined && selection !== undefined) {
      this.#setSelection(selection, record, event.type);
    }
    this.#emitChange({ kind: event.type === 'undo' ? 'undone' : 'redone', step: record });
  };

  readonly #onStackCleared = (event: {
    undoStackCleared: boolean;
    redoStackCleared: boolean;
  }): void => {
    if (event.undoStackCleared && this.#overflow.length > 0) {
      const overflow = this.#overflow;
      this.#overflow = [];
      releaseKeptItems(this.#doc, overflow, this.#stackItems());
    }
    this.#emitChange({
      kind: 'cleared',
      undoStack: event.undoStackCleared,
      redoStack: event.redoStackCleared,
    });
  };

  readonly #onDocDestroy = (): void => {
    this.destroy();
  };

  // --- history bounds --------------------------------------------------------

  /**
   * Takes the oldest steps beyond `maxSteps` off the stack, into the
   * overflow: they are dropped for good when the open step closes (see
   * {@link #settleOverflow}), or put back if it is dropped.
   */
  #trim(): void {
    const stack = this.undoManager.undoStack;
    const excess = stack.length - this.#maxSteps;
    if (excess <= 0) return;
    for (const item of stack.splice(0, excess)) this.#overflow.push(item);
  }

  /**
   * Drops the overflow for good: releases what Yjs kept for its steps, so
   * the document can garbage-collect it, and reports them. Each stack item
   * holds its own insertions and deletions, so the remaining steps undo
   * exactly as before.
   */
  #settleOverflow(): void {
    const dropped = this.#overflow;
    if (dropped.length === 0) return;
    this.#overflow = [];
    releaseKeptItems(this.#doc, dropped, this.#stackItems());
    this.#emitChange({ kind: 'trimmed', steps: dropped.map((item) => this.#recordOf(item)) });
  }

  /** Releases the undone steps Yjs has just discarded for a new step. */
  #releaseDiscarded(): void {
    const discarded = this.#discarding;
    if (discarded.length === 0) return;
    this.#discarding = [];
    releaseKeptItems(this.#doc, discarded, this.#stackItems());
  }

  /**
   * Takes the newest step off the stack when its changes cancel out (every
   * item it created it also deleted, and it deleted nothing older): undoing
   * it would change nothing. Returns whether it did.
   */
  #dropIfEmpty(item: StackItem): boolean {
    const stack = this.undoManager.undoStack;
    if (stack.at(-1) !== item) return false;
    const created = subtractDeleteSets(item.insertions, item.deletions);
    const removed = subtractDeleteSets(item.deletions, item.insertions);
    if (!isEmptyDeleteSet(created) || !isEmptyDeleteSet(removed)) return false;
    stack.pop();
    // The steps it pushed past maxSteps come back: it took nothing's place.
    stack.unshift(...this.#overflow);
    this.#overflow = [];
    releaseKeptItems(this.#doc, [item], this.#stackItems());
    this.#closeStep(false);
    return true;
  }

  // --- helpers ---------------------------------------------------------------

  #newRecord(origin: unknown, selectionBefore: S | undefined): StepRecord<S> {
    const gesture = this.#gesture;
    let meta: StepMeta;
    if (
      gesture !== null &&
      (this.#phase.kind === 'running' ||
        gesture.origin === unboundOrigin ||
        gesture.origin === origin)
    ) {
      gesture.origin = origin;
      meta = gesture.meta;
    } else {
      meta = toStepMeta(this.#describeOrigin(origin));
    }
    return { meta, origin, selectionBefore, selectionAfter: this.#readSelection() };
  }

  #recordOf(item: StackItem): StepRecord<S> {
    const record = stepOf<S>(item);
    if (record !== undefined) return record;
    // Only items that existed before a listener saw them land here (none in practice).
    const fallback: StepRecord<S> = {
      meta: toStepMeta(this.#describeOrigin(undefined)),
      origin: undefined,
      selectionBefore: undefined,
      selectionAfter: undefined,
    };
    attachStep(item, fallback);
    return fallback;
  }

  #readSelection(): S | undefined {
    return this.#getSelection === undefined ? undefined : this.#getSelection();
  }

  #emitChange(change: UndoChange<S>): void {
    if (this.#changeListeners.size === 0) return;
    const state: UndoState = {
      canUndo: this.undoManager.canUndo(),
      canRedo: this.undoManager.canRedo(),
    };
    this.#changeListeners.emit({ ...state, ...change });
  }

  #assertUsable(method: string): void {
    if (this.#phase.kind === 'destroyed') {
      throw new UndoMisuseError(`${method} was called after destroy(); create a new controller.`);
    }
  }

  #assertNotInStep(method: string): void {
    if (this.#phase.kind === 'running') {
      throw new UndoMisuseError(`${method} was called inside runAsStep; call it after the step.`);
    }
  }

  #assertNoOpenTransaction(method: string): void {
    if (this.#doc._transaction !== null) {
      throw new UndoMisuseError(
        `${method} was called inside a Yjs transaction (for example from an observer); call it after the transaction ends.`,
      );
    }
  }
}

function noop(): void {}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
