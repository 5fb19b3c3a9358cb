import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, toPage, type PageResult } from '@procura/shared';
import type { DatabaseKind } from '../db/database.js';
import { badRequest } from './errors.js';

/** Paging and sorting parameters of every list (jeecg-api.md §4.1). */
export const listQuerySchema = z.looseObject({
  pageNo: z.coerce.number().int().min(1, 'pageNo 必须大于0').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'pageSize 必须大于0')
    .default(DEFAULT_PAGE_SIZE)
    // A page larger than the cap is served capped rather than refused (DOS-1).
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  column: z.string().max(64).optional(),
  order: z.string().max(10).optional(),
  field: z.string().max(2000).optional(),
  _t: z.string().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * A list's allow-list: the wire name of each filterable or sortable field and the column
 * reference it maps to. Names never reach SQL unless they are listed here.
 */
export type ListFields = Record<
  string,
  {
    column: string;
    filter?: 'text' | 'exact';
    sortable?: boolean;
    /** Further columns a filter value matches (any of them). */
    also?: readonly string[];
    /** Turns a wire value into its stored form before comparing (GMT+8 datetimes to ISO UTC). */
    convert?: (value: string, bound: 'begin' | 'end' | 'eq') => string;
  }
>;

const LIKE_ESCAPE = '\\';
/** A value for LIKE with its wildcards taken literally (use with `escape '\\'`). */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => LIKE_ESCAPE + c);

/**
 * Turns one filter value into a condition using JeecgBoot's value rules: `*x*` like, `!x`
 * not equal, `a,b` in, `>=x` / `<=x` ranges, otherwise equal. Values are always bound.
 */
function condition(
  kind: DatabaseKind,
  column: string,
  raw: string,
  mode: 'text' | 'exact',
  convert: (value: string, bound: 'begin' | 'end' | 'eq') => string,
): Expression<SqlBool> {
  const ref = sql.ref(column);
  const like = (pattern: string) =>
    kind === 'postgres'
      ? sql<SqlBool>`${ref} ilike ${pattern} escape ${LIKE_ESCAPE}`
      : sql<SqlBool>`${ref} like ${pattern} escape ${LIKE_ESCAPE}`;
  if (mode === 'text' && raw.length > 1 && raw.startsWith('*') && raw.endsWith('*'))
    return like(`%${escapeLike(raw.slice(1, -1))}%`);
  if (mode === 'text' && raw.length > 1 && raw.startsWith('*')) return like(`%${escapeLike(raw.slice(1))}`);
  if (mode === 'text' && raw.length > 1 && raw.endsWith('*')) return like(`${escapeLike(raw.slice(0, -1))}%`);
  if (raw.startsWith('!') && raw.length > 1) return sql<SqlBool>`${ref} <> ${convert(raw.slice(1), 'eq')}`;
  if (raw.startsWith('>=')) return sql<SqlBool>`${ref} >= ${convert(raw.slice(2).trim(), 'begin')}`;
  if (raw.startsWith('<=')) return sql<SqlBool>`${ref} <= ${convert(raw.slice(2).trim(), 'end')}`;
  if (raw.includes(',')) {
    const values = raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) return sql<SqlBool>`1 = 1`;
    return sql<SqlBool>`${ref} in (${sql.join(values.map((v) => convert(v, 'eq')))})`;
  }
  return sql<SqlBool>`${ref} = ${convert(raw, 'eq')}`;
}

export type AppliedListQuery<DB, TB extends keyof DB, O> = {
  filtered: SelectQueryBuilder<DB, TB, O>;
  sortColumn: string;
  direction: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
};

/** Applies the filters of a list query and works out its sort and page; refuses anything off the allow-list. */
export function applyListQuery<DB, TB extends keyof DB, O>(
  kind: DatabaseKind,
  base: SelectQueryBuilder<DB, TB, O>,
  query: Record<string, unknown>,
  fields: ListFields,
  defaultSort: { column: string; order: 'asc' | 'desc' },
): AppliedListQuery<DB, TB, O> {
  const parsed = listQuerySchema.safeParse(query);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const { pageNo, pageSize, column, order } = parsed.data;

  let filtered = base;
  for (const [name, def] of Object.entries(fields)) {
    if (!def.filter) continue;
    const convert = def.convert ?? ((v: string) => v);
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') {
      if (value.length > 200) throw badRequest(`查询条件过长: ${name}`);
      const on = (column: string) => condition(kind, column, value.trim(), def.filter!, convert);
      filtered = filtered.where(() =>
        def.also?.length ? sql<SqlBool>`(${sql.join([def.column, ...def.also].map(on), sql` or `)})` : on(def.column),
      );
    }
    const begin = query[`${name}_begin`];
    if (typeof begin === 'string' && begin.trim() !== '') {
      filtered = filtered.where(() => sql<SqlBool>`${sql.ref(def.column)} >= ${convert(begin.trim(), 'begin')}`);
    }
    const end = query[`${name}_end`];
    if (typeof end === 'string' && end.trim() !== '') {
      filtered = filtered.where(() => sql<SqlBool>`${sql.ref(def.column)} <= ${convert(end.trim(), 'end')}`);
    }
  }

  let sortColumn = defaultSort.column;
  if (column) {
    const wire = column.replace(/_dictText$/, '');
    const def = fields[wire];
    if (!def?.sortable) throw badRequest('不支持的排序字段');
    sortColumn = def.column;
  }
  if (order !== undefined && !/^(asc|desc)$/i.test(order)) throw badRequest('排序方式只能是 asc 或 desc');
  const direction = order ? (order.toLowerCase() === 'asc' ? 'asc' : 'desc') : column ? 'desc' : defaultSort.order;
  return { filtered, sortColumn, direction, pageNo, pageSize };
}

/**
 * Counting a million rows costs more than reading a page of them, and paging through one
 * filter repeats the same count. Counts this large are kept for a few seconds per filter
 * (totals of ordinary lists stay exact on every request), per database: two servers in one
 * process (the tests' files share a module graph, `isolate: false`) each have their own counts,
 * where one cache keyed by the SQL alone answered one database's count for the other's list.
 */
export const LARGE_COUNT = 100_000;
const COUNT_TTL_MS = 10_000;
// `at` is elapsed time (performance.now()), not a clock reading: the test clock must not age the cache.
type CountCache = Map<string, { total: number; at: number }>;
const countCaches = new WeakMap<object, CountCache>();

/** The database a list is read from: its kind (for the SQL), and its handle (whose counts are its own). */
export type ListDatabase = { kind: DatabaseKind; db: object };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query
async function countOf(database: object, query: SelectQueryBuilder<any, any, any>): Promise<number> {
  let countCache = countCaches.get(database);
  if (!countCache) countCaches.set(database, (countCache = new Map()));
  const counting = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string | number>`count(*)`.as('total'));
  const compiled = counting.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const cached = countCache.get(key);
  if (cached && performance.now() - cached.at < COUNT_TTL_MS) return cached.total;
  const row = (await counting.executeTakeFirst()) as { total: string | number } | undefined;
  const total = Number(row?.total ?? 0);
  if (total >= LARGE_COUNT) {
    if (countCache.size >= 500) countCache.delete(countCache.keys().next().value!);
    countCache.set(key, { total, at: performance.now() });
  }
  return total;
}

/** Offsets from here on read the page's ids first (a deferred join) and come from the nearer end. */
export const DEEP_OFFSET = 1_000;

/**
 * One page of `filtered` in `sort` order with `idColumn` breaking ties. A deep page does not
 * make the database fetch every skipped row (OFFSET degrades linearly with it):
 * - past the middle, the page is read in the reverse order from the end (the last page costs
 *   what the first does), and put back in order here; NULLs swap ends with the direction on
 *   both databases, so the reverse order is exactly the reverse;
 * - the skipped rows are counted in the (sort, id) index only: `id in (the page's ids)`, where
 *   the inner query selects the id alone (an index-only scan with the list indexes of 0081).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's query
export async function pageRows<Q extends SelectQueryBuilder<any, any, any>>(
  filtered: Q,
  sort: { column: string; direction: 'asc' | 'desc' },
  idColumn: string,
  { total, pageNo, pageSize }: { total: number; pageNo: number; pageSize: number },
): Promise<Awaited<ReturnType<Q['execute']>>> {
  type Rows = Awaited<ReturnType<Q['execute']>>;
  const offset = (pageNo - 1) * pageSize;
  const ordered = (q: Q, direction: 'asc' | 'desc') =>
    q.orderBy(sql.ref(sort.column), direction).orderBy(sql.ref(idColumn), direction) as Q;
  if (offset < DEEP_OFFSET)
    return (await ordered(filtered, sort.direction).limit(pageSize).offset(offset).execute()) as Rows;
  if (offset >= total) return [] as unknown as Rows;
  const reverse = offset + pageSize / 2 > total / 2;
  const direction = reverse ? (sort.direction === 'asc' ? 'desc' : 'asc') : sort.direction;
  const skip = reverse ? Math.max(0, total - offset - pageSize) : offset;
  const take = reverse ? Math.min(pageSize, total - offset) : pageSize;
  const ids = ordered(filtered.clearSelect().select(sql.ref(idColumn).as('page_id')) as Q, direction)
    .limit(take)
    .offset(skip);
  const rows = (await ordered(filtered.where(sql.ref(idColumn), 'in', ids) as Q, direction).execute()) as unknown[];
  return (reverse ? rows.reverse() : rows) as Rows;
}

/**
 * Applies filters, sort and paging from a list query to a base query and runs it with its
 * count. With `idColumn` (a unique column of the base table), ties are broken by it and deep
 * pages go through `pageRows`.
 */
export async function runPagedList<DB, TB extends keyof DB, O>(
  { kind, db }: ListDatabase,
  base: SelectQueryBuilder<DB, TB, O>,
  query: Record<string, unknown>,
  fields: ListFields,
  defaultSort: { column: string; order: 'asc' | 'desc' },
  options: { idColumn?: string } = {},
): Promise<PageResult<O>> {
  const { filtered, sortColumn, direction, pageNo, pageSize } = applyListQuery(kind, base, query, fields, defaultSort);
  const total = await countOf(db, filtered);
  const records = options.idColumn
    ? ((await pageRows(filtered, { column: sortColumn, direction }, options.idColumn, {
        total,
        pageNo,
        pageSize,
      })) as O[])
    : ((await filtered
        .orderBy(sql.ref(sortColumn), direction)
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute()) as O[]);
  return toPage(records, total, pageNo, pageSize);
}
