import type { AuditColumns } from './audit-columns.js';
import type { Generated } from 'kysely';
import type { MaterialTables } from '../modules/material/material-tables.js';
import type { EvaluationTables } from '../modules/evaluation/evaluation-tables.js';
import type { SampleTables } from '../modules/sample/sample-tables.js';
import type { SupplierChangeTables } from '../modules/supplier-change/supplier-change-tables.js';
import type { RequisitionTables } from '../modules/requisition/requisition-tables.js';
import type { SourcingTables } from '../modules/sourcing/sourcing-tables.js';
import type { AuctionTables } from '../modules/auction/auction-tables.js';
import type { TenderTables } from '../modules/tender/tender-tables.js';
import type { TenderEvaluationTables } from '../modules/tender-evaluation/tender-evaluation-tables.js';
import type { QuotaTables } from '../modules/quota/quota-tables.js';

/**
 * Table types as application code sees them (camelCase; the CamelCasePlugin maps to the
 * snake_case columns of the migrations). Timestamps are ISO-8601 UTC strings; flags are 0/1.
 */
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
};

export type SysUserDepartTable = { id: string; userId: string; depId: string };

/** The menus and buttons a department holds (the ceiling of its department roles). */
export type SysDepartPermissionTable = { id: string; departId: string; permissionId: string };

export type SysDictTable = AuditColumns & {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
};

export type SysDictItemTable = AuditColumns & {
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
  /** Set by a page-close beacon: the session ends then unless its token is used again before. */
  closingAt: string | null;
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

export type SupplierTable = AuditColumns & {
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
  /** The tenant whose buyers see this supplier (0: no tenant). */
  tenantId: Generated<number>;
  /** Optimistic lock; a new row starts at 1. */
  version: Generated<number>;
  /** JSON object section → the reviewer's comment when the information was returned (§4.2 step 5). */
  returnComments: string | null;
  /** The status an unfreeze returns to (saved by freeze and blacklist, SST-1). */
  resumeStatus: string | null;
  businessLicenseFile: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
};

/** A supplier's certificate with validity (domain §4.1 SupplierQualification). */
export type SupplierQualificationTable = AuditColumns & {
  id: string;
  supplierId: string;
  typeCode: string;
  certNo: string;
  issuer: string | null;
  issueDate: string | null;
  /** yyyy-MM-dd; null means no expiry. */
  expiryDate: string | null;
  scope: string | null;
  files: string;
  /** PENDING_REVIEW, VALID, EXPIRING, EXPIRED or REJECTED. */
  status: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  reviewComment: string | null;
  /** The smallest days-before-expiry notice already sent (30 or 7; QLF-3). */
  notifiedDays: number | null;
};

/** The supplier's standing per category (APPLYING, TRIAL, QUALIFIED, SUSPENDED, TERMINATED). */
export type SupplierCategoryTable = {
  id: string;
  supplierId: string;
  categoryCode: string;
  status: string;
  qualifiedAt: string | null;
  suspendedAt: string | null;
  sourceRequestId: string | null;
  /** QLF-4: cap on order value while the category is in TRIAL (decimal string, X-6). */
  trialLimitAmount: string | null;
  createTime: string;
  updateTime: string | null;
};

/** A status change that needs a second person: BLACKLIST, LIFT_BLACKLIST, ADMISSION (X-10, SST-1). */
/** Domain §4.3: an admission review of one supplier for one category (steps as JSON). */
export type SupplierAdmissionReviewTable = {
  id: string;
  tenantId: number;
  code: string;
  supplierId: string;
  categoryCode: string;
  reviewType: string;
  steps: string;
  questionnaireId: string | null;
  status: string;
  openedBy: string;
  openedAt: string;
  submittedBy: string | null;
  submittedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  /** §4.3: APPROVE, CONDITIONAL (admit in TRIAL) or REJECT, proposed on submission. */
  decision: string | null;
  trialLimitAmount: string | null;
  version: Generated<number>;
};

/** The site audit of an admission review (§4.1, migration 0040): one per review. */
export type SupplierSiteAuditTable = {
  id: string;
  tenantId: number;
  reviewId: string;
  supplierId: string;
  /** yyyy-MM-dd. */
  auditDate: string;
  address: string;
  /** Comma-joined internal user ids. */
  members: string;
  supplierEscort: string | null;
  /** A questionnaire template used as the checklist. */
  checklistTemplateId: string | null;
  /** 0–100. */
  score: number;
  /** PASS, CONDITIONAL or FAIL. */
  result: string;
  findings: string | null;
  /** Comma-joined stored file paths. */
  files: string | null;
  recordedBy: string;
  recordedAt: string;
  version: Generated<number>;
};

export type SupplierStatusRequestTable = {
  id: string;
  supplierId: string;
  action: string;
  categoryCode: string | null;
  reason: string;
  /** PENDING, APPROVED or REJECTED. */
  status: string;
  proposedBy: string;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
};

export type SupplierContactTable = AuditColumns & {
  id: string;
  supplierId: string;
  name: string;
  mobile: string;
  email: string | null;
  role: string;
  isPrimary: number;
};

export type SupplierBankAccountTable = AuditColumns & {
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
export type SysTenantTable = AuditColumns & {
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
export type SysCheckRuleTable = AuditColumns & {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
};

/** 填值规则: document numbers `PREFIX-date-sequence`. */
export type SysFillRuleTable = AuditColumns & {
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
export type SysThirdLoginCodeTable = {
  codeHash: string;
  userId: string;
  provider: string;
  expiresAt: string;
  usedAt: string | null;
  createTime: string;
};

/** 采购公告 on the portal (domain §23): draft, published, closed, withdrawn. Times stored in UTC. */
export type PortalPurchaseAnnouncementTable = AuditColumns & {
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
export type PortalResultAnnouncementTable = AuditColumns & {
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

export type PortalNewsTable = AuditColumns & {
  id: string;
  title: string;
  content: string | null;
  type: string;
  newsDate: string;
  status: string;
};

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
export type PortalConfigTable = {
  template: string;
  config: string;
  updateBy: string | null;
  updateTime: string | null;
};

/** Approval engine (decision 6, X-10): one definition per tenant and document type. */
export type ApprovalDefinitionTable = {
  id: string;
  tenantId: number;
  docType: string;
  name: string;
  enabled: number;
  /** JSON: ApprovalStep[] in order. */
  steps: string;
  ccUserIds: string | null;
  version: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type ApprovalInstanceTable = {
  id: string;
  tenantId: number;
  docType: string;
  docId: string;
  title: string;
  /** Decimal string. */
  amount: string | null;
  ruleCode: string | null;
  /** JSON: the steps that apply, copied at submission. */
  steps: string;
  ccUserIds: string | null;
  currentStep: number;
  /** RUNNING, APPROVED, REJECTED, WITHDRAWN. */
  status: string;
  submittedBy: string;
  submittedAt: string;
  finishedAt: string | null;
  version: number;
};

export type ApprovalTaskTable = {
  id: string;
  instanceId: string;
  step: number;
  stepName: string;
  /** USER or ROLE (role code). */
  assigneeType: string;
  assigneeId: string;
  /** PENDING, APPROVED, REJECTED, CANCELLED. */
  decision: string;
  decidedBy: string | null;
  comment: string | null;
  createTime: string;
  decidedAt: string | null;
};

export type ApprovalHistoryTable = {
  id: string;
  instanceId: string;
  step: number | null;
  /** SUBMIT, APPROVE, REJECT, WITHDRAW, AUTO_APPROVE. */
  action: string;
  actorId: string | null;
  comment: string | null;
  at: string;
};

export type ApprovalCcTable = { id: string; instanceId: string; userId: string; createTime: string };

/** An organisation of the organisation picker (JeecgBoot's bd_dataorg). */
export type BdDataorgTable = AuditColumns & { id: string; code: string; name: string; description: string | null };

/** An online report: a read-only SELECT written by an administrator (see modules/online-report). */
export type OnlCgreportHeadTable = AuditColumns & {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  content: string | null;
};

export type OnlCgreportItemTable = AuditColumns & {
  id: string;
  cgrheadId: string;
  fieldName: string;
  fieldTxt: string;
  /** string, integer, number, date, datetime */
  fieldType: string;
  isShow: number;
  isQuery: number;
  /** single or group (a range, sent as `<field>_begin` / `_end`). */
  searchMode: string | null;
  dictCode: string | null;
  orderNum: number;
};

/** A named parameter of a report's SQL (`${name}`), bound as a value; `paramValue` is its default. */
export type OnlCgreportParamTable = AuditColumns & {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string;
  paramValue: string | null;
  orderNum: number;
};

/** A configurable field of an opted-in resource's list and form. */
export type SysExtendFieldTable = AuditColumns & {
  id: string;
  tableName: string;
  fieldName: string;
  labelName: string;
  dataType: string;
  required: string | null;
  editProperty: string | null;
  formStyle: string | null;
  area: string | null;
  width: number | null;
  sortNo: number | null;
};

/** The value of one configurable field of one record. */
export type SysExtendValueTable = { tableName: string; recordId: string; fieldName: string; value: string | null };

/** The category dictionary: a tree; `code` extends the parent's by one segment per level. */
export type SysCategoryTable = AuditColumns & {
  id: string;
  pid: string | null;
  name: string;
  code: string;
  hasChild: string;
};

export type Database = MaterialTables &
  EvaluationTables &
  SampleTables &
  SupplierChangeTables &
  RequisitionTables &
  SourcingTables &
  AuctionTables &
  TenderTables &
  TenderEvaluationTables &
  QuotaTables & {
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
    supplierQualification: SupplierQualificationTable;
    supplierCategory: SupplierCategoryTable;
    supplierStatusRequest: SupplierStatusRequestTable;
    supplierAdmissionReview: SupplierAdmissionReviewTable;
    supplierSiteAudit: SupplierSiteAuditTable;
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
    sysCategory: SysCategoryTable;
    approvalDefinition: ApprovalDefinitionTable;
    approvalInstance: ApprovalInstanceTable;
    approvalTask: ApprovalTaskTable;
    approvalHistory: ApprovalHistoryTable;
    approvalCc: ApprovalCcTable;
    bdDataorg: BdDataorgTable;
    onlCgreportHead: OnlCgreportHeadTable;
    onlCgreportItem: OnlCgreportItemTable;
    onlCgreportParam: OnlCgreportParamTable;
    sysExtendField: SysExtendFieldTable;
    sysExtendValue: SysExtendValueTable;
  };
