/**
 * Where the editor's Y.Doc comes from: the page URL decides. No `doc`
 * parameter: standalone, a local Y.Doc seeded with the example. With
 * `?doc=NAME&token=TOKEN`: the collaboration server's document of that name
 * (see `collab-connection.ts`).
 */

/** What the URL asks the editor to open. */
export type DocumentSource =
  | { readonly kind: 'standalone' }
  | { readonly kind: 'collab'; readonly name: string; readonly token: string }
  | { readonly kind: 'invalid'; readonly message: string };

/**
 * Reads the document source from a URL's query string.
 *
 * @example
 * ```ts
 * documentSourceFrom('?doc=ode&token=t1'); // { kind: 'collab', name: 'ode', token: 't1' }
 * documentSourceFrom(''); // { kind: 'standalone' }
 * ```
 */
export function documentSourceFrom(search: string): DocumentSource {
  const params = new URLSearchParams(search);
  const name = params.get('doc');
  const token = params.get('token');
  if (name === null && token === null) return { kind: 'standalone' };
  if (name === null || name === '') {
    return {
      kind: 'invalid',
      message: 'The link has a token but no document: open it as ?doc=NAME&token=TOKEN.',
    };
  }
  if (token === null || token === '') {
    return {
      kind: 'invalid',
      message: `The link names document "${name}" but has no token: ask its owner for an edit or view link (?doc=NAME&token=TOKEN).`,
    };
  }
  return { kind: 'collab', name, token };
}
