import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, permissionsOf, type RoleTable, roleAllows } from './permissions.ts';

describe('roles', () => {
  it('lets a viewer read and an editor read and write', () => {
    expect(roleAllows('viewer', 'read')).toBe(true);
    expect(roleAllows('viewer', 'write')).toBe(false);
    expect(roleAllows('editor', 'read')).toBe(true);
    expect(roleAllows('editor', 'write')).toBe(true);
  });

  it('takes roles the host adds', () => {
    const roles: RoleTable = { ...DEFAULT_ROLES, auditor: [], writer: ['write'] };
    expect(permissionsOf('auditor', roles)).toEqual([]);
    expect(roleAllows('writer', 'read', roles)).toBe(false);
    expect(roleAllows('writer', 'write', roles)).toBe(true);
  });

  it('throws for a role the table does not define, including inherited names', () => {
    expect(() => permissionsOf('admin')).toThrow(
      /Unknown role "admin"; the roles are: viewer, editor/,
    );
    expect(() => permissionsOf('toString')).toThrow(RangeError);
  });
});
