import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requisitionResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../core/access.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, forbidden } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { transitionHook } from '../../resource/workflow-routes.js';
import { qtyText } from './requisition-decimal.js';
import { assertSubmittable } from './requisition-drafts.js';
import { requisitionContext } from './requisition-queries.js';
import {
  linesOf,
  PR_LINE_STATUS_TEXT,
  remainingOf,
  userActor,
  writeLog,
  type Requisition,
  type RequisitionLine,
} from './requisition-service.js';

const typed = (trx: AnyDb) => trx as unknown as Db;

/** Suppliers never touch requisitions, whatever their roles say. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

/**
 * The detail beside the stored fields: the names (requester, buyer, department: never its
 * code), every line's ledger with what is left (PR-3) and its names, the approval and its
 * history, and the status log.
 */
async function detailOf(db: Db, row: Values, tenantId: number): Promise<Values> {
  const r = row as unknown as Requisition & { id: string };
  const lines = await linesOf(db, r.id);
  const { users, categories, suppliers, history, latest, logs } = await requisitionContext(db, r, lines, tenantId);
  const depart = r.departmentCode
    ? await db.selectFrom('sysDepart').select('departName').where('orgCode', '=', r.departmentCode).executeTakeFirst()
    : undefined;
  return {
    ...row,
    departmentName: depart?.departName ?? null,
    requesterName: users.get(r.requesterId) ?? null,
    buyerName: r.buyerId ? (users.get(r.buyerId) ?? null) : null,
    lines: lines.map((l: RequisitionLine) => ({
      ...l,
      lineStatus_dictText: PR_LINE_STATUS_TEXT[l.lineStatus] ?? l.lineStatus,
      categoryName: l.categoryId ? (categories.get(l.categoryId) ?? null) : null,
      suggestedSupplierName: l.suggestedSupplierId ? (suppliers.get(l.suggestedSupplierId) ?? null) : null,
      qtyRemaining: qtyText(remainingOf(l)),
    })),
    approval: latest ? { instanceId: latest.id, status: latest.status, currentStep: latest.currentStep } : null,
    approvalHistory: history.map((h) => ({ ...h, actorName: h.actorName ?? '系统', at: toWireDateTime(h.at) })),
    logs,
  };
}

/**
 * 采购申请 (domain §8) on the generic workflow-document routes under `/srm/requisition`:
 *
 *   GET    /list, /queryById, /exportXls, /logs, /statusCount   the requester's name joined (refText)
 *   DELETE /delete                                              drafts only, logged
 *   POST   /submit                                              PR-1 again, then the approval engine by budget (PR-2, X-10)
 *
 * Adding and editing drafts, withdrawing, cancelling the rest and the open lines are the
 * module's own routes (requisition-routes.ts).
 */
export const requisitionDocumentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, requisitionResource, {
        scope: (q: AnyQuery) =>
          q.leftJoin('sys_user as ru', 'ru.id', 't.requester_id').select(sql.ref('ru.realname').as('requesterName')),
        decorate: async (rows, request, detail) => {
          internalOnly(request);
          if (!detail) return rows;
          return Promise.all(rows.map((row) => detailOf(ctx.db, row, request.tenantId)));
        },
        beforeDelete: async (ids, trx, request) => {
          internalOnly(request);
          for (const id of ids) {
            const r = await typed(trx)
              .selectFrom('purchaseRequisition')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            await writeLog(typed(trx), r, 'delete', 'DRAFT', 'DRAFT', userActor(actorOf(request)));
          }
        },
        transitions: {
          actions: {
            submit: transitionHook(
              { version: z.number().int().min(1).optional() },
              (input, actor, request) => {
                internalOnly(request);
                let id = '';
                return {
                  patch: { submittedBy: actor.user.id, submittedAt: serverNowIso(), version: sql`version + 1` },
                  guard: async (row: Requisition & { id: string }, trx) => {
                    if (input.version !== undefined && input.version !== row.version)
                      throw businessError('采购申请已被他人修改，请刷新后重试');
                    id = row.id;
                    await assertSubmittable(trx, row, await linesOf(trx, row.id));
                  },
                  // PR-2: with no step applying, the engine approves at once.
                  reply: async () => {
                    const now = await ctx.db
                      .selectFrom('purchaseRequisition')
                      .select('status')
                      .where('id', '=', id)
                      .executeTakeFirst();
                    return now?.status === 'APPROVED'
                      ? { result: { status: 'APPROVED' }, message: '无需审批，采购申请已通过' }
                      : { result: { status: 'PENDING_APPROVAL' }, message: '已提交审批' };
                  },
                };
              },
              '提交采购申请审批（按预算金额走审批流程，PR-1、PR-2）',
            ),
          },
        },
      }),
    );
  };
