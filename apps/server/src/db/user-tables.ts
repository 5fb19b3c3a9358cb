import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/** Tables of users, roles and the permissions (menus, buttons, data rules) roles grant. */

export type SysUserTable = AuditColumns & {
  id: string;
  username: string;
  realname: string;
  passwordHash: string;
  avatar: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  workNo: string | null;
  /** 1 normal, 2 frozen. */
  status: number;
  delFlag: number;
  /** 2: a supplier who must complete supplier information. */
  isShow: number;
  /** 1 internal, 2 supplier. */
  userType: number;
  supplierId: string | null;
  relTenantIds: string;
  passwordChangedAt: string | null;
};

export type SysRoleTable = AuditColumns & {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  /** The tenant that owns the role; 0 the platform (migration 0060). */
  tenantId: Generated<number>;
};

export type SysUserRoleTable = { id: string; userId: string; roleId: string };

export type SysPermissionTable = AuditColumns & {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 top-level menu, 1 sub-menu, 2 button. */
  menuType: number;
  perms: string | null;
  /** '1' show/hide, '2' enable/disable. */
  permsType: string;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  internalOrExternal: number;
  /** '1' active, '0' inactive. */
  status: string;
  delFlag: number;
  description: string | null;
};

/** `dataRuleIds`: the comma list of the permission's data rules this role applies (JeecgBoot's data_rule_ids). */
export type SysRolePermissionTable = { id: string; roleId: string; permissionId: string; dataRuleIds: string | null };

/** A data rule of a menu: a condition on a field of the list the menu shows (JeecgBoot's sys_permission_data_rule). */
export type SysPermissionDataRuleTable = AuditColumns & {
  id: string;
  permissionId: string;
  ruleName: string;
  /** A field of the menu's resource (camelCase name or its column). */
  ruleColumn: string;
  /** =, !=, >, >=, <, <=, LIKE, IN. */
  ruleConditions: string;
  /** May hold #{sys_user_code} and #{sys_org_code}. */
  ruleValue: string;
  /** '1' active, '0' inactive. */
  status: string;
};

export type UserTables = {
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
};
