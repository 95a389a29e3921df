/**
 * A desktop agent for the browser tests: the MCP SDK's client on the
 * collaboration server's endpoint for one document, with an edit or view
 * token, as Claude Code or any MCP client connects.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/**
 * Connects an SDK client named `name` (its `clientInfo`, the name its
 * session goes by) to `${httpUrl}/mcp?doc=DOC` with `token`; the test closes it.
 */
export async function connectMcpAgent(
  httpUrl: string,
  doc: string,
  token: string,
  name = 'desktop-agent',
): Promise<Client> {
  const agent = new Client({ name, version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${httpUrl}/mcp?doc=${encodeURIComponent(doc)}`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return agent;
}
