import type { Generated } from 'kysely';
import type { AuditColumns } from './audit-columns.js';

/** Tables of configurable fields. */

/** A configurable field of an opted-in resource's list and form. */
export type SysExtendFieldTable = AuditColumns & {
  id: string;
  /** The owning tenant; 0: the platform's, shown to every tenant. */
  tenantId: number;
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
export type SysExtendValueTable = {
  tableName: string;
  recordId: string;
  /** The tenant of the value's field (default 0: the platform's). */
  tenantId: Generated<number>;
  fieldName: string;
  value: string | null;
};

export type ExtendFieldTables = {
  sysExtendField: SysExtendFieldTable;
  sysExtendValue: SysExtendValueTable;
};
