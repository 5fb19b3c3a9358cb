import { sql, type SqlBool } from 'kysely';
import {
  EXTENDABLE_TABLES,
  isExtendReadOnly,
  isExtendRequired,
  type ExtendValues,
  type ResourceDef,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../core/errors.js';
import { escapeLike } from '../../core/paging.js';
import { WIRE_DATE, WIRE_DATETIME, wireDateMessage, wireTextMessage } from '../../http/wire.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';

/**
 * Values of configurable fields live in a key/value table (sys_extend_value: table, record,
 * field → value) rather than a JSON column: a search is then the same bound comparison on
 * SQLite and PostgreSQL, indexed by (table, field, value), and adding a field needs no schema change.
 */

export type ExtendFieldRow = {
  /** The field's tenant: the request's own, or 0 for the platform's. */
  tenantId: number;
  fieldName: string;
  labelName: string;
  dataType: string;
  required: string | null;
  editProperty: string | null;
  formStyle: string | null;
  area: string | null;
  width: number | null;
};

export const isExtendable = (table: string) => Object.hasOwn(EXTENDABLE_TABLES, table);

/** The tenant a request works in (`request.tenantId`). */
export type ExtendTenant = { tenantId: number };

/**
 * The configured fields of an opted-in table a request's tenant sees, in order: its own and the
 * platform's (tenant 0, the shared baseline every tenant's forms show; a tenant cannot change
 * them). Names never clash between the two (the definition routes refuse it). An unknown table
 * is refused: names come from the allow-list.
 */
export async function extendFieldsOf(
  ctx: AppContext,
  table: string,
  tenant: ExtendTenant,
  on: AnyDb = ctx.db,
): Promise<ExtendFieldRow[]> {
  if (!isExtendable(table)) throw badRequest('该表不支持扩展字段');
  return on
    .selectFrom('sysExtendField')
    .select([
      'tenantId',
      'fieldName',
      'labelName',
      'dataType',
      'required',
      'editProperty',
      'formStyle',
      'area',
      'width',
    ])
    .where('tableName', '=', table)
    .where('tenantId', 'in', [...new Set([0, tenant.tenantId])])
    .orderBy('sortNo')
    .orderBy('fieldName')
    .execute() as Promise<ExtendFieldRow[]>;
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

/** A value as its field's type allows, or the message why not. */
function checkValue(f: ExtendFieldRow, value: string): string | null {
  if (f.dataType === 'number' && !NUMBER.test(value)) return `${f.labelName}必须是数字`;
  if (f.dataType === 'date')
    return WIRE_DATE.test(value) ? wireDateMessage(value, f.labelName) : `${f.labelName}的格式应为 YYYY-MM-DD`;
  if (f.dataType === 'dateTime')
    return WIRE_DATETIME.test(value)
      ? wireDateMessage(value, f.labelName, true)
      : `${f.labelName}的格式应为 YYYY-MM-DD HH:mm:ss`;
  return wireTextMessage(value, f.labelName);
}

/** A record's configurable field values once checked: field name → its field's tenant and value (null: none). */
export type CheckedExtendValues = Map<string, { tenantId: number; value: string | null }>;

/**
 * Checks the configurable field values sent with a record's add or edit (inside its
 * transaction, before anything is written) and answers the values to store, or null when an
 * edit sent none (its values stay). Unknown names are refused; a read-only field keeps its
 * stored value whatever is sent; required fields must end up with a value.
 */
export async function checkExtendValues(
  ctx: AppContext,
  trx: AnyDb,
  table: string,
  recordId: string | null,
  given: ExtendValues | undefined,
  tenant: ExtendTenant,
): Promise<CheckedExtendValues | null> {
  if (!isExtendable(table) || (given === undefined && recordId !== null)) return null;
  const values = given ?? {};
  // Another tenant's fields are unknown here: their values on a shared record stay as they are.
  const fields = await extendFieldsOf(ctx, table, tenant, trx);
  const known = new Set(fields.map((f) => f.fieldName));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw badRequest(`未知的扩展字段: ${unknown}`, { [unknown]: '未知的扩展字段' });
  const stored =
    recordId === null
      ? []
      : await trx
          .selectFrom('sys_extend_value')
          .select(['tenantId', 'fieldName', 'value'])
          .where('tableName', '=', table)
          .where('recordId', '=', recordId)
          .execute();
  const current = new Map<string, string | null>(
    stored.map((r: { tenantId: number; fieldName: string; value: string | null }) => [
      `${r.tenantId}:${r.fieldName}`,
      r.value,
    ]),
  );
  const next: CheckedExtendValues = new Map();
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const sent =
      f.fieldName in values && !isExtendReadOnly(f) ? values[f.fieldName] : current.get(`${f.tenantId}:${f.fieldName}`);
    const value = sent === undefined || sent === null || String(sent).trim() === '' ? null : String(sent).trim();
    if (value === null && isExtendRequired(f) && !isExtendReadOnly(f)) errors[f.fieldName] = `请输入${f.labelName}`;
    else if (value !== null) {
      const bad = checkValue(f, value);
      if (bad) errors[f.fieldName] = bad;
    }
    next.set(f.fieldName, { tenantId: f.tenantId, value });
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return next;
}

/**
 * Replaces a record's values of the checked fields (the request's tenant's and the platform's;
 * other tenants' values of a shared record stay), in the record's transaction.
 */
export async function storeExtendValues(
  trx: AnyDb,
  table: string,
  recordId: string,
  values: CheckedExtendValues | null,
): Promise<void> {
  if (values === null) return;
  for (const tenantId of new Set([...values.values()].map((v) => v.tenantId)))
    await trx
      .deleteFrom('sys_extend_value')
      .where('tableName', '=', table)
      .where('recordId', '=', recordId)
      .where('tenantId', '=', tenantId)
      .where(
        'fieldName',
        'in',
        [...values].filter(([, v]) => v.tenantId === tenantId).map(([name]) => name),
      )
      .execute();
  const rows = [...values]
    .filter(([, v]) => v.value !== null)
    .map(([fieldName, v]) => ({ tableName: table, recordId, tenantId: v.tenantId, fieldName, value: v.value }));
  if (rows.length) await trx.insertInto('sys_extend_value').values(rows).execute();
}

/** Removes the configurable field values of records that are deleted for good, in their transaction. */
export async function dropExtendValues(trx: AnyDb, table: string, recordIds: readonly string[]): Promise<void> {
  if (!isExtendable(table) || recordIds.length === 0) return;
  await trx.deleteFrom('sys_extend_value').where('tableName', '=', table).where('recordId', 'in', recordIds).execute();
}

/** Narrows a resource list (aliased `t`) by the request's values of its configurable fields: text fields match a part, dates take `_begin`/`_end`, the rest match exactly. */
export async function withExtendFilters(
  ctx: AppContext,
  def: ResourceDef,
  query: AnyQuery,
  params: Record<string, unknown>,
  tenant: ExtendTenant,
): Promise<AnyQuery> {
  if (!isExtendable(def.table)) return query;
  const fields = await extendFieldsOf(ctx, def.table, tenant);
  let q = query;
  const exists = (f: ExtendFieldRow, test: (v: ReturnType<typeof sql.ref>) => ReturnType<typeof sql<SqlBool>>) =>
    sql<SqlBool>`exists (select 1 from sys_extend_value v where v.table_name = ${def.table} and v.record_id = t.id and v.tenant_id = ${f.tenantId} and v.field_name = ${f.fieldName} and ${test(sql.ref('v.value'))})`;
  const text = (name: string) => {
    const v = params[name];
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    if (v.length > 200) throw badRequest(`查询条件过长: ${name}`);
    return v.trim();
  };
  for (const f of fields) {
    const value = text(f.fieldName);
    if (value !== undefined) {
      const like = `%${escapeLike(value.replace(/^\*|\*$/g, ''))}%`;
      q =
        f.dataType === 'String'
          ? q.where(
              exists(f, (v) =>
                ctx.kind === 'postgres'
                  ? sql<SqlBool>`${v} ilike ${like} escape '\\'`
                  : sql<SqlBool>`${v} like ${like} escape '\\'`,
              ),
            )
          : q.where(exists(f, (v) => sql<SqlBool>`${v} = ${value}`));
    }
    const begin = text(`${f.fieldName}_begin`);
    const end = text(`${f.fieldName}_end`);
    if (begin !== undefined) q = q.where(exists(f, (v) => sql<SqlBool>`${v} >= ${begin}`));
    if (end !== undefined) q = q.where(exists(f, (v) => sql<SqlBool>`${v} <= ${end}`));
  }
  return q;
}

/** Adds each record's configurable field values to it, by field name. */
export async function withExtendValues(
  ctx: AppContext,
  def: ResourceDef,
  records: Record<string, unknown>[],
  tenant: ExtendTenant,
): Promise<Record<string, unknown>[]> {
  if (!isExtendable(def.table) || records.length === 0) return records;
  // Only the values of fields the tenant sees: another tenant's on a shared record stay hidden.
  const fields = await extendFieldsOf(ctx, def.table, tenant);
  if (fields.length === 0) return records;
  const rows = await ctx.db
    .selectFrom('sysExtendValue')
    .select(['recordId', 'fieldName', 'value'])
    .where('tableName', '=', def.table)
    .where((eb) =>
      eb.or(fields.map((f) => eb.and([eb('tenantId', '=', f.tenantId), eb('fieldName', '=', f.fieldName)]))),
    )
    .where(
      'recordId',
      'in',
      records.map((r) => String(r.id)),
    )
    .execute();
  const byRecord = new Map<string, Record<string, unknown>>();
  for (const r of rows) byRecord.set(r.recordId, { ...byRecord.get(r.recordId), [r.fieldName]: r.value });
  return records.map((r) => ({ ...byRecord.get(String(r.id)), ...r }));
}
