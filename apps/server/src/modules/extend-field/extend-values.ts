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
import { WIRE_DATE, WIRE_DATETIME } from '../../http/wire.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';

/**
 * Values of configurable fields live in a key/value table (sys_extend_value: table, record,
 * field → value) rather than a JSON column: a search is then the same bound comparison on
 * SQLite and PostgreSQL, indexed by (table, field, value), and adding a field needs no schema change.
 */

export type ExtendFieldRow = {
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

/** The configured fields of an opted-in table, in order (an unknown table is refused: names come from the allow-list). */
export async function extendFieldsOf(ctx: AppContext, table: string, on: AnyDb = ctx.db): Promise<ExtendFieldRow[]> {
  if (!isExtendable(table)) throw badRequest('该表不支持扩展字段');
  return on
    .selectFrom('sysExtendField')
    .select(['fieldName', 'labelName', 'dataType', 'required', 'editProperty', 'formStyle', 'area', 'width'])
    .where('tableName', '=', table)
    .orderBy('sortNo')
    .orderBy('fieldName')
    .execute() as Promise<ExtendFieldRow[]>;
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

/** A value as its field's type allows, or the message why not. */
function checkValue(f: ExtendFieldRow, value: string): string | null {
  if (f.dataType === 'number' && !NUMBER.test(value)) return `${f.labelName}必须是数字`;
  if (f.dataType === 'date' && !WIRE_DATE.test(value)) return `${f.labelName}的格式应为 YYYY-MM-DD`;
  if (f.dataType === 'dateTime' && !WIRE_DATETIME.test(value)) return `${f.labelName}的格式应为 YYYY-MM-DD HH:mm:ss`;
  return null;
}

/** A record's configurable field values once checked: field name → value (null: none). */
export type CheckedExtendValues = Map<string, string | null>;

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
): Promise<CheckedExtendValues | null> {
  if (!isExtendable(table) || (given === undefined && recordId !== null)) return null;
  const values = given ?? {};
  const fields = await extendFieldsOf(ctx, table, trx);
  const known = new Set(fields.map((f) => f.fieldName));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw badRequest(`未知的扩展字段: ${unknown}`, { [unknown]: '未知的扩展字段' });
  const stored =
    recordId === null
      ? []
      : await trx
          .selectFrom('sys_extend_value')
          .select(['fieldName', 'value'])
          .where('tableName', '=', table)
          .where('recordId', '=', recordId)
          .execute();
  const current = new Map<string, string | null>(
    stored.map((r: { fieldName: string; value: string | null }) => [r.fieldName, r.value]),
  );
  const next: CheckedExtendValues = new Map();
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const sent = f.fieldName in values && !isExtendReadOnly(f) ? values[f.fieldName] : current.get(f.fieldName);
    const value = sent === undefined || sent === null || String(sent).trim() === '' ? null : String(sent).trim();
    if (value === null && isExtendRequired(f) && !isExtendReadOnly(f)) errors[f.fieldName] = `请输入${f.labelName}`;
    else if (value !== null) {
      const bad = checkValue(f, value);
      if (bad) errors[f.fieldName] = bad;
    }
    next.set(f.fieldName, value);
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return next;
}

/** Replaces a record's configurable field values with checked ones, in the record's transaction. */
export async function storeExtendValues(
  trx: AnyDb,
  table: string,
  recordId: string,
  values: CheckedExtendValues | null,
): Promise<void> {
  if (values === null) return;
  await trx.deleteFrom('sys_extend_value').where('tableName', '=', table).where('recordId', '=', recordId).execute();
  const rows = [...values]
    .filter(([, v]) => v !== null)
    .map(([fieldName, value]) => ({ tableName: table, recordId, fieldName, value }));
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
): Promise<AnyQuery> {
  if (!isExtendable(def.table)) return query;
  const fields = await extendFieldsOf(ctx, def.table);
  let q = query;
  const exists = (field: string, test: (v: ReturnType<typeof sql.ref>) => ReturnType<typeof sql<SqlBool>>) =>
    sql<SqlBool>`exists (select 1 from sys_extend_value v where v.table_name = ${def.table} and v.record_id = t.id and v.field_name = ${field} and ${test(sql.ref('v.value'))})`;
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
              exists(f.fieldName, (v) =>
                ctx.kind === 'postgres'
                  ? sql<SqlBool>`${v} ilike ${like} escape '\\'`
                  : sql<SqlBool>`${v} like ${like} escape '\\'`,
              ),
            )
          : q.where(exists(f.fieldName, (v) => sql<SqlBool>`${v} = ${value}`));
    }
    const begin = text(`${f.fieldName}_begin`);
    const end = text(`${f.fieldName}_end`);
    if (begin !== undefined) q = q.where(exists(f.fieldName, (v) => sql<SqlBool>`${v} >= ${begin}`));
    if (end !== undefined) q = q.where(exists(f.fieldName, (v) => sql<SqlBool>`${v} <= ${end}`));
  }
  return q;
}

/** Adds each record's configurable field values to it, by field name. */
export async function withExtendValues(
  ctx: AppContext,
  def: ResourceDef,
  records: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (!isExtendable(def.table) || records.length === 0) return records;
  const rows = await ctx.db
    .selectFrom('sysExtendValue')
    .select(['recordId', 'fieldName', 'value'])
    .where('tableName', '=', def.table)
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
