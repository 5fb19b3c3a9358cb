import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../core/errors.js';
import { id, requiredText, text } from '../../http/wire.js';
import { actorOf } from '../sourcing/sourcing-service.js';
import { removePlaintexts } from '../files/sealed-files.js';
import { submitBid, supplierTender, withdrawBid } from './bid-service.js';
import { acceptInvitation, confirmOpeningRecord, declineInvitation, signUp } from './bidder-service.js';
import { bidOfRequest, openTenders, openingRecordsFor, receiptOf, supplierTenderView } from './bid-queries.js';

const bidBody = z.object({
  eventId: id,
  /** a repeated id returns the first receipt and stores nothing new. */
  clientRequestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号不正确')
    .optional(),
  technical: z.object({
    text: requiredText(20000, '技术标内容'),
    fileIds: z.array(id).max(50, '技术标附件不能超过50个').default([]),
    /** The same attachments as the upload widget keeps them (stored paths); resolved to the user's own files. */
    files: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_/-]{1,80}\.[a-z0-9]{2,5}$/, '技术标附件路径不正确'),
      )
      .max(50, '技术标附件不能超过50个')
      .default([]),
  }),
  commercial: z.object({
    paymentTerms: text(500, '付款条件').optional(),
    deliveryTerms: text(500, '交货条件').optional(),
    lines: z
      .array(
        z.object({
          sourcingLineId: id,
          unitPrice: z.string().trim().min(1, '请填写单价'),
          taxRate: z.string().trim().min(1, '请填写税率'),
          leadTimeDays: z.number().int().min(0).max(3650).optional(),
          remark: text(500, '备注').optional(),
        }),
      )
      .min(1, '请至少报价一行')
      .max(200),
  }),
});

/**
 * The supplier's side of tenders (§11.2 steps 3–6), bound to the user's own supplier:
 * sign-up to open tenders (SRC-4), sealed two-part bids with receipts (TND-5/6/7, P3),
 * withdrawal, the opening record with confirmation or objection (TND-10). Nothing here tells
 * a supplier who else takes part or how many (TND-23) before the opening record.
 */
export const bidRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['招标（供应商）'];
    const config = { access: { permission: 'srm:sourcing:supplier' } };

    app.get(
      '/srm/tender/supplier/open-list',
      { schema: { tags, summary: '可报名的公开招标项目（报名期内）' }, config },
      async () => {
        return ok(await openTenders(ctx.db));
      },
    );

    app.post(
      '/srm/tender/supplier/signup',
      {
        schema: {
          tags,
          summary: '报名公开招标（SRC-4 报名期内、资格 SRC-3）',
          body: z.object({
            id,
            contactName: text(50, '联系人').optional(),
            contactMobile: text(30, '联系电话').optional(),
          }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        const supplierId = actor.user.supplierId;
        if (!supplierId) throw forbidden();
        const contact = {
          contactName: request.body.contactName ?? null,
          contactMobile: request.body.contactMobile ?? null,
        };
        await ctx.db.transaction().execute((trx) => signUp(trx, actor, supplierId, request.body.id, contact));
        return ok(null, '报名成功');
      },
    );

    app.get(
      '/srm/tender/supplier/queryById',
      {
        schema: {
          tags,
          summary: '招标项目详情（供应商视角：不含其他投标人、预算；本方投标回执）',
          querystring: z.object({ id }),
        },
        config,
      },
      async (request) => {
        const { event, participation } = await supplierTender(ctx.db, actorOf(request), request.query.id);
        return ok(await supplierTenderView(ctx.db, event, participation));
      },
    );

    app.post(
      '/srm/tender/supplier/accept',
      { schema: { tags, summary: '接受投标邀请（邀请招标）', body: z.object({ id }) }, config },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute((trx) => acceptInvitation(trx, actor, request.body.id));
        return ok(null, '已接受邀请');
      },
    );

    app.post(
      '/srm/tender/supplier/decline',
      {
        schema: {
          tags,
          summary: '拒绝投标邀请（须填原因）',
          body: z.object({ id, reason: requiredText(500, '拒绝原因') }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db
          .transaction()
          .execute((trx) => declineInvitation(trx, actor, request.body.id, request.body.reason));
        return ok(null, '已拒绝邀请');
      },
    );

    app.post(
      '/srm/tender/supplier/bid/submit',
      {
        schema: {
          tags,
          summary: '递交投标文件（技术标与商务标分别密封；截止前可修改；回执含服务器时间与 SHA-256）',
          body: bidBody,
        },
        config: { ...config, sealedParams: true },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body;
        const supplierId = actor.user.supplierId;
        if (!supplierId) throw forbidden();
        if (body.clientRequestId) {
          const seen = await bidOfRequest(ctx.db, supplierId, body.clientRequestId);
          if (seen) return ok(await receiptOf(ctx.db, seen), '投标文件已递交');
        }
        const { responseId, plaintexts } = await ctx.db
          .transaction()
          .execute((trx) => submitBid(trx, ctx.config, actor, supplierId, body));
        // Committed: the attachments' ciphertext is now what the rows point at (issue 16 #5).
        await removePlaintexts(plaintexts);
        request.log.info({ event: 'tender.bid', responseId }, 'bid submitted');
        return ok(await receiptOf(ctx.db, responseId), '投标文件已递交');
      },
    );

    app.post(
      '/srm/tender/supplier/bid/withdraw',
      { schema: { tags, summary: '撤回投标（截止前，允许撤回时；TND-7）', body: z.object({ eventId: id }) }, config },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction().execute((trx) => withdrawBid(trx, actor, request.body.eventId));
        return ok(null, '投标已撤回');
      },
    );

    app.get(
      '/srm/tender/supplier/opening-record',
      {
        schema: { tags, summary: '开标记录（开标后向全部投标人公布，TND-10）', querystring: z.object({ id }) },
        config,
      },
      async (request) => {
        const { event, participation } = await supplierTender(ctx.db, actorOf(request), request.query.id);
        return ok(await openingRecordsFor(ctx.db, event.id, participation.supplierId));
      },
    );

    app.post(
      '/srm/tender/supplier/opening-record/confirm',
      {
        schema: {
          tags,
          summary: '确认开标记录或提出异议（TND-10）',
          body: z.object({ recordId: id, objection: text(1000, '异议内容').optional() }),
        },
        config,
      },
      async (request) => {
        const actor = actorOf(request);
        const objection = request.body.objection || null;
        await ctx.db.transaction().execute((trx) => confirmOpeningRecord(trx, actor, request.body.recordId, objection));
        return ok(null, objection ? '异议已提交' : '已确认开标记录');
      },
    );
  };
