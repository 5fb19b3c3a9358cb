import type { Generated } from 'kysely';

/**
 * Table types as application code sees them (camelCase; the CamelCasePlugin maps to the
 * snake_case columns of the migrations). Timestamps are ISO-8601 UTC strings; flags are 0/1.
 */
type Audit = {
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type SysUserTable = Audit & {
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

export type SysRoleTable = Audit & {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
};

export type SysUserRoleTable = { id: string; userId: string; roleId: string };

export type SysPermissionTable = Audit & {
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
export type SysPermissionDataRuleTable = Audit & {
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

export type SysDepartTable = Audit & {
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
};

export type SysUserDepartTable = { id: string; userId: string; depId: string };

/** The menus and buttons a department holds (the ceiling of its department roles). */
export type SysDepartPermissionTable = { id: string; departId: string; permissionId: string };

export type SysDictTable = Audit & {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
};

export type SysDictItemTable = Audit & {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  /** 1 enabled, 0 disabled. */
  status: number;
};

export type SysSessionTable = {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type LoginAttemptTable = {
  id: string;
  username: string;
  ip: string;
  success: number;
  createdAt: string;
};

export type SysConfigTable = { configKey: string; configValue: string };

export type SupplierTable = Audit & {
  id: string;
  code: string;
  name: string;
  uscc: string | null;
  legalPerson: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** JSON array of main category codes. */
  mainCategories: string;
  source: string;
  status: string;
  infoStatus: string;
  delFlag: number;
};

export type SupplierContactTable = Audit & {
  id: string;
  supplierId: string;
  name: string;
  mobile: string;
  email: string | null;
  role: string;
  isPrimary: number;
};

export type SupplierBankAccountTable = Audit & {
  id: string;
  supplierId: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  isPrimary: number;
  status: string;
};

export type SupplierStatusLogTable = {
  id: string;
  supplierId: string;
  /** COMPANY or CATEGORY. */
  scope: string;
  categoryId: string | null;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
  actorId: string | null;
  /** INTERNAL, SUPPLIER or SYSTEM. */
  actorKind: string;
  at: string;
};

export type SysAnnouncementTable = {
  id: string;
  titile: string;
  /** Sanitised HTML. */
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  /** L, M or H. */
  priority: string;
  /** '1' notice, '2' system message. */
  msgCategory: string;
  /** ALL or USER. */
  msgType: string;
  /** '0' draft, '1' published, '2' revoked. */
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  /** Comma-joined user ids for USER announcements. */
  userIds: string | null;
  busType: string | null;
  busId: string | null;
  /** url or component. */
  openType: string | null;
  openPage: string | null;
  delFlag: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type SysAnnouncementSendTable = {
  id: string;
  anntId: string;
  userId: string;
  readFlag: number;
  readTime: string | null;
  createTime: string;
};

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

export type SysBaseDataTable = { dataKey: string; appliedAt: string };

/** JeecgBoot's tenants: integer ids; `sys_user.rel_tenant_ids` lists a user's. */
export type SysTenantTable = Audit & {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  /** 1 normal, 0 frozen. */
  status: number;
};

/** The login and operation log (an audit record: rows are only added). */
export type SysLogTable = {
  id: string;
  /** 1 login/logout, 2 operation. */
  logType: number;
  logContent: string | null;
  /** Operations: 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export; logins: 1 login, 2 logout. */
  operateType: number | null;
  userid: string | null;
  username: string | null;
  realname: string | null;
  ip: string | null;
  /** The route (url pattern). */
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  requestParam: string | null;
  costTime: number | null;
  /** 'ok' or 'failed'. */
  status: string;
  createTime: string;
};

/** 编码校验规则: `ruleJson` is a JSON array of `{digits, pattern, message}` (JeecgBoot's sys_check_rule). */
export type SysCheckRuleTable = Audit & {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
};

/** 填值规则: document numbers `PREFIX-date-sequence`. */
export type SysFillRuleTable = Audit & {
  id: string;
  ruleName: string;
  ruleCode: string;
  prefix: string;
  /** yyyyMMdd, yyMMdd, yyyyMM, yyyy; null for no date. */
  dateFormat: string | null;
  seqDigits: number;
  /** day, month, year, never. */
  seqReset: string;
  ruleDescription: string | null;
};

/** The last number issued per fill rule, tenant and period (the key of the sequence reset). */
export type SysFillRuleSeqTable = { ruleCode: string; tenantId: string; period: string; lastValue: number };

/** An uploaded file (0012): the bytes are at `path` under the storage root. */
export type SysFileTable = {
  id: string;
  path: string;
  originalName: string;
  fileSize: number;
  contentType: string;
  ownerId: string;
  /** 1: anyone may read it (portal images). */
  isPublic: number;
  /** The uploader's tenant (0: none); private files are read within it only (0013). */
  tenantId: number;
  createTime: string;
};

/** An SMS verification code (SUP-2): only its hash is kept; one use, at most 5 tries. */
export type SysSmsCodeTable = {
  id: string;
  mobile: string;
  /** login, register or forgot. */
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  usedAt: string | null;
  ip: string | null;
  createTime: string;
};

/** The id of a single sign-on token already used, kept until it expires (replay). */
export type SysSsoJtiTable = { jti: string; expiresAt: string; createTime: string };

/** A one-time code a third-party login callback bound to a user (only its hash is kept). */
export type SysThirdLoginCodeTable = { codeHash: string; userId: string; provider: string; expiresAt: string; usedAt: string | null; createTime: string };

/** 采购公告 on the portal (domain §23): draft, published, closed, withdrawn. Times stored in UTC. */
export type PortalPurchaseAnnouncementTable = Audit & {
  id: string;
  type: string;
  title: string;
  code: string | null;
  purchasingEntity: string | null;
  purchaseProduct: string | null;
  purchaseMethod: string | null;
  purchaseType: string | null;
  signupStart: string | null;
  signupDeadline: string | null;
  responseDeadline: string | null;
  plannedStart: string | null;
  content: string | null;
  contact: string | null;
  status: string;
  withdrawReason: string | null;
  publishTime: string | null;
  sourcingEventId: string | null;
  tenantId: number;
};

/** 结果公告: `supplierList` is a JSON array of `{title, name}`. */
export type PortalResultAnnouncementTable = Audit & {
  id: string;
  type: string;
  title: string;
  content: string | null;
  projectName: string | null;
  bidCode: string | null;
  company: string | null;
  supplierList: string | null;
  status: string;
  publishTime: string | null;
  announcementId: string | null;
  sourcingEventId: string | null;
  tenantId: number;
};

export type PortalNewsTable = Audit & { id: string; title: string; content: string | null; type: string; newsDate: string; status: string };

/** A supplier's sign-up through the portal (SRC-4), once per announcement and supplier. */
export type PortalSignupTable = {
  id: string;
  announcementId: string;
  sourcingEventId: string | null;
  supplierId: string;
  userId: string;
  status: string;
  createTime: string;
};

/** The saved page configuration of a portal template (`se`, `pro`), JSON. */
export type PortalConfigTable = { template: string; config: string; updateBy: string | null; updateTime: string | null };

export type Database = {
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
  sysDepart: SysDepartTable;
  sysUserDepart: SysUserDepartTable;
  sysDepartPermission: SysDepartPermissionTable;
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysSession: SysSessionTable;
  loginAttempt: LoginAttemptTable;
  sysConfig: SysConfigTable;
  supplier: SupplierTable;
  supplierContact: SupplierContactTable;
  supplierBankAccount: SupplierBankAccountTable;
  supplierStatusLog: SupplierStatusLogTable;
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
  sysPosition: SysPositionTable;
  sysBaseData: SysBaseDataTable;
  sysTenant: SysTenantTable;
  sysCheckRule: SysCheckRuleTable;
  sysFillRule: SysFillRuleTable;
  sysFillRuleSeq: SysFillRuleSeqTable;
  sysLog: SysLogTable;
  portalPurchaseAnnouncement: PortalPurchaseAnnouncementTable;
  portalResultAnnouncement: PortalResultAnnouncementTable;
  portalNews: PortalNewsTable;
  portalSignup: PortalSignupTable;
  portalConfig: PortalConfigTable;
  sysSmsCode: SysSmsCodeTable;
  sysSsoJti: SysSsoJtiTable;
  sysThirdLoginCode: SysThirdLoginCodeTable;
  sysFile: SysFileTable;
};
