/**
 * One JSON-RPC message per POST. The 2025-06-18 and 2026-07-28 revisions of
 * MCP have no batches, and the SDK's strict modern endpoint refuses them; its
 * stateless 2025 leg would still run one, so this endpoint refuses them
 * first, the same way: 400 with `-32600`. One message per request also keeps
 * the body limit a limit on the work one request can queue.
 */
import type { FetchLikeMcpHandler } from '@modelcontextprotocol/node';

/**
 * Wraps a fetch-shaped MCP handler so that a POST whose body is a JSON array
 * is refused before it reaches the SDK.
 *
 * @example
 * ```ts
 * const handle = toNodeHandler(refuseBatches(createMcpHandler(factory)));
 * ```
 */
export function refuseBatches(handler: FetchLikeMcpHandler): FetchLikeMcpHandler {
  return {
    fetch: async (request, options) => {
      if (request.method === 'POST' && (await request.clone().text()).trimStart().startsWith('[')) {
        return batchRefusal();
      }
      return handler.fetch(request, options);
    },
  };
}

function batchRefusal(): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'Bad Request: JSON-RPC batches are not supported by this endpoint; send one message per POST.',
      },
      id: null,
    },
    { status: 400 },
  );
}
