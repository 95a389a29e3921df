/**
 * Behaviour hints, written once per tool and rendered for each protocol:
 * MCP's `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`
 * and WebMCP's `readOnlyHint`, `untrustedContentHint`.
 */
import type { ToolPermission } from './permissions.ts';

/**
 * What a tool author may say about a tool beyond its permission. Whether it
 * is read-only is not asked: it follows from the permission.
 *
 * @example
 * ```ts
 * const hints: ToolAnnotationsInput = { destructive: false, idempotent: true };
 * ```
 */
export interface ToolAnnotationsInput {
  /** A write that may replace or remove what is there (default true for writes, false for reads). */
  readonly destructive?: boolean;
  /** Calling again with the same arguments has no further effect (default true for reads, false for writes). */
  readonly idempotent?: boolean;
  /** The tool reaches outside the host's own document (network, other systems); default false. */
  readonly openWorld?: boolean;
  /** The output may hold text from untrusted sources (other users' content); default false. */
  readonly untrustedContent?: boolean;
}

/**
 * The one source both protocols' hints are rendered from.
 *
 * @example
 * ```ts
 * const hints: ToolAnnotations = resolveAnnotations('read');
 * hints.readOnly; // true
 * ```
 */
export interface ToolAnnotations {
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly idempotent: boolean;
  readonly openWorld: boolean;
  readonly untrustedContent: boolean;
}

/**
 * Completes a tool's hints from its permission. Throws a `TypeError` when a
 * read tool claims to be destructive: a read cannot destroy anything.
 *
 * @example
 * ```ts
 * resolveAnnotations('write', { idempotent: true });
 * // { readOnly: false, destructive: true, idempotent: true, openWorld: false, untrustedContent: false }
 * ```
 */
export function resolveAnnotations(
  permission: ToolPermission,
  input: ToolAnnotationsInput = {},
): ToolAnnotations {
  const readOnly = permission === 'read';
  if (readOnly && input.destructive === true) {
    throw new TypeError('A read tool cannot be destructive; give it the write permission.');
  }
  return Object.freeze({
    readOnly,
    destructive: input.destructive ?? !readOnly,
    idempotent: input.idempotent ?? readOnly,
    openWorld: input.openWorld ?? false,
    untrustedContent: input.untrustedContent ?? false,
  });
}

/**
 * MCP's `ToolAnnotations` object (a tool's `annotations` in `tools/list`).
 *
 * @example
 * ```ts
 * const mcp: McpToolAnnotations = toMcpAnnotations(resolveAnnotations('write'));
 * ```
 */
export interface McpToolAnnotations {
  /** `true` for a read tool; left out for a write tool, where MCP's default (`false`) holds. */
  readonly readOnlyHint?: true;
  /** Left out where MCP's default (`true`) holds, and for read tools, where MCP gives it no meaning. */
  readonly destructiveHint?: boolean;
  /** Left out where MCP's default (`false`) holds, and for read tools, where MCP gives it no meaning. */
  readonly idempotentHint?: boolean;
  readonly openWorldHint: boolean;
}

/**
 * Renders the hints as MCP tool annotations, stating only what an MCP
 * client would not assume: `openWorldHint` always; `readOnlyHint` only for
 * a read tool (MCP's default is not read-only); `destructiveHint` and
 * `idempotentHint` only for a write tool, and only where they differ from
 * MCP's defaults (destructive, not idempotent). Every
 * listed token costs the agent's context. The title is not repeated here:
 * the tool's own `title` carries it, and MCP clients prefer that one.
 *
 * @example
 * ```ts
 * toMcpAnnotations(resolveAnnotations('read'));
 * // { readOnlyHint: true, openWorldHint: false }
 * toMcpAnnotations(resolveAnnotations('write', { destructive: false }));
 * // { destructiveHint: false, openWorldHint: false }
 * ```
 */
export function toMcpAnnotations(hints: ToolAnnotations): McpToolAnnotations {
  const write = !hints.readOnly;
  return {
    ...(hints.readOnly ? { readOnlyHint: true } : {}),
    ...(write && !hints.destructive ? { destructiveHint: false } : {}),
    ...(write && hints.idempotent ? { idempotentHint: true } : {}),
    openWorldHint: hints.openWorld,
  };
}

/**
 * WebMCP's `ToolAnnotations` dictionary (the `annotations` member given to
 * `document.modelContext.registerTool`).
 *
 * @example
 * ```ts
 * const web: WebMcpToolAnnotations = { readOnlyHint: true, untrustedContentHint: false };
 * ```
 */
export interface WebMcpToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly untrustedContentHint: boolean;
}

/**
 * Renders the hints as WebMCP annotations. WebMCP has no destructive,
 * idempotent or open-world hint; those stay in the MCP rendering and in the
 * description.
 *
 * @example
 * ```ts
 * toWebMcpAnnotations(resolveAnnotations('read')); // { readOnlyHint: true, untrustedContentHint: false }
 * ```
 */
export function toWebMcpAnnotations(hints: ToolAnnotations): WebMcpToolAnnotations {
  return { readOnlyHint: hints.readOnly, untrustedContentHint: hints.untrustedContent };
}
