/**
 * Files a tool's result links to, as MCP `resource_link` content: a tool
 * that kept a file (an export) names it in its output under
 * `resource_links`, and the server sends each one as a content block too,
 * so a client can show, open or read the file without parsing the text.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';

/** One `resource_link` block, as MCP defines it. */
interface ResourceLink {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly mimeType?: string;
  readonly size?: number;
}

function isResourceLink(value: unknown): value is ResourceLink {
  if (typeof value !== 'object' || value === null) return false;
  const link = value as Record<string, unknown>;
  return (
    link.type === 'resource_link' &&
    typeof link.uri === 'string' &&
    typeof link.name === 'string' &&
    (link.mimeType === undefined || typeof link.mimeType === 'string') &&
    (link.size === undefined || typeof link.size === 'number')
  );
}

/**
 * `result` with every valid link of `structuredContent.resource_links`
 * appended to its content, after the text. A result without links is
 * returned as it is.
 *
 * @example
 * ```ts
 * withResourceLinks({ content: [text], structuredContent: { resource_links: [{ type: 'resource_link', uri, name }] } });
 * // content: [text, { type: 'resource_link', uri, name }]
 * ```
 */
export function withResourceLinks(result: CallToolResult): CallToolResult {
  const links = (result.structuredContent as Record<string, unknown> | undefined)?.resource_links;
  if (!Array.isArray(links)) return result;
  const blocks = links.filter(isResourceLink).map((link) => ({
    type: 'resource_link' as const,
    uri: link.uri,
    name: link.name,
    ...(link.mimeType === undefined ? {} : { mimeType: link.mimeType }),
    ...(link.size === undefined ? {} : { size: link.size }),
  }));
  if (blocks.length === 0) return result;
  return { ...result, content: [...result.content, ...blocks] };
}
