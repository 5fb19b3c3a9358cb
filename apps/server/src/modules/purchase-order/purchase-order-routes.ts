import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ok, purchaseOrderResource, purchaseOrderWorkflow, workflowSupplierSees } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../core/access.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { decimalText, id as wireId, text } from '../../http/wire.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyDb } from '../../resource/resource-query.js';
import { unorderRequisitionLines } from '../requisition/index.js';
import { userActor } from '../requisition/requisition-service.js';
import { keepAwardLines, orderFromAward, releaseAwardLines } from './purchase-order-award.js';
import { coverContractLines, releaseContractLines } from './purchase-order-contract.js';
import { prepareLines, releaseDraftLines } from './purchase-order-lines.js';
import { keepQuotaLinks } from './purchase-order-quota.js';
import { orderRevision, orderRevisions } from './purchase-order-revisions.js';
import { linesOfOrder } from './purchase-order-rules.js';
import { completeDraft, orderFromRequisition, snapshotSupplier } from './purchase-order-service.js';
import { purchaseOrderTransitions, releaseOrder } from './purchase-order-transitions.js';

/** Hooks get the untyped transaction; it is the same camelCase database. */
const typed = (trx: AnyDb) => trx as unknown as Db;

/** Suppliers never write orders; the buyer's routes are refused to them whatever their roles say. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

const tags = ['采购订单'];

/** The order as the requester may see it: within the tenant, or a supplier's own from SENT on; else not found. */
async function visibleOrder(db: Db, request: FastifyRequest, id: string): Promise<void> {
  const supplierId = request.user?.supplierId;
  let q = db.selectFrom('srmPurchaseOrder').select(['id', 'status']).where('id', '=', id);
  q = supplierId ? q.where('supplierId', '=', supplierId) : q.where('tenantId', '=', request.tenantId);
  const order = await q.executeTakeFirst();
  if (!order || (supplierId && !workflowSupplierSees(purchaseOrderWorkflow, order.status)))
    throw notFound('采购订单不存在');
}

/**
 * Purchase orders (domain §16) on the generic workflow-document routes under `/srm/order`: list,
 * queryById, add, edit and delete of drafts, exportXls, one `POST /srm/order/<action>` per
 * transition, the log and status tabs; a supplier user sees only its own orders from SENT
 * on (PO-5, X-5). Beside them: the lines, the earlier revisions (PO-6), 转订单 from a requisition (PR-3),
 * and release from hold.
 */
export const purchaseOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, purchaseOrderResource, {
        beforeAdd: async (values, trx, request, lines) => {
          internalOnly(request);
          await completeDraft(typed(trx), ctx.codes, values, actorOf(request));
          await prepareLines(typed(trx), actorOf(request), values, lines.lines ?? []);
          await coverContractLines(typed(trx), { ...values, tenantId: request.tenantId }, lines.lines ?? []);
        },
        beforeEdit: async (id, values, trx, request, lines) => {
          internalOnly(request);
          const db = typed(trx);
          const row = await db
            .selectFrom('srmPurchaseOrder')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (row.sourceDocType === 'AWARD' && values.supplierId !== undefined && values.supplierId !== row.supplierId)
            throw badRequest('来自定标结果的订单，供应商不能修改', { supplierId: '供应商不能修改' });
          await snapshotSupplier(db, values, request.tenantId);
          if (!lines.lines) return;
          const stored = await linesOfOrder(db, id);
          await releaseDraftLines(db, id, actorOf(request));
          await releaseContractLines(db, id);
          await releaseAwardLines(db, id);
          await prepareLines(db, actorOf(request), values, lines.lines);
          await keepAwardLines(db, stored, lines.lines);
          await keepQuotaLinks(db, stored, lines.lines, String(values.supplierId ?? row.supplierId));
          await coverContractLines(db, { ...row, ...values, tenantId: row.tenantId }, lines.lines);
        },
        // drafts only (the generic delete checks); what they covered of requisitions goes back (PR-3).
        beforeDelete: async (ids, trx, request) => {
          internalOnly(request);
          const db = typed(trx);
          const lines = await db.selectFrom('srmPurchaseOrderLine').selectAll().where('orderId', 'in', ids).execute();
          const covered = lines.filter((l) => l.requisitionLineId && l.lineStatus !== 'CANCELLED');
          if (covered.length)
            await unorderRequisitionLines(
              db,
              covered.map((l) => ({ lineId: l.requisitionLineId!, qty: l.qty })),
              userActor(actorOf(request)),
            );
          for (const id of ids) {
            await releaseContractLines(db, id);
            await releaseAwardLines(db, id);
          }
          await db.deleteFrom('srmPurchaseOrderLine').where('orderId', 'in', ids).execute();
        },
        transitions: purchaseOrderTransitions(),
      }),
    );

    app.get(
      '/srm/order/lines',
      {
        schema: { tags, summary: '采购订单明细行', querystring: z.object({ id: wireId }) },
        config: { access: { permission: 'purchaseOrder:list' } },
      },
      async (request) => {
        await visibleOrder(ctx.db, request, request.query.id);
        return ok(await linesOfOrder(ctx.db, request.query.id));
      },
    );

    app.get(
      '/srm/order/revisions',
      {
        schema: { tags, summary: '采购订单的历史版本（PO-6）', querystring: z.object({ id: wireId }) },
        config: { access: { permission: 'purchaseOrder:list' } },
      },
      async (request) => {
        await visibleOrder(ctx.db, request, request.query.id);
        return ok(await orderRevisions(ctx.db, request.query.id));
      },
    );

    app.get(
      '/srm/order/revision',
      {
        schema: {
          tags,
          summary: '采购订单的一个历史版本：当时的订单头和明细（PO-6）',
          querystring: z.object({ id: wireId, revisionNo: z.coerce.number().int().min(0) }),
        },
        config: { access: { permission: 'purchaseOrder:list' } },
      },
      async (request) => {
        await visibleOrder(ctx.db, request, request.query.id);
        return ok(await orderRevision(ctx.db, request.query.id, request.query.revisionNo));
      },
    );

    app.post(
      '/srm/order/fromRequisition',
      {
        schema: {
          tags,
          summary: '采购申请转订单（PR-3）',
          body: z.object({
            supplierId: wireId,
            orderType: z.enum(['STANDARD', 'SERVICE', 'SAMPLE']).optional(),
            shipTo: text(300, '收货地址').optional(),
            lines: z
              .array(
                z.object({
                  requisitionLineId: wireId,
                  qty: decimalText('数量'),
                  unitPrice: decimalText('单价'),
                  taxRate: decimalText('税率'),
                  priceDeviationReason: text(500, '价格偏离原因').optional(),
                }),
              )
              .min(1, '请选择要下单的采购申请行')
              .max(500),
          }),
        },
        config: { access: { permission: 'purchaseOrder:add' } },
      },
      async (request) => {
        internalOnly(request);
        const id = await orderFromRequisition(ctx.db, ctx.codes, actorOf(request), request.body);
        request.log.info({ event: 'purchaseOrder.fromRequisition', id, rule: 'PR-3' }, 'ordered');
        return ok({ id }, '已生成采购订单草稿');
      },
    );

    app.post(
      '/srm/order/fromAward',
      {
        schema: {
          tags,
          summary: '定标结果生成订单（PO-3）',
          body: z.object({
            awardId: wireId,
            supplierId: wireId,
            shipTo: text(300, '收货地址').optional(),
            lines: z
              .array(z.object({ awardLineId: wireId, qty: decimalText('数量') }))
              .min(1, '请选择要下单的定标明细')
              .max(500)
              .optional(),
          }),
        },
        config: { access: { permission: 'purchaseOrder:add' } },
      },
      async (request) => {
        internalOnly(request);
        const id = await orderFromAward(ctx.db, ctx.codes, actorOf(request), request.body);
        request.log.info({ event: 'purchaseOrder.fromAward', id, rule: 'PO-3' }, 'ordered');
        return ok({ id }, '已生成采购订单草稿');
      },
    );

    app.post(
      '/srm/order/release',
      {
        schema: { tags, summary: '解除暂挂（回到暂挂前状态）', body: z.object({ id: wireId }) },
        config: { access: { permission: 'purchaseOrder:release' } },
      },
      async (request) => {
        internalOnly(request);
        const message = await releaseOrder(ctx.db, request.body.id, actorOf(request));
        return ok(null, message);
      },
    );
  };
