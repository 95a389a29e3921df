/**
 * Gestures for people: a pointer down or a key down on the editor begins a
 * new undo step, so a person's edits group as they do in an editor that
 * groups by input events, while agent tool calls (which fire no input
 * events) make their own steps through `runAsStep`.
 */

import type { StepMeta } from './step-meta.ts';
import type { UndoController } from './undo-controller.ts';
import { UndoMisuseError } from './undo-misuse-error.ts';

/**
 * The part of a DOM event a binding reads. `repeat` and `isComposing` are
 * read from keyboard events when present.
 *
 * @example
 * ```ts
 * const event: InputGestureEvent = { type: 'keydown', repeat: false };
 * ```
 */
export interface InputGestureEvent {
  readonly type: string;
  readonly repeat?: boolean;
  readonly isComposing?: boolean;
}

/**
 * Anything with the DOM's `addEventListener`/`removeEventListener`: an
 * `HTMLElement`, a `Document`, a `Window`, or any `EventTarget`.
 *
 * @example
 * ```ts
 * const target: InputGestureTarget = document.querySelector('#editor')!;
 * ```
 */
export interface InputGestureTarget {
  addEventListener(
    type: string,
    listener: (event: InputGestureEvent) => void,
    options?: { capture?: boolean },
  ): void;
  removeEventListener(
    type: string,
    listener: (event: InputGestureEvent) => void,
    options?: { capture?: boolean },
  ): void;
}

/**
 * Options of {@link bindInputGestures}.
 *
 * @example
 * ```ts
 * const options: BindInputGesturesOptions = {
 *   events: ['pointerdown', 'keydown'],
 *   meta: (event) => ({ actor: 'user', label: event.type }),
 * };
 * ```
 */
export interface BindInputGesturesOptions {
  /** The events that begin a gesture. Default `['pointerdown', 'keydown']`. */
  readonly events?: readonly string[];
  /** Meta for the steps these gestures begin. Default `{ actor: 'user' }`. */
  readonly meta?: (event: InputGestureEvent) => StepMeta;
  /**
   * Whether an event begins a gesture. Default: every event except key
   * repeats (holding a key down stays one step) and keys pressed while an
   * input method is composing text.
   */
  readonly beginsGesture?: (event: InputGestureEvent) => boolean;
}

const defaultEvents = ['pointerdown', 'keydown'] as const;

/**
 * Makes `events` on `target` (by default `pointerdown` and `keydown`) begin a
 * new undo gesture on `controller`. The listeners use the capture phase, so
 * the gesture begins before the editor's own handlers apply the edit.
 * Returns the function that removes them; they are also removed when the
 * controller is destroyed.
 *
 * @example
 * ```ts
 * const unbind = bindInputGestures(document.querySelector('#editor')!, controller);
 * // ... later, when the editor goes away:
 * unbind();
 * ```
 */
export function bindInputGestures(
  target: InputGestureTarget,
  controller: UndoController<unknown>,
  options: BindInputGesturesOptions = {},
): () => void {
  if (
    typeof target?.addEventListener !== 'function' ||
    typeof target.removeEventListener !== 'function'
  ) {
    throw new UndoMisuseError(
      'bindInputGestures needs an event target (an element, the document, any EventTarget).',
    );
  }
  if (controller.destroyed) {
    throw new UndoMisuseError('bindInputGestures was given a destroyed controller.');
  }
  const events = [...(options.events ?? defaultEvents)];
  if (events.length === 0 || events.some((name) => typeof name !== 'string' || name === '')) {
    throw new UndoMisuseError('bindInputGestures needs at least one event name.');
  }
  const metaFor = options.meta ?? (() => ({ actor: 'user' }));
  const beginsGesture = options.beginsGesture ?? isNewInput;

  const listener = (event: InputGestureEvent): void => {
    if (beginsGesture(event)) controller.beginUndoGesture(metaFor(event));
  };
  for (const name of events) target.addEventListener(name, listener, { capture: true });

  let bound = true;
  const stopOnDestroy = controller.on('destroy', () => unbind());
  const unbind = (): void => {
    if (!bound) return;
    bound = false;
    for (const name of events) target.removeEventListener(name, listener, { capture: true });
    stopOnDestroy();
  };
  return unbind;
}

function isNewInput(event: InputGestureEvent): boolean {
  return event.repeat !== true && event.isComposing !== true;
}
