/**
 * The name an MCP agent goes by on a document: the `name` parameter of its
 * link when it has one (`/mcp?doc=ode&name=Arranger`), else the
 * `clientInfo.name` its `initialize` sent, else "MCP agent". Control
 * characters go, spaces are squeezed, and it is cut to 40 characters, so a
 * client cannot flood the presence list or the activity log.
 */

/** The longest agent name kept. */
export const MAX_AGENT_NAME_LENGTH = 40;

/**
 * The agent's name from the link's `name` parameter and the `initialize` message.
 *
 * @example
 * ```ts
 * agentNameOf(null, { params: { clientInfo: { name: 'claude-code', version: '2.0' } } }); // 'claude-code'
 * agentNameOf('Arranger', initialize); // 'Arranger'
 * agentNameOf(null, {}); // 'MCP agent'
 * ```
 */
export function agentNameOf(fromLink: string | null, initialize: Record<string, unknown>): string {
  const params = initialize.params as { clientInfo?: { name?: unknown } } | undefined;
  for (const candidate of [fromLink, params?.clientInfo?.name]) {
    if (typeof candidate !== 'string') continue;
    const cleaned = candidate
      .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_AGENT_NAME_LENGTH)
      .trim();
    if (cleaned !== '') return cleaned;
  }
  return 'MCP agent';
}
