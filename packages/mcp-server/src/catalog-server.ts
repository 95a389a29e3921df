/**
 * The MCP server for one catalog: `tools/list` from the pipeline's manifest,
 * `tools/call` through the pipeline, one call at a time per document, and the
 * host's extra resources. A factory makes a fresh server for every HTTP
 * request and every stdio connection; what persists between them (the
 * document, the idempotency records, the audit) lives in the pipeline.
 */
import {
  type CallToolResult,
  McpServer,
  type McpServerFactory,
  ProtocolError,
  ProtocolErrorCode,
  type Tool,
} from '@modelcontextprotocol/server';
import {
  type ManifestEntry,
  type ToolCallResult,
  type ToolPipeline,
  toMcpTool,
} from '@scorelane/tool-contracts';
import { callQueueOf } from './call-queue.ts';
import {
  type CatalogResource,
  checkCatalogResources,
  registerCatalogResources,
} from './catalog-resource.ts';
import { withResourceLinks } from './resource-links.ts';

/**
 * What to serve and as whom.
 *
 * @example
 * ```ts
 * const options: CatalogServerOptions = {
 *   pipeline: createToolPipeline({ catalog, context: editor }),
 *   role: 'editor',
 *   name: 'todo',
 *   version: '1.0.0',
 * };
 * ```
 */
export interface CatalogServerOptions {
  /** The catalog bound to its document (`createToolPipeline`). */
  readonly pipeline: ToolPipeline;
  /** The role every caller gets: it decides which tools are listed and allowed. */
  readonly role: string;
  /** The server's name, as `initialize` reports it. */
  readonly name: string;
  readonly version: string;
  /** Told to the client at `initialize`: how to use the tools together. */
  readonly instructions?: string;
  /** Extra resources (format guides and the like). */
  readonly resources?: readonly CatalogResource[];
}

/**
 * The factory of fresh MCP servers for a catalog, for `createMcpHandler` or
 * `serveStdio`. Checks the options once: an unknown role or a bad resource
 * URI throws here (the host's bug), never during a call.
 *
 * A result whose output names files under `resource_links` sends each as
 * an MCP `resource_link` content block too (see `withResourceLinks`).
 *
 * A call to a name the catalog does not have is a protocol error
 * (`-32602`, as the SDK answers for an unregistered tool); every call to a
 * tool the catalog has, including one the role may not call, with wrong
 * arguments, or refused by the tool, is an `isError` result whose text the
 * agent can act on.
 *
 * @example
 * ```ts
 * const handler = createMcpHandler(catalogServerFactory(options));
 * ```
 */
export function catalogServerFactory(options: CatalogServerOptions): McpServerFactory {
  const { pipeline, role } = options;
  const resources = options.resources ?? [];
  checkCatalogResources(resources);
  const tools = pipeline.manifest(role).tools.map(listedTool);
  const outputSchemas = new Map(tools.map((tool) => [tool.name, tool.outputSchema]));
  const listed = new Set(tools.map((tool) => tool.name));
  const queue = callQueueOf(pipeline);

  return () => {
    const server = new McpServer(
      { name: options.name, version: options.version },
      {
        capabilities: { tools: {} },
        ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      },
    );
    server.server.setRequestHandler('tools/list', () => ({ tools }));
    server.server.setRequestHandler('tools/call', async (request) => {
      const { name, arguments: args } = request.params;
      const invocation = await queue.run(() => pipeline.invoke(name, args, { role }));
      if (!invocation.ok && invocation.error.code === 'not_found' && !listed.has(name)) {
        throw unknownTool(invocation.result);
      }
      const result: CallToolResult = withResourceLinks({ ...invocation.result });
      return server.server.projectCallToolResult(result, outputSchemas.get(name));
    });
    if (resources.length > 0) registerCatalogResources(server, resources);
    return server;
  };
}

/**
 * A manifest entry as `tools/list` shows it. Manifests are plain JSON (their
 * schemas come from zod's JSON Schema output), which is what the SDK's `Tool`
 * type spells out value by value.
 */
function listedTool(entry: ManifestEntry): Tool {
  return toMcpTool(entry) as unknown as Tool;
}

/** The pipeline's refusal of a name it does not know, as the protocol error MCP defines for it. */
function unknownTool(refusal: ToolCallResult): ProtocolError {
  const text = refusal.content.map((block) => block.text).join('\n');
  return new ProtocolError(ProtocolErrorCode.InvalidParams, text);
}
