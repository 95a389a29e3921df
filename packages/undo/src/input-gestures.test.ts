import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { userOrigin } from '../test/synced-peers.ts';
import { createUndoController } from './create-undo-controller.ts';
import { bindInputGestures } from './input-gestures.ts';

/** A keyboard event for Node, which has `Event` and `EventTarget` but no `KeyboardEvent`. */
class KeyEvent extends Event {
  constructor(
    readonly repeat = false,
    readonly isComposing = false,
  ) {
    super('keydown');
  }
}

type Listener = Parameters<EventTarget['addEventListener']>[1];
type AddOptions = Parameters<EventTarget['addEventListener']>[2];
type RemoveOptions = Parameters<EventTarget['removeEventListener']>[2];

/** A real EventTarget that also counts the listeners registered on it. */
class CountingTarget extends EventTarget {
  listeners = 0;
  readonly captures: unknown[] = [];

  override addEventListener(type: string, listener: Listener, options?: AddOptions): void {
    this.listeners += 1;
    this.captures.push(typeof options === 'object' ? options.capture : options);
    super.addEventListener(type, listener, options);
  }

  override removeEventListener(type: string, listener: Listener, options?: RemoveOptions): void {
    this.listeners -= 1;
    super.removeEventListener(type, listener, options);
  }
}

function setup() {
  const doc = new Y.Doc();
  const units = doc.getMap<string>('units');
  const controller = createUndoController(doc, {
    trackedOrigins: [userOrigin],
    captureTimeout: 60_000,
  });
  const type = (key: string): void => {
    doc.transact(() => units.set(key, 'x'), userOrigin);
  };
  /** Undoes everything and returns the keys each undo removed, newest first. */
  const steps = (): string[][] => {
    const removed: string[][] = [];
    let keys = [...units.keys()].sort();
    while (controller.undo().ok) {
      const remaining = [...units.keys()].sort();
      removed.push(keys.filter((key) => !remaining.includes(key)));
      keys = remaining;
    }
    return removed;
  };
  return { doc, units, controller, type, steps };
}

describe('bindInputGestures', () => {
  it('starts a new step at each pointerdown and keydown on the element', () => {
    const { controller, type, steps } = setup();
    const editor = new EventTarget();
    bindInputGestures(editor, controller);

    editor.dispatchEvent(new Event('pointerdown'));
    type('a');
    type('b');
    editor.dispatchEvent(new KeyEvent());
    type('c');
    editor.dispatchEvent(new Event('pointerdown'));
    type('d');

    expect(steps()).toEqual([['d'], ['c'], ['a', 'b']]);
  });

  it('describes the steps as the user’s, or with the meta the host gives', () => {
    const { controller, type } = setup();
    const editor = new EventTarget();
    const unbind = bindInputGestures(editor, controller);
    editor.dispatchEvent(new KeyEvent());
    type('a');
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'user' });
    unbind();

    bindInputGestures(editor, controller, {
      meta: (event) => ({ actor: 'user', label: `typed after ${event.type}` }),
    });
    editor.dispatchEvent(new KeyEvent());
    type('b');
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'user', label: 'typed after keydown' });
  });

  it('keeps a held key and text being composed in one step', () => {
    const { controller, type, steps } = setup();
    const editor = new EventTarget();
    bindInputGestures(editor, controller);

    editor.dispatchEvent(new KeyEvent());
    type('a');
    editor.dispatchEvent(new KeyEvent(true));
    type('b');
    editor.dispatchEvent(new KeyEvent(false, true));
    type('c');

    expect(steps()).toEqual([['a', 'b', 'c']]);
  });

  it('keeps describing a held key’s edits as the person’s after a tool call lands mid-burst', () => {
    const { controller, type } = setup();
    const editor = new EventTarget();
    bindInputGestures(editor, controller, { meta: () => ({ actor: 'user', label: 'typing' }) });

    editor.dispatchEvent(new KeyEvent());
    type('a');
    controller.runAsStep({ actor: 'agent', toolCallId: 'call_1' }, () => type('b'));
    editor.dispatchEvent(new KeyEvent(true)); // the key is still held: no new gesture
    type('c');

    expect(controller.undoManager.undoStack).toHaveLength(3);
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'user', label: 'typing' });
    controller.undo();
    expect(controller.peekUndo()?.meta).toEqual({ actor: 'agent', toolCallId: 'call_1' });
  });

  it('listens to the events the host names, with its own filter', () => {
    const { controller, type, steps } = setup();
    const editor = new EventTarget();
    bindInputGestures(editor, controller, {
      events: ['beforeinput'],
      beginsGesture: (event) => event.type === 'beforeinput',
    });

    editor.dispatchEvent(new Event('beforeinput'));
    type('a');
    editor.dispatchEvent(new Event('pointerdown'));
    type('b');
    editor.dispatchEvent(new Event('beforeinput'));
    type('c');

    expect(steps()).toEqual([['c'], ['a', 'b']]);
  });

  it('uses capture-phase listeners, so the gesture begins before the editor handles the event', () => {
    const { controller } = setup();
    const editor = new CountingTarget();
    bindInputGestures(editor, controller);

    expect(editor.captures).toEqual([true, true]);
  });

  it('stops once unbound, and unbinding twice is harmless', () => {
    const { controller, type, steps } = setup();
    const editor = new CountingTarget();
    const unbind = bindInputGestures(editor, controller);
    expect(editor.listeners).toBe(2);

    unbind();
    unbind();

    expect(editor.listeners).toBe(0);
    type('a');
    editor.dispatchEvent(new Event('pointerdown'));
    type('b');
    expect(steps()).toEqual([['a', 'b']]);
  });

  it('removes its listeners when the controller is destroyed', () => {
    const { controller } = setup();
    const editor = new CountingTarget();
    const unbind = bindInputGestures(editor, controller);

    controller.destroy();

    expect(editor.listeners).toBe(0);
    expect(() => editor.dispatchEvent(new Event('pointerdown'))).not.toThrow();
    unbind();
    expect(editor.listeners).toBe(0);
  });

  it('refuses a target without the event API, a destroyed controller, and no events', () => {
    const { controller } = setup();
    expect(() => bindInputGestures({} as EventTarget, controller)).toThrow(/event target/);
    expect(() => bindInputGestures(new EventTarget(), controller, { events: [] })).toThrow(
      /at least one event/,
    );
    controller.destroy();
    expect(() => bindInputGestures(new EventTarget(), controller)).toThrow(/destroyed/);
  });
});
