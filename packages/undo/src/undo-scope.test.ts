import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { UndoMisuseError } from './undo-misuse-error.ts';
import { resolveUndoScope } from './undo-scope.ts';

describe('resolveUndoScope', () => {
  it('takes a document as it is', () => {
    const doc = new Y.Doc();
    expect(resolveUndoScope(doc)).toEqual({ doc, scope: doc });
  });

  it('finds the document of one shared type or of a list of them', () => {
    const doc = new Y.Doc();
    const units = doc.getMap('units');
    const measures = doc.getArray('measures');

    expect(resolveUndoScope(units)).toEqual({ doc, scope: [units] });
    const resolved = resolveUndoScope([units, measures]);
    expect(resolved.doc).toBe(doc);
    expect(resolved.scope).toEqual([units, measures]);
  });

  it('refuses an empty list, a type outside any document, and types of two documents', () => {
    expect(() => resolveUndoScope([])).toThrow(UndoMisuseError);
    expect(() => resolveUndoScope(new Y.Map())).toThrow(/not part of a document/);
    expect(() => resolveUndoScope([new Y.Doc().getMap('a'), new Y.Doc().getMap('a')])).toThrow(
      /same Y.Doc/,
    );
    expect(() => resolveUndoScope({} as Y.Doc)).toThrow(/Y.Doc or Yjs shared types/);
  });
});
