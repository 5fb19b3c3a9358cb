import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/** Tables of the organisation: departments (and what each may grant), positions and tenants. */

export type SysDepartTable = AuditColumns & {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  /** 1 company, 2 department, 3 position. */
  orgCategory: string;
  departOrder: number;
  status: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  description: string | null;
  delFlag: number;
  /** The tenant that owns the department; 0 the platform (migration 0060). */
  tenantId: Generated<number>;
};

export type SysUserDepartTable = { id: string; userId: string; depId: string };

/** The menus and buttons a department holds (the ceiling of its department roles). */
export type SysDepartPermissionTable = { id: string; departId: string; permissionId: string };

export type SysPositionTable = {
  id: string;
  /** 0 (the space of users without tenants) unless given. */
  tenantId: Generated<number>;
  code: string;
  name: string;
  postRank: string | null;
  description: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

/** JeecgBoot's tenants: integer ids; `sys_user.rel_tenant_ids` lists a user's. */
export type SysTenantTable = AuditColumns & {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  /** 1 normal, 0 frozen. */
  status: number;
};

export type OrgTables = {
  sysDepart: SysDepartTable;
  sysUserDepart: SysUserDepartTable;
  sysDepartPermission: SysDepartPermissionTable;
  sysPosition: SysPositionTable;
  sysTenant: SysTenantTable;
};
