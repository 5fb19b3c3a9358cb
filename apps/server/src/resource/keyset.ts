import { sql, type SqlBool } from 'kysely';
import type { DatabaseKind } from '../db/database.js';
import type { AnyQuery } from './resource-query.js';

const SORT_KEY = 'keysetSortKey';

/**
 * Every row of `filtered` in `sortColumn` order (ties by `idColumn`, a unique column), in
 * batches of `size`, each batch a seek past the last row of the one before: each costs the
 * same, where OFFSET re-reads every row before it. Rows with a NULL sort key come as each
 * database puts them (SQLite first when ascending, PostgreSQL last), after or before the rest.
 */
export async function* keysetBatches(
  kind: DatabaseKind,
  filtered: AnyQuery,
  sortColumn: string,
  direction: 'asc' | 'desc',
  idColumn: string,
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const sortRef = sql.ref(sortColumn);
  const idRef = sql.ref(idColumn);
  const keyed = filtered.select(sortRef.as(SORT_KEY));
  const nullsFirst = (kind === 'sqlite') === (direction === 'asc');
  const past = (key: unknown, id: unknown) =>
    direction === 'asc'
      ? sql<SqlBool>`(${sortRef}, ${idRef}) > (${key}, ${id})`
      : sql<SqlBool>`(${sortRef}, ${idRef}) < (${key}, ${id})`;
  const pastId = (id: unknown) =>
    direction === 'asc' ? sql<SqlBool>`${idRef} > ${id}` : sql<SqlBool>`${idRef} < ${id}`;

  async function* segment(nulls: boolean) {
    let last: Record<string, unknown> | undefined;
    for (;;) {
      let q = keyed.where(nulls ? sql<SqlBool>`${sortRef} is null` : sql<SqlBool>`${sortRef} is not null`);
      if (last) q = q.where(nulls ? pastId(last.id) : past(last[SORT_KEY], last.id));
      if (!nulls) q = q.orderBy(sortRef, direction);
      const rows = await q.orderBy(idRef, direction).limit(size).execute();
      if (rows.length) yield rows;
      if (rows.length < size) return;
      last = rows[rows.length - 1];
    }
  }
  if (nullsFirst) yield* segment(true);
  yield* segment(false);
  if (!nullsFirst) yield* segment(true);
}
