import type { Generated } from 'kysely';
import type { AuctionTables } from '../modules/auction/auction-tables.js';
import type { EvaluationTables } from '../modules/evaluation/evaluation-tables.js';
import type { MaterialTables } from '../modules/material/material-tables.js';
import type { QuotaTables } from '../modules/quota/quota-tables.js';
import type { RequisitionTables } from '../modules/requisition/requisition-tables.js';
import type { SampleTables } from '../modules/sample/sample-tables.js';
import type { ContractTables } from '../modules/contract/contract-tables.js';
import type { PurchaseOrderTables } from '../modules/purchase-order/purchase-order-tables.js';
import type { SourcingTables } from '../modules/sourcing/sourcing-tables.js';
import type { SupplierChangeTables } from '../modules/supplier-change/supplier-change-tables.js';
import type { TenderEvaluationTables } from '../modules/tender-evaluation/tender-evaluation-tables.js';
import type { TenderTables } from '../modules/tender/tender-tables.js';
import type { AnnouncementTables } from './announcement-tables.js';
import type { ApprovalTables } from './approval-tables.js';
import type { AuthTables } from './auth-tables.js';
import type { DictionaryTables } from './dictionary-tables.js';
import type { ExtendFieldTables } from './extend-field-tables.js';
import type { FileTables } from './file-tables.js';
import type { OnlineReportTables } from './online-report-tables.js';
import type { OrgTables } from './org-tables.js';
import type { PortalTables } from './portal-tables.js';
import type { SupplierTables } from './supplier-tables.js';
import type { UserTables } from './user-tables.js';
import type { JobTables } from '../modules/jobs/jobs-tables.js';
import type { WorkflowTables } from '../workflow/workflow-tables.js';

/**
 * The database as application code sees it: each module's table map, and the few tables of
 * the installation itself below. Properties are camelCase (the CamelCasePlugin maps them to
 * the snake_case columns of the migrations); timestamps are ISO-8601 UTC strings; flags are
 * 0/1. test/schema-types.test.ts compares every table type with a freshly migrated database.
 */

/** Installation-wide settings by key (the session signing secret). */
export type SysConfigTable = { configKey: string; configValue: string };

/** The base data sets already applied to this database (seed/seed.ts, syncBaseData). */
export type SysBaseDataTable = { dataKey: string; appliedAt: string };

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
  /** The tenant the request worked in; 0 the platform (migration 0060). */
  tenantId: Generated<number>;
  createTime: string;
};

/** Every table: each module's map, and the tables above. */
export type Database = UserTables &
  OrgTables &
  AuthTables &
  DictionaryTables &
  AnnouncementTables &
  SupplierTables &
  ApprovalTables &
  PortalTables &
  FileTables &
  OnlineReportTables &
  ExtendFieldTables &
  MaterialTables &
  EvaluationTables &
  SampleTables &
  PurchaseOrderTables &
  ContractTables &
  SupplierChangeTables &
  RequisitionTables &
  SourcingTables &
  AuctionTables &
  TenderTables &
  TenderEvaluationTables &
  QuotaTables &
  WorkflowTables &
  JobTables & {
    sysConfig: SysConfigTable;
    sysBaseData: SysBaseDataTable;
    sysLog: SysLogTable;
    /** The per-node caches' version stamps (migration 0054, core/cache-versions.ts). */
    sysCacheVersion: { name: string; version: Generated<number | string> };
  };
