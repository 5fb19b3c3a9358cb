import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/** Tables of online reports, and the organisations of the organisation picker. */

/** An organisation of the organisation picker (JeecgBoot's bd_dataorg). */
export type BdDataorgTable = AuditColumns & { id: string; code: string; name: string; description: string | null };

/** An online report: a read-only SELECT written by an administrator (see modules/online-report). */
export type OnlCgreportHeadTable = AuditColumns & {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  content: string | null;
  /** The tenant that owns the definition; 0 the platform, whose reports every tenant may run (migration 0062). */
  tenantId: Generated<number>;
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

export type OnlineReportTables = {
  bdDataorg: BdDataorgTable;
  onlCgreportHead: OnlCgreportHeadTable;
  onlCgreportItem: OnlCgreportItemTable;
  onlCgreportParam: OnlCgreportParamTable;
};
