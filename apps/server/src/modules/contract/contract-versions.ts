import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compare,
  contractResource,
  contractWorkflow,
  ok,
  WORKFLOW_STALE,
  workflowSupplierSees,
  type LineRow,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../core/access.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { id as wireId, text } from '../../http/wire.js';
import type { AnyDb } from '../../resource/resource-query.js';
import { linesOf } from '../../resource/workflow-lines.js';
import {
  operatorOf,
  runTransition,
  writeDocLog,
  type LogOperator,
  type WorkflowRow,
} from '../../workflow/transition.js';
import { moveOrdersToVersion } from '../purchase-order/purchase-order-contract.js';
import type { SrmContractTable } from './contract-tables.js';

/**
 * Amendments as new versions (CON-6): `amend` copies an ACTIVE contract into a draft of the
 * next version (same family, its lines and pay plan); when that version becomes ACTIVE the one
 * before it becomes SUPERSEDED in the same transaction, so a family has one ACTIVE version (also
 * a partial unique index, migration 0096). An amendment that raises the amount or changes a
 * price goes the whole way again (approval, supplier confirmation, signing); any other takes
 * effect by the buyer's `applyAmendment`. Every version stays readable (`versions`).
 */

const any = (db: Db) => db as unknown as AnyDb;
/** A version still on its way (an open amendment): the family takes no second one. */
const OPEN = [
  'DRAFT',
  'PENDING_APPROVAL',
  'APPROVED',
  'SUPPLIER_CONFIRMING',
  'SUPPLIER_CONFIRMED',
  'SUPPLIER_REJECTED',
];

export const familyOf = (row: Pick<SrmContractTable, 'id' | 'rootContractId'>) => row.rootContractId ?? row.id;

/** What identifies a line's price across versions: its material, or its description and spec. */
const priceKey = (l: LineRow) =>
  l.materialId ? `m:${String(l.materialId)}` : `d:${String(l.materialName)}|${String(l.spec ?? '')}`;

/**
 * CON-6: why an amendment needs approval and supplier confirmation again (the amount raised, a
 * price changed or added), or null when it does not.
 */
export async function materialChange(db: Db, row: SrmContractTable): Promise<string | null> {
  if (!row.previousVersionId) return '新合同';
  const prev = await db
    .selectFrom('srmContract')
    .select(['id', 'amountInclTax'])
    .where('id', '=', row.previousVersionId)
    .executeTakeFirstOrThrow();
  if (compare(row.amountInclTax, prev.amountInclTax) > 0)
    return `合同含税金额由${prev.amountInclTax}提高到${row.amountInclTax}`;
  const was = new Map(((await linesOf(any(db), contractResource, prev.id)).lines ?? []).map((l) => [priceKey(l), l]));
  for (const l of (await linesOf(any(db), contractResource, row.id)).lines ?? []) {
    const before = was.get(priceKey(l));
    if (!before) return `新增了价格（${String(l.materialName)}）`;
    if (
      compare(String(l.unitPrice), String(before.unitPrice)) !== 0 ||
      compare(String(l.taxRate), String(before.taxRate)) !== 0
    )
      return `修改了${String(l.materialName)}的价格`;
  }
  return null;
}

/**
 * CON-6: the version becoming ACTIVE supersedes the family's ACTIVE one (called in the
 * activating transition's guard, before its status moves, so the one-ACTIVE index holds); the
 * orders open against the superseded version move to the new one (CON-4, CON-5).
 */
export async function supersedePrevious(trx: Db, row: WorkflowRow, operator?: LogOperator): Promise<void> {
  const c = row as unknown as SrmContractTable;
  if (!c.rootContractId) return;
  const family = familyOf(c);
  const active = await trx
    .selectFrom('srmContract')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', family), eb('rootContractId', '=', family)]))
    .where('status', '=', 'ACTIVE')
    .where('id', '<>', c.id)
    .execute();
  for (const a of active) {
    await moveOrdersToVersion(trx, a.id, c.id);
    await runTransition<WorkflowRow, string>(trx, contractWorkflow, {
      table: 'srmContract',
      id: a.id,
      action: 'supersede',
      actor: null,
      operator,
      reason: `被版本 V${c.versionNo} 取代`,
    });
  }
}

/** The internal user's contract of their tenant, or 404. */
async function tenantContract(db: Db, id: string, tenantId: number): Promise<SrmContractTable> {
  const row = await db
    .selectFrom('srmContract')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('合同不存在');
  return row;
}

/** CON-6: a draft of the next version of an ACTIVE contract, with its lines and pay plan. */
async function amend(trx: Db, row: SrmContractTable, reason: string, operator: LogOperator, username: string) {
  const now = serverNowIso();
  // Claims the ACTIVE version (a row lock on PostgreSQL): two amendments at once make one draft.
  const held = await trx
    .updateTable('srmContract')
    .set({ updateTime: now })
    .where('id', '=', row.id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) !== 1) throw businessError(WORKFLOW_STALE);
  const family = familyOf(row);
  const versions = await trx
    .selectFrom('srmContract')
    .select(['id', 'code', 'status', 'versionNo'])
    .where((eb) => eb.or([eb('id', '=', family), eb('rootContractId', '=', family)]))
    .execute();
  const open = versions.find((v) => OPEN.includes(v.status));
  if (open) throw businessError(`该合同已有进行中的变更版本 ${open.code}，一份合同只能有一个生效版本（CON-6）`);
  const versionNo = Math.max(...versions.map((v) => v.versionNo)) + 1;
  const rootCode = versions.find((v) => v.id === family)?.code ?? row.code;
  const id = newId();
  await trx
    .insertInto('srmContract')
    .values({
      ...row,
      id,
      code: `${rootCode}-V${versionNo}`,
      status: 'DRAFT',
      versionNo,
      rootContractId: family,
      previousVersionId: row.id,
      amendReason: reason,
      signedAt: null,
      signedFiles: null,
      supplierConfirmedAt: null,
      supplierRejectReason: null,
      terminateReason: null,
      createBy: username,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  // What orders have called off stays with the lines (CON-5); the pay plan keeps what was paid.
  const lines = await trx.selectFrom('srmContractLine').selectAll().where('contractId', '=', row.id).execute();
  if (lines.length)
    await trx
      .insertInto('srmContractLine')
      .values(lines.map((l) => ({ ...l, id: newId(), contractId: id })))
      .execute();
  const stages = await trx.selectFrom('srmContractPayStage').selectAll().where('contractId', '=', row.id).execute();
  if (stages.length)
    await trx
      .insertInto('srmContractPayStage')
      .values(stages.map((st) => ({ ...st, id: newId(), contractId: id })))
      .execute();
  await writeDocLog(trx, contractWorkflow, {
    row: { id, tenantId: row.tenantId, sourceDocType: 'CONTRACT', sourceDocId: row.id },
    action: 'amend',
    from: null,
    to: 'DRAFT',
    reason,
    operator,
  });
  return { id, code: `${rootCode}-V${versionNo}` };
}

const VERSION_COLUMNS = [
  'id',
  'code',
  'versionNo',
  'status',
  'amountInclTax',
  'validFrom',
  'validTo',
  'amendReason',
  'previousVersionId',
  'createTime',
] as const;

export const contractVersionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['合同'];
    app.post(
      '/srm/contract/amend',
      {
        schema: {
          tags,
          summary: '变更合同：生成下一版本的草稿（CON-6）',
          body: z.object({ id: wireId, reason: text(500, '变更原因') }),
        },
        config: { access: { permission: 'contract:amend' } },
      },
      async (request) => {
        if (request.user?.supplierId) throw forbidden();
        const actor = actorOf(request);
        const row = await tenantContract(ctx.db, request.body.id, request.tenantId);
        if (row.status !== 'ACTIVE') throw businessError('只有生效的合同可以变更（CON-6）');
        const reason = request.body.reason.trim();
        if (!reason) throw businessError('请填写变更原因');
        const made = await ctx.db
          .transaction()
          .execute((trx) => amend(trx, row, reason, operatorOf(actor), actor.user.username));
        request.log.info({ event: 'contract.amend', id: row.id, version: made.id, rule: 'CON-6' }, 'amended');
        return ok(made, `已生成变更版本 ${made.code}，修改后提交`);
      },
    );

    app.post(
      '/srm/contract/applyAmendment',
      {
        schema: {
          tags,
          summary: '变更生效：未提高金额、未修改价格的变更版本直接生效（CON-6）',
          body: z.object({ id: wireId }),
        },
        config: { access: { permission: 'contract:amend' } },
      },
      async (request) => {
        if (request.user?.supplierId) throw forbidden();
        const actor = actorOf(request);
        const row = await tenantContract(ctx.db, request.body.id, request.tenantId);
        if (!row.previousVersionId)
          throw businessError('只有变更版本可以直接生效，新合同须经审批和供应商确认（CON-6）');
        const operator = operatorOf(actor);
        const { message } = await runTransition<WorkflowRow, string>(ctx.db, contractWorkflow, {
          table: 'srmContract',
          id: row.id,
          action: 'amendApplied',
          actor: null,
          operator,
          guard: async (current, trx) => {
            const why = await materialChange(trx, current as unknown as SrmContractTable);
            if (why) throw businessError(`${why}，变更须重新提交审批并经供应商确认（CON-6）`);
            await supersedePrevious(trx, current, operator);
          },
        });
        return ok(null, message);
      },
    );

    app.get(
      '/srm/contract/versions',
      {
        schema: { tags, summary: '合同的各版本与补充协议（CON-6）', querystring: z.object({ id: wireId }) },
        config: { access: { permission: 'contract:list' } },
      },
      async (request) => {
        const supplierId = request.user?.supplierId;
        let q = ctx.db.selectFrom('srmContract').selectAll().where('id', '=', request.query.id);
        q = supplierId ? q.where('supplierId', '=', supplierId) : q.where('tenantId', '=', request.tenantId);
        const row = await q.executeTakeFirst();
        // X-5 / CON-8: what the supplier may not see is not there.
        if (!row || (supplierId && !workflowSupplierSees(contractWorkflow, row.status))) throw notFound('合同不存在');
        const family = familyOf(row);
        const visible = <T extends { status: string }>(rows: T[]) =>
          supplierId ? rows.filter((r) => workflowSupplierSees(contractWorkflow, r.status)) : rows;
        const versions = await ctx.db
          .selectFrom('srmContract')
          .select(VERSION_COLUMNS)
          .where((eb) => eb.or([eb('id', '=', family), eb('rootContractId', '=', family)]))
          .where('tenantId', '=', row.tenantId)
          .orderBy('versionNo')
          .execute();
        const supplements = await ctx.db
          .selectFrom('srmContract')
          .select(VERSION_COLUMNS)
          .select('title')
          .where(
            'parentContractId',
            'in',
            versions.map((v) => v.id),
          )
          .where('tenantId', '=', row.tenantId)
          .orderBy('createTime')
          .execute();
        const wire = <T extends { createTime: string }>(r: T) => ({ ...r, createTime: toWireDateTime(r.createTime) });
        return ok({ versions: visible(versions).map(wire), supplements: visible(supplements).map(wire) });
      },
    );
  };
