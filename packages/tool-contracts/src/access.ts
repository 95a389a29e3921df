/**
 * The one access decision of a call: the caller's role, the tools the host
 * switched off for it, and the write scope it runs under. Listing and
 * invoking both ask here, so a tool the caller cannot call is never listed
 * and is refused by name in the same words, whichever rule left it out.
 */
import type { CatalogTool, ToolCatalog } from './catalog.ts';
import {
  DEFAULT_ROLES,
  permissionsOf,
  type RoleTable,
  type ToolPermission,
} from './permissions.ts';
import { type ToolError, toolError } from './tool-error.ts';
import { preview } from './value-preview.ts';
import type { WriteScope } from './write-scope.ts';

/**
 * What a host grants one caller or one run: a role, tools switched off
 * (say, a profile that may rewrite but not delete), and a write scope.
 *
 * @example
 * ```ts
 * const policy: AccessPolicy = { role: 'editor', disabledTools: ['delete_items'], scope: onlyItems3to5 };
 * ```
 */
export interface AccessPolicy {
  /** The caller's role, chosen by the host. An unknown role throws. */
  readonly role: string;
  /** Tools switched off for this caller: never listed, refused if called. */
  readonly disabledTools?: readonly string[];
  /** What writes may touch; reads are not limited by it. */
  readonly scope?: WriteScope;
}

/**
 * An {@link AccessPolicy} settled against a role table.
 *
 * @example
 * ```ts
 * const access = resolveAccess({ role: 'viewer' }, DEFAULT_ROLES);
 * access.granted; // ['read']
 * ```
 */
export interface Access {
  readonly role: string;
  readonly granted: readonly ToolPermission[];
  readonly disabled: ReadonlySet<string>;
  readonly scope: WriteScope | undefined;
}

/**
 * Settles `policy` (or a bare role name) against `roles`. Throws a
 * `RangeError` for a role `roles` does not define and a `TypeError` for
 * `disabledTools` that is not a list of names: the host chose them.
 *
 * @example
 * ```ts
 * resolveAccess('editor', DEFAULT_ROLES).disabled.size; // 0
 * ```
 */
export function resolveAccess(policy: string | AccessPolicy, roles: RoleTable): Access {
  const settled = typeof policy === 'string' ? { role: policy } : policy;
  const disabled = settled.disabledTools ?? [];
  if (!Array.isArray(disabled) || !disabled.every((name) => typeof name === 'string')) {
    throw new TypeError('disabledTools must be a list of tool names.');
  }
  return {
    role: settled.role,
    granted: permissionsOf(settled.role, roles),
    disabled: new Set(disabled),
    scope: settled.scope,
  };
}

/**
 * Whether `access` lets its caller see and call `tool`: the role grants the
 * tool's permission and the host has not switched it off.
 *
 * @example
 * ```ts
 * mayCall(resolveAccess({ role: 'editor', disabledTools: ['add_item'] }, DEFAULT_ROLES), addItem); // false
 * ```
 */
export function mayCall(access: Access, tool: CatalogTool<unknown>): boolean {
  return access.granted.includes(tool.permission) && !access.disabled.has(tool.name);
}

/**
 * The tools of `catalog` the caller may call, in catalog order.
 *
 * @example
 * ```ts
 * allowedTools(catalog, resolveAccess('viewer', DEFAULT_ROLES)).map((tool) => tool.name); // ['list_items']
 * ```
 */
export function allowedTools<Ctx>(
  catalog: ToolCatalog<Ctx>,
  access: Access,
): readonly CatalogTool<Ctx>[] {
  return catalog.tools.filter((tool) => mayCall(access, tool as CatalogTool<unknown>));
}

/**
 * Why the caller may not call the tool `name` (`not_found` when there is no
 * such tool, `permission_denied` when the role or a toggle leaves it out),
 * or `undefined` when it may. A tool left out reveals nothing, not even its
 * schema; a switched-off tool is refused in the same words as one outside
 * the role.
 *
 * @example
 * ```ts
 * accessRefusal(catalog, access, 'add_item')?.code; // 'permission_denied'
 * ```
 */
export function accessRefusal<Ctx>(
  catalog: ToolCatalog<Ctx>,
  access: Access,
  name: string,
): ToolError | undefined {
  const tool = catalog.get(name);
  if (tool === undefined) {
    const available = allowedTools(catalog, access).map((t) => t.name);
    return toolError('not_found', `There is no tool named ${preview(name)}.`, [
      {
        message: `Unknown tool ${preview(name)}.`,
        hint: `Tools you can call: ${available.join(', ') || '(none)'}.`,
      },
    ]);
  }
  if (mayCall(access, tool as CatalogTool<unknown>)) return undefined;
  const why = access.granted.includes(tool.permission)
    ? `${name} is switched off for this caller.`
    : `${name} needs the ${tool.permission} permission; ${access.role} has ${access.granted.join(', ') || 'none'}.`;
  return toolError('permission_denied', `The ${access.role} role may not call ${name}.`, [
    { message: why, hint: 'Ask the user for a role that allows it, or use a tool you were given.' },
  ]);
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
