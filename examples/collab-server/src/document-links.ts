/**
 * The links a person or an agent opens a document with.
 */
import type { DocumentTokens } from './document-store.ts';

/**
 * A document's links: the editor page with the edit or the view token, and
 * the agent endpoint (which takes the token as `Authorization: Bearer`, or
 * as the `token` parameter shown here).
 *
 * @example
 * ```ts
 * const links: DocumentLinks = await server.links('ode');
 * console.log(`Edit: ${links.edit}\nView: ${links.view}\nMCP: ${links.mcp}`);
 * ```
 */
export interface DocumentLinks {
  readonly edit: string;
  readonly view: string;
  readonly mcp: string;
}

/**
 * Builds the links of document `name` (`?doc=NAME&token=...`).
 *
 * @example
 * ```ts
 * documentLinks('ode', tokens, { editorUrl: 'http://localhost:5173/', mcpUrl: 'http://127.0.0.1:8700/mcp' });
 * ```
 */
export function documentLinks(
  name: string,
  tokens: DocumentTokens,
  urls: { readonly editorUrl: string; readonly mcpUrl: string },
): DocumentLinks {
  const withParams = (base: string, token: string) => {
    const url = new URL(base);
    url.searchParams.set('doc', name);
    url.searchParams.set('token', token);
    return url.toString();
  };
  return {
    edit: withParams(urls.editorUrl, tokens.edit),
    view: withParams(urls.editorUrl, tokens.view),
    mcp: withParams(urls.mcpUrl, tokens.edit),
  };
}

/**
 * The three links on lines of their own, labelled `Edit:`, `View:`, `MCP:`.
 *
 * @example
 * ```ts
 * process.stdout.write(formatLinks(await server.links('ode')));
 * ```
 */
export function formatLinks(links: DocumentLinks): string {
  return `Edit: ${links.edit}\nView: ${links.view}\nMCP: ${links.mcp}\n`;
}
