/**
 * The document's MCP endpoint for an agent on the person's desktop (Claude
 * Code, Claude Desktop, any MCP client): the collaboration server's
 * `/mcp?doc=NAME` on the page's own origin, with the page's own token as a
 * bearer header. An edit link gives the edit token (the editor's tools); a
 * view link only ever has, and so only ever shows, the view token.
 */
import type { Role } from './editor-role.ts';

/** What a desktop agent needs to reach the document. */
export interface AgentEndpoint {
  /** `ORIGIN/mcp?doc=NAME` (no token in it). */
  readonly url: string;
  /** `Authorization: Bearer TOKEN`. */
  readonly header: string;
  /** A one-line Claude Code command that adds the endpoint. */
  readonly claudeCommand: string;
}

/**
 * The endpoint of document `name` on the server at `origin`, for `token`.
 *
 * @example
 * ```ts
 * agentEndpointFor('http://127.0.0.1:8700', 'ode', 'T').url; // 'http://127.0.0.1:8700/mcp?doc=ode'
 * ```
 */
export function agentEndpointFor(origin: string, name: string, token: string): AgentEndpoint {
  const url = new URL('/mcp', origin);
  url.searchParams.set('doc', name);
  const header = `Authorization: Bearer ${token}`;
  return {
    url: url.toString(),
    header,
    claudeCommand: `claude mcp add --transport http scorelane "${url}" --header "${header}"`,
  };
}

/** The copy button's label, which `Copied` replaces for {@link COPIED_SHOWN_MS}. */
const COPY_LABEL = 'Copy the Claude Code command';

/** How long the button says `Copied` before it offers to copy again. */
const COPIED_SHOWN_MS = 2000;

/** Shows the endpoint in `element`, with a button that copies the Claude Code command. */
export function showAgentEndpoint(element: HTMLElement, endpoint: AgentEndpoint, role: Role): void {
  const intro = document.createElement('p');
  intro.textContent =
    role === 'editor'
      ? 'Desktop agents can edit this score through its MCP endpoint (Streamable HTTP); send the token as a header:'
      : 'Desktop agents can read this score through its MCP endpoint, with this link’s view token:';
  const url = codeLine('agent-endpoint-url', endpoint.url);
  const header = codeLine('agent-endpoint-header', endpoint.header);
  const command = codeLine('agent-endpoint-command', endpoint.claudeCommand);
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.id = 'agent-endpoint-copy';
  copy.textContent = COPY_LABEL;
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(endpoint.claudeCommand).then(
      () => {
        copy.textContent = 'Copied';
        setTimeout(() => {
          copy.textContent = COPY_LABEL;
        }, COPIED_SHOWN_MS);
      },
      () => selectText(command),
    ) ?? selectText(command);
  });
  element.replaceChildren(intro, url, header, copy, command);
  element.hidden = false;
}

function codeLine(id: string, text: string): HTMLElement {
  const code = document.createElement('code');
  code.id = id;
  code.textContent = text;
  return code;
}

/** Selects `element`'s text, for a manual copy where the clipboard is unavailable. */
function selectText(element: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}
