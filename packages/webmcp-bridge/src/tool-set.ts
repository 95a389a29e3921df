/**
 * Which tools a host state offers, and whether two such sets are the same,
 * so that a host that re-renders (a new pipeline, the same catalog) does not
 * withdraw and re-register anything.
 */
import {
  type CatalogTool,
  canonicalJson,
  toolManifestEntry,
  toWebMcpTool,
} from '@scorelane/tool-contracts';
import type { WebMcpHost } from './web-mcp-host.ts';

/**
 * The tools to register for `host`: none until its document is ready or
 * while it has no role, else those its role may call, each described as
 * the pipeline's manifest describes it (under a write scope, a write tool's
 * description names the scope; so when the host's scope changes, the set
 * differs and is registered again).
 *
 * @example
 * ```ts
 * offeredTools({ pipeline, role: 'viewer', ready: false }); // []
 * ```
 */
export function offeredTools(host: WebMcpHost): readonly CatalogTool<unknown>[] {
  if (!host.ready || host.role === null) return [];
  const tools = host.pipeline.list(host.role);
  const described = new Map(
    host.pipeline.manifest(host.role).tools.map((entry) => [entry.name, entry.description]),
  );
  return tools.map((tool) => {
    const description = described.get(tool.name);
    return description === undefined || description === tool.description
      ? tool
      : { ...tool, description };
  });
}

/**
 * Whether two tool sets register the same thing: the same tools in the same
 * order, compared by identity first and, for a catalog built anew, by what
 * WebMCP would be given.
 *
 * @example
 * ```ts
 * sameToolSet(pipeline.list('viewer'), createToolPipeline({ catalog, context }).list('viewer')); // true
 * ```
 */
export function sameToolSet(
  a: readonly CatalogTool<unknown>[],
  b: readonly CatalogTool<unknown>[],
): boolean {
  return a.length === b.length && a.every((tool, index) => sameTool(tool, b[index]));
}

function sameTool(a: CatalogTool<unknown>, b: CatalogTool<unknown> | undefined): boolean {
  if (b === undefined) return false;
  if (a === b) return true;
  return (
    canonicalJson(toWebMcpTool(toolManifestEntry(a))) ===
    canonicalJson(toWebMcpTool(toolManifestEntry(b)))
  );
}
