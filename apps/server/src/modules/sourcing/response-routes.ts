import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { id, requiredText, text, wireDate } from '../../http/wire.js';
import { actorOf, supplierEventFor } from './sourcing-service.js';
import { moveParticipation, submitQuote, withdrawQuote } from './quote-service.js';
import { receiptOf, responseOfRequest, supplierEventView, supplierEvents } from './response-queries.js';

const quoteBody = z.object({
  eventId: id,
  /** a repeated id returns the first receipt and stores nothing new. */
  clientRequestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确')
    .optional(),
  validUntil: wireDate('报价有效期'),
  paymentTerms: text(500, '付款条件').optional(),
  deliveryTerms: text(500, '交货条件').optional(),
  lines: z
    .array(
      z.object({
        sourcingLineId: id,
        unitPrice: z.string().trim().min(1, '请填写单价'),
        taxRate: z.string().trim().min(1, '请填写税率'),
        qtyOffered: z.string().trim().optional(),
        leadTimeDays: z.number().int().min(0).max(3650).optional(),
        promisedDate: wireDate('承诺交期').optional(),
        minOrderQty: z.string().trim().optional(),
        remark: text(500, '备注').optional(),
      }),
    )
    .min(1, '请至少报价一行')
    .max(200),
});

/**
 * The supplier's side of an RFQ (§9, §10), bound to the user's own supplier: its events,
 * accept / decline, sealed quotes with a receipt (SRC-5..7, RFQ-4, RFQ-6, §9.4), withdraw.
 */
export const responseRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['寻源（供应商）'];
    const config = { access: { permission: 'srm:sourcing:supplier' } };

    app.get(
      '/srm/sourcing/supplier/event/list',
      { schema: { tags, summary: '本供应商参与的寻源单' }, config },
      async (request) => {
        const supplierId = request.user!.supplierId;
        if (!supplierId) return ok([]);
        return ok(await supplierEvents(ctx.db, supplierId));
      },
    );

    app.get(
      '/srm/sourcing/supplier/event/queryById',
      {
        schema: {
          tags,
          summary: '寻源单详情（供应商视角：不含其他供应商、预算；本方报价开标后可见）',
          querystring: z.object({ id }),
        },
        config,
      },
      async (request) => {
        const { event, participation } = await supplierEventFor(ctx.db, actorOf(request), request.query.id);
        return ok(await supplierEventView(ctx.db, event, participation));
      },
    );

    app.post(
      '/srm/sourcing/supplier/event/accept',
      {
        schema: {
          tags,
          summary: '接受询价邀请',
          body: z.object({
            id,
            contactName: text(50, '联系人').optional(),
            contactMobile: text(30, '联系电话').optional(),
          }),
        },
        config,
      },
      async (request) => {
        const changes = {
          contactName: request.body.contactName ?? null,
          contactMobile: request.body.contactMobile ?? null,
        };
        await ctx.db
          .transaction()
          .execute((trx) => moveParticipation(trx, actorOf(request), request.body.id, 'ACCEPTED', changes));
        return ok(null, '已接受邀请');
      },
    );

    app.post(
      '/srm/sourcing/supplier/event/decline',
      {
        schema: {
          tags,
          summary: '拒绝询价邀请（须填原因）',
          body: z.object({ id, reason: requiredText(500, '拒绝原因') }),
        },
        config,
      },
      async (request) => {
        const changes = { declineReason: request.body.reason };
        await ctx.db
          .transaction()
          .execute((trx) => moveParticipation(trx, actorOf(request), request.body.id, 'DECLINED', changes));
        return ok(null, '已拒绝邀请');
      },
    );

    // §9.4 / P1: the quote's prices never reach the operation log.
    app.post(
      '/srm/sourcing/supplier/quote/submit',
      {
        schema: { tags, summary: '提交或修改报价（密封；返回回执：服务器时间与密文 SHA-256）', body: quoteBody },
        config: { ...config, sealedParams: true },
      },
      async (request) => {
        const body = request.body;
        const actor = actorOf(request);
        const supplierId = actor.user.supplierId;
        if (!supplierId) throw businessError('只有供应商用户可以报价');
        if (body.clientRequestId) {
          const first = await responseOfRequest(ctx.db, supplierId, body.clientRequestId);
          if (first) return ok(await receiptOf(ctx.db, first), '报价已提交');
        }
        const responseId = await ctx.db
          .transaction()
          .execute((trx) => submitQuote(trx, ctx.config, actor, supplierId, body));
        request.log.info({ event: 'sourcing.quote', responseId }, 'quote submitted');
        return ok(await receiptOf(ctx.db, responseId), '报价已提交');
      },
    );

    app.post(
      '/srm/sourcing/supplier/quote/withdraw',
      { schema: { tags, summary: '撤回报价（截止前，SRC-6）', body: z.object({ eventId: id }) }, config },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute((trx) => withdrawQuote(trx, actor, request.body.eventId));
        return ok(null, '报价已撤回');
      },
    );
  };
