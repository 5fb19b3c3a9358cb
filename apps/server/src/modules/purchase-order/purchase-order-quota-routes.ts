import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../core/access.js';
import { forbidden } from '../../core/errors.js';
import { decimalText, id as wireId, text } from '../../http/wire.js';
import { orderFromRequisitionByQuota, quotaSplitOf } from './purchase-order-quota-split.js';

/**
 * 按配额拆分 (QUO-4, QUO-5, QUO-7), buyers only, beside 转订单 (PR-3):
 *
 *   GET  /srm/order/quotaSplit?requisitionLineId=&qty=   the split the arrangement in force gives (null: none)
 *   POST /srm/order/fromRequisitionByQuota                 one draft order per supplier, in one transaction
 */
export const purchaseOrderQuotaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['采购订单'];
    const config = { access: { permission: 'purchaseOrder:add' }, internalOnly: true };

    app.get(
      '/srm/order/quotaSplit',
      {
        schema: {
          tags,
          summary: '采购申请行按配额拆分的预览（QUO-4、QUO-5；无生效配额时为 null）',
          querystring: z.object({ requisitionLineId: wireId, qty: decimalText('数量').optional() }),
        },
        config,
      },
      async (request) => {
        if (request.user?.supplierId) throw forbidden();
        const { requisitionLineId, qty } = request.query;
        return ok(await quotaSplitOf(ctx.db, request.tenantId, requisitionLineId, qty));
      },
    );

    app.post(
      '/srm/order/fromRequisitionByQuota',
      {
        schema: {
          tags,
          summary: '采购申请行按配额拆分转订单（每家供应商一张订单草稿，QUO-4、QUO-5、PR-3）',
          body: z.object({
            requisitionLineId: wireId,
            qty: decimalText('数量').optional(),
            shipTo: text(300, '收货地址').optional(),
            prices: z
              .array(
                z.object({
                  supplierId: wireId,
                  unitPrice: decimalText('单价'),
                  taxRate: decimalText('税率'),
                  priceDeviationReason: text(500, '价格偏离原因').optional(),
                }),
              )
              .max(20)
              .optional(),
          }),
        },
        config,
      },
      async (request) => {
        if (request.user?.supplierId) throw forbidden();
        const result = await orderFromRequisitionByQuota(ctx.db, ctx.codes, actorOf(request), request.body);
        request.log.info({ event: 'purchaseOrder.fromRequisitionByQuota', ...result, rule: 'QUO-4' }, 'ordered');
        return ok(result, `已按配额 ${result.arrangementCode} 生成 ${result.ids.length} 张采购订单草稿`);
      },
    );
  };
