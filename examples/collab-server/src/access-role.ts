/**
 * Which role a token gives on a document: its edit token makes an editor,
 * its view token a viewer, anything else nothing.
 */
import { sameToken } from './access-token.ts';
import type { DocumentTokens } from './document-store.ts';

/** What a connection or an agent may do: the score tools' role names. */
export type AccessRole = 'editor' | 'viewer';

/**
 * The role `token` gives, or undefined when it is neither of the document's tokens.
 *
 * @example
 * ```ts
 * roleOfToken(store.tokens('ode'), token); // 'editor' | 'viewer' | undefined
 * ```
 */
export function roleOfToken(
  tokens: DocumentTokens | undefined,
  token: string | undefined,
): AccessRole | undefined {
  if (tokens === undefined || token === undefined || token === '') return undefined;
  if (sameToken(token, tokens.edit)) return 'editor';
  if (sameToken(token, tokens.view)) return 'viewer';
  return undefined;
}
