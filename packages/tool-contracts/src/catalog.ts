/**
 * A catalog: the tools one host offers, by name. Adapters take a catalog and
 * serve it without knowing what any tool does.
 */
import type { Tool } from './define-tool.ts';

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
