/**
 * The manifest: what a host offers to one role, as plain JSON, and its
 * rendering as MCP `tools/list` entries and WebMCP `registerTool` descriptors.
 * The hints of both come from one {@link ToolAnnotations} per tool.
 */

import { type AccessPolicy, allowedTools, resolveAccess } from './access.ts';
import {
  type McpToolAnnotations,
  type ToolAnnotations,
  toMcpAnnotations,
  toWebMcpAnnotations,
  type WebMcpToolAnnotations,
} from './annotations.ts';
import type { CatalogTool, ToolCatalog } from './catalog.ts';
import { renderDescription } from './define-tool.ts';
import type { JsonSchemaObject } from './json-schema.ts';
import { DEFAULT_ROLES, type RoleTable, type ToolPermission } from './permissions.ts';
import { describeScope, type ScopeDescription } from './write-scope.ts';

/**
 * One tool in a manifest: JSON only, no functions, safe to log or send.
 *
 * @example
 * ```ts
 * const entry: ManifestEntry = toolManifestEntry(addItem);
 * entry.inputSchema.type; // 'object'
 * ```
 */
export interface ManifestEntry {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly permission: ToolPermission;
  readonly annotations: ToolAnnotations;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema: JsonSchemaObject;
}

/**
 * The tools one caller may call, and the write scope it works under.
 *
 * @example
 * ```ts
 * const manifest: ToolManifest = toolManifest(catalog, 'viewer');
 * ```
 */
export interface ToolManifest {
  readonly role: string;
  readonly tools: readonly ManifestEntry[];
  /** The write scope, when the host set one; write tools' descriptions name it too. */
  readonly scope?: ScopeDescription;
}

/**
 * A tool's manifest entry.
 *
 * @example
 * ```ts
 * JSON.stringify(toolManifestEntry(addItem)); // plain JSON
 * ```
 */
export function toolManifestEntry<Ctx>(tool: CatalogTool<Ctx>): ManifestEntry {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    permission: tool.permission,
    annotations: tool.annotations,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
  };
}

/**
 * The manifest of the tools a caller may call: those its role grants and
 * the host has not switched off. Under a write scope, each write tool's
 * description says {@link scopeNote} (before its examples), so any client (MCP, WebMCP) tells
 * the agent where it may write. Throws a `RangeError` for a role `roles`
 * does not define.
 *
 * @example
 * ```ts
 * toolManifest(catalog, 'editor').tools.map((entry) => entry.name); // ['list_items', 'add_item']
 * toolManifest(catalog, { role: 'editor', disabledTools: ['add_item'] }).tools.length; // 1
 * ```
 */
export function toolManifest<Ctx>(
  catalog: ToolCatalog<Ctx>,
  policy: string | AccessPolicy,
  roles: RoleTable = DEFAULT_ROLES,
): ToolManifest {
  const access = resolveAccess(policy, roles);
  const scope = access.scope;
  const tools = allowedTools(catalog, access).map((tool) => {
    const entry = toolManifestEntry(tool);
    if (scope === undefined || entry.permission !== 'write') return entry;
    // Before the examples, which stay the description's last lines.
    const summary = `${tool.summary}\n\n${scopeNote(scope)}`;
    return { ...entry, description: renderDescription(summary, tool.examples) };
  });
  return {
    role: access.role,
    tools,
    ...(scope === undefined ? {} : { scope: describeScope(scope) }),
  };
}

/**
 * The sentence a write tool's description ends with under a write scope.
 *
 * @example
 * ```ts
 * scopeNote({ label: 'items 3-5', data: {} });
 * // 'Scope: you may write only inside items 3-5; a write that would touch anything else is refused (out_of_scope) and changes nothing.'
 * ```
 */
export function scopeNote(scope: ScopeDescription): string {
  return `Scope: you may write only inside ${scope.label}; a write that would touch anything else is refused (out_of_scope) and changes nothing.`;
}

/**
 * A tool as MCP lists it in `tools/list`.
 *
 * @example
 * ```ts
 * const listed: McpToolDescriptor = toMcpTool(toolManifestEntry(addItem));
 * listed.annotations.destructiveHint; // false
 * ```
 */
export interface McpToolDescriptor {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema: JsonSchemaObject;
  readonly annotations: McpToolAnnotations;
}

/**
 * Renders a manifest entry as an MCP tool.
 *
 * @example
 * ```ts
 * const tools = toolManifest(catalog, role).tools.map(toMcpTool); // the tools/list result
 * ```
 */
export function toMcpTool(entry: ManifestEntry): McpToolDescriptor {
  return {
    name: entry.name,
    title: entry.title,
    description: entry.description,
    inputSchema: entry.inputSchema,
    outputSchema: entry.outputSchema,
    annotations: toMcpAnnotations(entry.annotations),
  };
}

/**
 * A tool as WebMCP's `registerTool` takes it, less the `execute` callback the
 * bridge adds (which returns the invocation's `result`).
 *
 * @example
 * ```ts
 * const descriptor: WebMcpToolDescriptor = toWebMcpTool(toolManifestEntry(addItem));
 * ```
 */
export interface WebMcpToolDescriptor {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly annotations: WebMcpToolAnnotations;
}

/**
 * Renders a manifest entry as a WebMCP tool descriptor.
 *
 * @example
 * ```ts
 * for (const entry of toolManifest(catalog, role).tools) {
 *   await document.modelContext.registerTool(
 *     { ...toWebMcpTool(entry), execute: async (args) => (await invoke(entry.name, args)).result },
 *     { signal },
 *   );
 * }
 * ```
 */
export function toWebMcpTool(entry: ManifestEntry): WebMcpToolDescriptor {
  return {
    name: entry.name,
    title: entry.title,
    description: entry.description,
    inputSchema: entry.inputSchema,
    annotations: toWebMcpAnnotations(entry.annotations),
  };
}
