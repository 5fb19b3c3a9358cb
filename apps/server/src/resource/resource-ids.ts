import { sql } from 'kysely';
import { z } from 'zod';
import type { ResourceDef } from '@procura/shared';
import { ID_PATTERN, newId } from '../core/ids.js';
import type { DatabaseKind } from '../db/database.js';
import type { AnyDb } from './resource-query.js';
import type { CodeRuleService } from '../modules/code-rules/code-rule-service.js';
import type { Db } from '../db/database.js';

/** Integer ids of `idType: 'int'` resources: positive, at most nine digits. */
const INT_ID_PATTERN = /^[1-9]\d{0,8}$/;
/** The first id an `int` resource gives (JeecgBoot's tenants start in the thousands). */
const FIRST_INT_ID = 1000;

/** What a row id in a request must look like (SQLI-9): 32 hex / 19 digits, or a positive integer. */
export function idPatternOf(def: Pick<ResourceDef, 'idType'>): RegExp {
  return def.idType === 'int' ? INT_ID_PATTERN : ID_PATTERN;
}

/** The validator of an `id` query parameter. */
export function idSchemaOf(def: Pick<ResourceDef, 'idType'>) {
  return z.string().regex(idPatternOf(def), '记录编号不正确');
}

/**
 * The id of a new row, inside the adding transaction: a UUIDv7, or for `int` resources the
 * next integer (the table is locked on PostgreSQL so two adds never take the same one;
 * SQLite has a single writer).
 */
export async function nextIdOf(def: ResourceDef, trx: AnyDb, kind: DatabaseKind): Promise<string | number> {
  if (def.idType !== 'int') return newId();
  if (kind === 'postgres') await sql`lock table ${sql.table(def.table)} in share row exclusive mode`.execute(trx);
  const row = await trx
    .selectFrom(def.table)
    .select((eb) => eb.fn.max(sql.ref('id')).as('max'))
    .executeTakeFirst();
  return Math.max(FIRST_INT_ID - 1, Number(row?.max ?? 0)) + 1;
}

/** The next document number of the definition's code rule (its `numbering`), inside the caller's transaction. */
export function nextNumberOf(codes: CodeRuleService, def: ResourceDef, tenantId: number, trx: AnyDb): Promise<string> {
  if (!def.numbering) throw new Error(`${def.key} has no numbering`);
  return codes.next(def.numbering.rule, { tenantId, trx: trx as unknown as Db });
}

/** A new row's number when the definition numbers its rows and the module's hook gave none. */
export async function numberNew(
  codes: CodeRuleService,
  def: ResourceDef,
  values: Record<string, unknown>,
  tenantId: number,
  trx: AnyDb,
): Promise<void> {
  if (def.numbering && (values[def.numbering.field] ?? '') === '')
    values[def.numbering.field] = await nextNumberOf(codes, def, tenantId, trx);
}
