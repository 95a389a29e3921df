import { describe, expect, it } from 'vitest';
import { type UndoKeyPress, undoCommandOf } from './undo-controls.ts';

const press = (key: string, modifiers: Partial<UndoKeyPress> = {}): UndoKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('undoCommandOf', () => {
  it('reads Ctrl+Z as undo and Ctrl+Shift+Z or Ctrl+Y as redo, Cmd alike', () => {
    expect(undoCommandOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoCommandOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoCommandOf(press('y', { ctrlKey: true }))).toBe('redo');
    expect(undoCommandOf(press('z', { metaKey: true }))).toBe('undo');
  });

  it('leaves every other key alone', () => {
    expect(undoCommandOf(press('z'))).toBeNull();
    expect(undoCommandOf(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(undoCommandOf(press('a', { ctrlKey: true }))).toBeNull();
  });
});
