/**
 * A catalog: the tools one host offers, by name. Adapters take a catalog and
 * serve it without knowing what any tool does.
 */
import { type AccessPolicy, allowedTools, resolveAccess } from './access.ts';
import type { Tool } from './define-tool.ts';
import { DEFAULT_ROLES, type RoleTable } from './permissions.ts';

/**
 * An ordered, name-unique set of tools that all run against the same host
 * context type `Ctx`.
 *
 * @example
 * ```ts
 * const catalog: ToolCatalog<{ items: string[] }> = defineCatalog([listItems, addItem]);
 * catalog.get('add_item')?.permission; // 'write'
 * ```
 */
export interface ToolCatalog<Ctx = unknown> {
  /** Every tool, in the order given. */
  readonly tools: readonly CatalogTool<Ctx>[];
  /** The tool named `name`, if any. */
  get(name: string): CatalogTool<Ctx> | undefined;
}

/**
 * A tool whose run accepts the context `Ctx`, with schemas of any type.
 *
 * @example
 * ```ts
 * const tools: CatalogTool<{ items: string[] }>[] = [listItems, addItem];
 * ```
 */
export type CatalogTool<Ctx> = Tool<
  // biome-ignore lint/suspicious/noExplicitAny: catalogs hold tools of every schema
  any,
  // biome-ignore lint/suspicious/noExplicitAny: catalogs hold tools of every schema
  any,
  Ctx
>;

/**
 * Builds a catalog. Throws a `TypeError` when two tools share a name: an
 * adapter could only serve one of them.
 *
 * @example
 * ```ts
 * const catalog = defineCatalog([listItems, addItem]);
 * ```
 */
export function defineCatalog<Ctx>(tools: readonly CatalogTool<Ctx>[]): ToolCatalog<Ctx> {
  const byName = new Map<string, CatalogTool<Ctx>>();
  for (const tool of tools) {
    if (byName.has(tool.name)) {
      throw new TypeError(
        `Two tools are named ${JSON.stringify(tool.name)}; names must be unique.`,
      );
    }
    byName.set(tool.name, tool);
  }
  const list = Object.freeze([...tools]);
  return Object.freeze({ tools: list, get: (name: string) => byName.get(name) });
}

/**
 * The tools of `catalog` a caller may call, in catalog order: those its role
 * grants and the host has not switched off (see {@link AccessPolicy}). A
 * host lists only these; a tool left out is refused as `permission_denied`
 * if called by name anyway. Throws a `RangeError` for a role `roles` does
 * not define.
 *
 * @example
 * ```ts
 * listTools(catalog, 'viewer').map((tool) => tool.name); // ['list_items']
 * listTools(catalog, 'editor').map((tool) => tool.name); // ['list_items', 'add_item']
 * listTools(catalog, { role: 'editor', disabledTools: ['add_item'] }).length; // 1
 * ```
 */
export function listTools<Ctx>(
  catalog: ToolCatalog<Ctx>,
  policy: string | AccessPolicy,
  roles: RoleTable = DEFAULT_ROLES,
): readonly CatalogTool<Ctx>[] {
  return allowedTools(catalog, resolveAccess(policy, roles));
}
