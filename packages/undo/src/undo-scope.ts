/**
 * What an undo controller watches: a whole `Y.Doc`, or some of its shared
 * types. Resolving it finds the one document they all belong to.
 */

import * as Y from 'yjs';
import { UndoMisuseError } from './undo-misuse-error.ts';

/**
 * A whole document, one shared type, or a list of shared types of the same
 * document. Changes outside the scope are never recorded, so never undone.
 *
 * @example
 * ```ts
 * const doc = new Y.Doc();
 * const everything: UndoScope = doc;
 * const justTheScore: UndoScope = [doc.getMap('units'), doc.getArray('measures')];
 * ```
 */
export type UndoScope = Y.Doc | SharedType | readonly SharedType[];

/**
 * Any Yjs shared type (`Y.Map`, `Y.Array`, `Y.Text`, the XML types), typed as
 * Yjs itself types them.
 *
 * @example
 * ```ts
 * const units: SharedType = new Y.Doc().getMap('units');
 * ```
 */
export type SharedType =
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types its shared types as AbstractType<any>; a narrower type rejects Y.Map<T>.
  Y.AbstractType<any>;

/** A scope with its document found and checked. */
export interface ResolvedUndoScope {
  readonly doc: Y.Doc;
  /** What `Y.UndoManager` is given: the document itself or a non-empty list of its types. */
  readonly scope: Y.Doc | SharedType[];
}

/**
 * Finds the document of `scope` and checks that every type belongs to it.
 * Throws {@link UndoMisuseError} for an empty list, a type not yet added to a
 * document, or types from different documents.
 *
 * @example
 * ```ts
 * const doc = new Y.Doc();
 * resolveUndoScope(doc.getMap('units')).doc === doc; // true
 * ```
 */
export function resolveUndoScope(scope: UndoScope): ResolvedUndoScope {
  if (scope instanceof Y.Doc) return { doc: scope, scope };
  const types: SharedType[] = Array.isArray(scope)
    ? [...(scope as readonly SharedType[])]
    : [scope as SharedType];
  if (types.length === 0) {
    throw new UndoMisuseError(
      'the undo scope is an empty list; pass the Y.Doc or its shared types.',
    );
  }
  let doc: Y.Doc | null = null;
  for (const type of types) {
    if (!(type instanceof Y.AbstractType)) {
      throw new UndoMisuseError('the undo scope must be a Y.Doc or Yjs shared types.');
    }
    if (type.doc === null) {
      throw new UndoMisuseError(
        'a shared type in the undo scope is not part of a document yet; add it to a Y.Doc first.',
      );
    }
    if (doc !== null && type.doc !== doc) {
      throw new UndoMisuseError(
        'every shared type in the undo scope must belong to the same Y.Doc.',
      );
    }
    doc = type.doc;
  }
  return { doc: doc as Y.Doc, scope: types };
}
