import {
  WORKFLOW_STALE,
  workflowInternalSees,
  workflowRefusal,
  workflowSupplierSees,
  type WorkflowDef,
  type WorkflowSide,
} from '@procura/shared';
import type { Kysely } from 'kysely';
import type { Actor } from '../core/access.js';
import { serverNowIso } from '../core/clock.js';
import { badRequest, businessError, forbidden, notFound } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { appendAudit } from './audit-chain.js';
import { handOverToApproval, sendWorkflowNotices } from './handover.js';

/** Any table of the camelCase database: the document tables differ, the columns used here do not. */
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The columns every workflow document has. */
export type WorkflowRow = {
  id: string;
  tenantId: number;
  status: string;
  supplierId?: string | null;
  sourceDocType?: string | null;
  sourceDocId?: string | null;
};

export type TransitionInput<R extends WorkflowRow, A extends string> = {
  /** The document's table (camelCase name). */
  table: string;
  id: string;
  action: A;
  /** Null for the system (jobs, approval outcomes): only SYSTEM transitions. */
  actor: Actor | null;
  reason?: string | null;
  /** The module's rules, run after the state checks: throws rule-cited refusals. */
  guard?: (row: R, trx: Db) => Promise<void> | void;
  /** Columns set together with the status. */
  patch?: Record<string, unknown>;
  /** Runs last in the same transaction (notices, hand-overs), with the row as it was. */
  after?: (row: R, trx: Db) => Promise<void> | void;
  /** Columns that must still hold these values, besides the status (an optimistic version). */
  expect?: Record<string, unknown>;
  /** Who the log names when the system acts for someone (an approval's decider); the system when absent. */
  operator?: LogOperator;
  /** The action the log and the audit entry record, when it differs from the transition (the consumption that moved a derived status). */
  logAction?: string;
};

/** Who a status-log row names. */
export type LogOperator = { id: string | null; name: string; kind: WorkflowSide; ip?: string | null };

export type TransitionResult<R> = { row: R; from: string; to: string; message: string };

const sideOf = (actor: Actor | null): WorkflowSide =>
  !actor ? 'SYSTEM' : actor.user.supplierId ? 'SUPPLIER' : 'INTERNAL';

/**
 * The document an actor may see: internal users within their tenant, in the states they may
 * see; a supplier user only its own supplier's documents in the states it may see; the
 * system any. Anything else is simply not there.
 */
export async function workflowRowFor<R extends WorkflowRow>(
  db: Db,
  def: WorkflowDef,
  table: string,
  actor: Actor | null,
  id: string,
): Promise<R> {
  let q = (db as unknown as AnyDb).selectFrom(table).selectAll().where('id', '=', id);
  if (actor?.user.supplierId) q = q.where('supplierId', '=', actor.user.supplierId);
  else if (actor) q = q.where('tenantId', '=', actor.tenantId);
  const row = (await q.executeTakeFirst()) as R | undefined;
  const hidden = actor?.user.supplierId
    ? !workflowSupplierSees(def, row?.status ?? '')
    : !!actor && !workflowInternalSees(def, row?.status ?? '');
  if (!row || hidden) throw notFound(`${def.label}不存在`);
  return row;
}

/** The log's operator of a move no user took (jobs, deadlines). */
export const SYSTEM_OPERATOR: LogOperator = { id: null, name: 'system', kind: 'SYSTEM' };

/** The log's operator for a user. */
export const operatorOf = (actor: Actor): LogOperator => ({
  id: actor.user.id,
  name: actor.user.realname || actor.user.username,
  kind: sideOf(actor),
  ip: actor.ip,
});

/**
 * The status-log row and the audit-chain entry of one move, inside the caller's transaction:
 * what runTransition writes after its compare-and-swap, and what a document with its own
 * status rules (derived statuses, tender events) writes after its own.
 */
export async function writeDocLog(
  trx: Db,
  def: WorkflowDef,
  entry: {
    row: Pick<WorkflowRow, 'id' | 'tenantId' | 'sourceDocType' | 'sourceDocId'>;
    action: string;
    from: string | null;
    to: string;
    reason?: string | null;
    operator: LogOperator;
  },
): Promise<void> {
  const { row, operator } = entry;
  const now = serverNowIso();
  const log = {
    id: newId(),
    tenantId: row.tenantId,
    docType: def.docType,
    docId: row.id,
    action: entry.action,
    fromStatus: entry.from,
    toStatus: entry.to,
    reason: entry.reason?.slice(0, 500) || null,
    operatorId: operator.id,
    operatorName: operator.name,
    operatorKind: operator.kind,
    ip: operator.ip ?? null,
    createdTime: now,
    sourceDocType: row.sourceDocType ?? null,
    sourceDocId: row.sourceDocId ?? null,
  };
  await trx.insertInto('sysDocLog').values(log).execute();
  await appendAudit(trx, {
    tenantId: row.tenantId,
    docType: def.docType,
    docId: row.id,
    action: entry.action,
    payload: {
      logId: log.id,
      from: log.fromStatus,
      to: log.toStatus,
      reason: log.reason,
      operatorId: log.operatorId,
      operatorName: operator.name,
      operatorKind: log.operatorKind,
      ip: log.ip,
      at: now,
    },
  });
}

async function move<R extends WorkflowRow, A extends string>(
  trx: Db,
  def: WorkflowDef<string, A>,
  input: TransitionInput<R, A>,
  row: R,
): Promise<TransitionResult<R>> {
  const rule = def.transitions[input.action];
  const { actor } = input;
  await input.guard?.(row, trx);
  const now = serverNowIso();
  let update = (trx as unknown as AnyDb)
    .updateTable(input.table)
    .set({
      ...input.patch,
      status: rule.to,
      ...(actor ? { updateBy: actor.user.username } : { updateBy: 'system' }),
      updateTime: now,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status);
  for (const [column, value] of Object.entries(input.expect ?? {})) update = update.where(column, '=', value);
  const moved = await update.executeTakeFirst();
  // the status moved since it was read; the other action won.
  if (Number(moved.numUpdatedRows) !== 1) throw businessError(WORKFLOW_STALE);
  await writeDocLog(trx, def, {
    row,
    action: input.logAction ?? input.action,
    from: row.status,
    to: rule.to,
    reason: input.reason,
    operator: actor ? operatorOf(actor) : (input.operator ?? SYSTEM_OPERATOR),
  });
  await input.after?.(row, trx);
  // What the definition declares: the approval hand-over (its outcome may move the document on) and the notices.
  await sendWorkflowNotices(trx, def, rule, row, actor);
  await handOverToApproval(trx, def, rule, row, actor);
  return { row, from: row.status, to: rule.to, message: rule.done };
}

/**
 * Runs one transition of a workflow document (issue 17): the side (a supplier user takes only
 * SUPPLIER transitions, on its own documents; users never take SYSTEM ones), the from-state with
 * the definition's refusal, the reason when required, the module's guard, then the status
 * compare-and-swap (two concurrent actions: exactly one wins, the other is told
 * 状态已变化), the status log row, the audit chain entry and the `after` hook, all in one
 * transaction (the caller's, when `db` already is one).
 *
 * The document is read before the transaction opens, so a concurrent action that committed in
 * between is caught by the compare-and-swap rather than by the from-state check.
 */
export async function runTransition<R extends WorkflowRow, A extends string>(
  db: Db,
  def: WorkflowDef<string, A>,
  input: TransitionInput<R, A>,
): Promise<TransitionResult<R>> {
  const rule = def.transitions[input.action];
  if (!rule) throw badRequest(`未知的操作：${input.action}`);
  const side = sideOf(input.actor);
  if (rule.side === 'SYSTEM' && side !== 'SYSTEM') throw forbidden();
  if (rule.side === 'INTERNAL' && side !== 'INTERNAL') throw forbidden();
  const row = await workflowRowFor<R>(db, def, input.table, input.actor, input.id);
  if (rule.side === 'SUPPLIER' && side !== 'SYSTEM' && input.actor?.user.supplierId !== row.supplierId)
    throw businessError(def.supplierSideRefusal ?? `只有${def.label}的供应商可以执行此操作`);
  if (!(rule.from as readonly string[]).includes(row.status))
    throw businessError(workflowRefusal(def, input.action, row.status));
  if (rule.reason && !input.reason?.trim()) throw badRequest(`请填写${rule.reasonLabel ?? '原因'}`);
  if (db.isTransaction) return move(db, def, input, row);
  return db.transaction().execute((trx) => move(trx, def, input, row));
}
