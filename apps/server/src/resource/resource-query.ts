import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { columnOf, fieldEntries, type ResourceDef } from '@procura/shared';
import type { ListFields } from '../core/paging.js';
import { toWireDateTime } from '../core/clock.js';
import { WIRE_DATE } from '../http/wire.js';
import type { AppContext } from '../app-context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables come from definitions, checked at start-up
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, Record<string, unknown>>;

export const AUDIT_FIELDS = ['createBy', 'createTime', 'updateBy', 'updateTime'] as const;

/** A GMT+8 wire date or datetime as stored (ISO UTC); a bare date covers its whole day. */
export function wireToStored(value: string, bound: 'begin' | 'end' | 'eq'): string {
  const date = WIRE_DATE.test(value);
  const text = date ? `${value} ${bound === 'end' ? '23:59:59.999' : '00:00:00'}` : value;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/** The allow-list of filter and sort fields of a resource (nothing else reaches SQL). */
export function listFieldsOf(def: ResourceDef): ListFields {
  const fields: ListFields = {};
  for (const [name, f] of fieldEntries(def)) {
    if (!f.filter && !f.sortable) continue;
    fields[name] = {
      column: `t.${columnOf(name, f)}`,
      filter: f.filter === 'like' ? 'text' : f.filter ? 'exact' : undefined,
      sortable: f.sortable,
      also: f.alsoMatches?.map((o) => `t.${columnOf(o, def.fields[o]!)}`),
      convert: f.type === 'datetime' ? wireToStored : undefined,
    };
  }
  fields.createTime = { column: 't.create_time', sortable: true, filter: 'exact', convert: wireToStored };
  fields.updateTime = { column: 't.update_time', sortable: true };
  return fields;
}

/** The rows of a resource as the API shows them: every field, audit columns, id (on `db`, or a transaction). */
export function baseQuery(db: AnyDb, def: ResourceDef): AnyQuery {
  let q = db.selectFrom(`${def.table} as t`).select(sql.ref('t.id').as('id'));
  for (const [name, f] of fieldEntries(def)) q = q.select(sql.ref(`t.${columnOf(name, f)}`).as(name));
  for (const a of AUDIT_FIELDS) q = q.select(sql.ref(`t.${a}`).as(a));
  if (def.softDelete) q = q.where(sql.ref('t.del_flag'), '=', 0);
  return q as AnyQuery;
}

/** The dictionaries a resource's fields use, value → text, as `tenantId` reads them, loaded once per request. */
export async function dictMapsOf(
  ctx: AppContext,
  def: ResourceDef,
  tenantId = 0,
): Promise<Record<string, Map<string, string>>> {
  const codes = [
    ...new Set(
      fieldEntries(def)
        .map(([, f]) => f.dict)
        .filter((d): d is string => !!d),
    ),
  ];
  return codes.length ? ctx.dicts.textMaps(codes, tenantId) : {};
}

/** A dictionary field's stored value (one code, or several joined by commas) as its texts. */
function dictText(value: unknown, map: Map<string, string>): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  if (!text.includes(',')) return map.get(text) ?? text;
  return text
    .split(',')
    .map((v) => map.get(v) ?? v)
    .join(',');
}

/** Wire form of rows: datetimes in GMT+8, `<field>_dictText` beside dictionary fields and references to other records. */
export async function toWireRows(
  ctx: AppContext,
  def: ResourceDef,
  rows: Record<string, unknown>[],
  tenantId = 0,
): Promise<Record<string, unknown>[]> {
  // What each row needs, worked out once per call (an export converts 100,000 rows in batches).
  const entries = fieldEntries(def);
  const dateTimes = entries.filter(([, f]) => f.type === 'datetime').map(([name]) => name);
  const refTexts = entries.filter(([, f]) => f.refText).map(([name, f]) => [`${name}_dictText`, f.refText!] as const);
  const maps = await dictMapsOf(ctx, def, tenantId);
  const dicts = entries
    .filter(([, f]) => f.dict)
    .map(([name, f]) => [name, `${name}_dictText`, maps[f.dict!]!] as const);
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const name of dateTimes) out[name] = toWireDateTime(row[name] as string | null);
    for (const [key, refText] of refTexts) out[key] = row[refText] ?? null;
    out.createTime = toWireDateTime(row.createTime as string | null);
    out.updateTime = toWireDateTime(row.updateTime as string | null);
    for (const [name, key, map] of dicts) out[key] = dictText(row[name], map);
    return out;
  });
}
