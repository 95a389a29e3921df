/**
 * Undo and Redo: the buttons, and Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac,
 * Ctrl+Y too), on the page's one undo controller, the same one the agent's
 * calls are steps of. The controller tracks only this page's origin, so a
 * person's undo never undoes a collaborator.
 */
import type { UndoController, UndoResult } from '@scorelane/undo';

/** The elements the controls drive. */
export interface UndoControlElements {
  readonly undo: HTMLButtonElement;
  readonly redo: HTMLButtonElement;
}

/** The fields of a key press that decide a history command. */
export type UndoKeyPress = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'
>;

/**
 * Which history command a key press asks for, if any.
 *
 * @example
 * ```ts
 * undoCommandOf({ key: 'Z', ctrlKey: true, shiftKey: true, metaKey: false, altKey: false }); // 'redo'
 * ```
 */
export function undoCommandOf(event: UndoKeyPress): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/** Binds the buttons and keys; `report` is told what each undo or redo did. Returns the unbind. */
export function bindUndoControls(
  undo: UndoController,
  elements: UndoControlElements,
  report: (command: 'undo' | 'redo', result: UndoResult<unknown>) => void,
): () => void {
  const run = (command: 'undo' | 'redo') => report(command, undo[command]());
  const refresh = () => {
    elements.undo.disabled = !undo.canUndo();
    elements.redo.disabled = !undo.canRedo();
  };
  const onUndo = () => run('undo');
  const onRedo = () => run('redo');
  const onKey = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLTextAreaElement) return; // the text editor's own undo
    const command = undoCommandOf(event);
    if (command === null) return;
    event.preventDefault();
    run(command);
  };
  elements.undo.addEventListener('click', onUndo);
  elements.redo.addEventListener('click', onRedo);
  document.addEventListener('keydown', onKey);
  const stopRefreshing = undo.on('change', refresh);
  refresh();
  return () => {
    elements.undo.removeEventListener('click', onUndo);
    elements.redo.removeEventListener('click', onRedo);
    document.removeEventListener('keydown', onKey);
    stopRefreshing();
  };
}
