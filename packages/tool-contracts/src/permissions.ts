/**
 * Who may call what. A tool needs one permission, `read` or `write`; a role
 * is a named set of permissions. The host picks the caller's role; the
 * pipeline lists and runs only the tools that role grants.
 */

/**
 * What a tool needs: `read` tools only look, `write` tools may change the
 * target.
 *
 * @example
 * ```ts
 * const permission: ToolPermission = 'write';
 * ```
 */
export type ToolPermission = 'read' | 'write';

/**
 * The permissions each role grants, by role name. Hosts extend
 * {@link DEFAULT_ROLES} with roles of their own.
 *
 * @example
 * ```ts
 * const roles: RoleTable = { ...DEFAULT_ROLES, reviewer: ['read'] };
 * ```
 */
export type RoleTable = Readonly<Record<string, readonly ToolPermission[]>>;

/**
 * The roles every host starts from: a `viewer` reads, an `editor` reads and
 * writes.
 *
 * @example
 * ```ts
 * DEFAULT_ROLES.viewer; // ['read']
 * ```
 */
export const DEFAULT_ROLES: RoleTable = Object.freeze({
  viewer: Object.freeze(['read'] as const),
  editor: Object.freeze(['read', 'write'] as const),
});

/**
 * The permissions `role` grants in `roles`. Throws a `RangeError` for a role
 * the table does not define: the host chose the role, so an unknown one is a
 * bug in the host, not something to guess about.
 *
 * @example
 * ```ts
 * permissionsOf('editor'); // ['read', 'write']
 * ```
 */
export function permissionsOf(
  role: string,
  roles: RoleTable = DEFAULT_ROLES,
): readonly ToolPermission[] {
  const granted = Object.hasOwn(roles, role) ? roles[role] : undefined;
  if (granted === undefined) {
    const known = Object.keys(roles).join(', ');
    throw new RangeError(`Unknown role ${JSON.stringify(role)}; the roles are: ${known}.`);
  }
  return granted;
}

/**
 * Whether `role` may call a tool that needs `permission`.
 *
 * @example
 * ```ts
 * roleAllows('viewer', 'write'); // false
 * roleAllows('editor', 'write'); // true
 * ```
 */
export function roleAllows(
  role: string,
  permission: ToolPermission,
  roles: RoleTable = DEFAULT_ROLES,
): boolean {
  return permissionsOf(role, roles).includes(permission);
}
