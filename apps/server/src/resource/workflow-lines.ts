import { sql } from 'kysely';
import { checkLines, lineTotals, toSnake, type LineRow, type ResourceDef } from '@procura/shared';
import { badRequest } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AnyDb } from './resource-query.js';

/**
 * The line sets of a workflow document (issue 17) on the server: the arrays of an add or edit
 * body checked cell by cell (`lines[2].qty`), the header totals computed from them, the
 * draft's lines replaced in the write's transaction, and the lines read back for queryById.
 * A line table has `id`, `tenant_id`, the parent and order columns and one column per field.
 */

export type LineSets = Record<string, LineRow[]>;

/**
 * Takes the line arrays out of a body (mutating it: what is left are header values) and checks
 * them; refuses with per-cell errors. Returns the sets given (an edit without a set keeps it).
 */
export function takeLineSets(def: ResourceDef, body: Record<string, unknown>, adding: boolean): LineSets {
  const sets: LineSets = {};
  const errors: Record<string, string> = {};
  for (const [name, set] of Object.entries(def.workflow?.lines ?? {})) {
    const given = body[name];
    delete body[name];
    if (given === undefined && !adding) continue;
    const checked = checkLines(name, set, given ?? []);
    Object.assign(errors, checked.errors);
    sets[name] = checked.rows;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return sets;
}

/** The header totals of the sets given, as header values (read-only fields the server writes). */
export function totalsOf(def: ResourceDef, sets: LineSets): Record<string, string> {
  return lineTotals(def.workflow?.totals as Parameters<typeof lineTotals>[0], sets);
}

/** Replaces the lines of each given set (the draft's lines, in the caller's transaction). */
export async function replaceLines(
  trx: AnyDb,
  def: ResourceDef,
  headerId: string,
  tenantId: number,
  sets: LineSets,
): Promise<void> {
  for (const [name, rows] of Object.entries(sets)) {
    const set = def.workflow!.lines![name]!;
    await trx.deleteFrom(set.table).where(sql.ref(set.parentColumn), '=', headerId).execute();
    if (rows.length === 0) continue;
    await trx
      .insertInto(set.table)
      .values(
        rows.map((row, i) => ({
          ...Object.fromEntries(Object.entries(row).map(([k, v]) => [toSnake(k), v ?? null])),
          id: newId(),
          tenant_id: tenantId,
          [set.parentColumn]: headerId,
          [set.orderColumn]: i + 1,
        })),
      )
      .execute();
  }
}

/** The lines of one document, each set in its order (what queryById returns beside the header). */
export async function linesOf(db: AnyDb, def: ResourceDef, headerId: string): Promise<LineSets> {
  const out: LineSets = {};
  for (const [name, set] of Object.entries(def.workflow?.lines ?? {})) {
    const rows = (await db
      .selectFrom(set.table)
      .selectAll()
      .where(sql.ref(set.parentColumn), '=', headerId)
      .orderBy(sql.ref(set.orderColumn))
      .execute()) as LineRow[];
    out[name] = rows.map((r) => {
      const line: LineRow = { id: r.id };
      for (const field of Object.keys(set.fields)) line[field] = r[field] ?? null;
      return line;
    });
  }
  return out;
}

/** Deletes the lines of deleted drafts. */
export async function dropLines(trx: AnyDb, def: ResourceDef, ids: string[]): Promise<void> {
  for (const set of Object.values(def.workflow?.lines ?? {}))
    await trx.deleteFrom(set.table).where(sql.ref(set.parentColumn), 'in', ids).execute();
}
