import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';
import type { SourcingAwardTable } from './sourcing-tables.js';
import { defineApprovalDocType } from '../approval/index.js';
import { id, wireDate } from '../../http/wire.js';
import { PRICE_VALIDITY, refusePastValidity } from './draft-dates.js';
import { actorOf, eventFor } from './sourcing-service.js';
import { backToDraft, finalise } from './award-approval.js';
import { AWARD_DOC_TYPE, saveAward, submitAward } from './award-service.js';
import { currentAwardOf } from './award-queries.js';
import { awardApprovalDetail } from './award-approval-detail.js';

export { AWARD_DOC_TYPE };

const saveBody = z.object({
  eventId: id,
  recommendation: z.string().trim().max(2000, '定标理由不能超过2000个字符').optional(),
  deviationReason: z.string().trim().max(500, '偏离原因不能超过500个字符').optional(),
  priceValidFrom: wireDate('价格生效日期'),
  priceValidTo: wireDate('价格失效日期'),
  lines: z
    .array(
      z.object({
        sourcingLineId: id,
        supplierId: id,
        sharePct: z
          .number()
          .int('份额须为整数百分比（RFQ-10）')
          .min(1, '份额须大于0（AWD-3）')
          .max(100, '份额不能超过100')
          .optional(),
        /** Optional echo of the price; it must equal the quote (RFQ-11). */
        unitPrice: z.string().trim().optional(),
      }),
    )
    .min(1, '请选择中标供应商')
    .max(1000),
});

export const awardApprovalDocType = defineApprovalDocType(AWARD_DOC_TYPE, {
  label: '寻源定标',
  openPage: '/srm/sourcing',
  detail: awardApprovalDetail,
  onApproved: finalise,
  onRejected: (trx, outcome) => backToDraft(trx, outcome, 'awardRejected'),
  onWithdrawn: (trx, outcome) => backToDraft(trx, outcome, 'awardWithdrawn'),
});

function wireAward(a: SourcingAwardTable) {
  return {
    ...a,
    approvedAt: toWireDateTime(a.approvedAt),
    noticeIssuedAt: toWireDateTime(a.noticeIssuedAt),
    createTime: toWireDateTime(a.createTime),
    updateTime: toWireDateTime(a.updateTime),
  };
}

/** Awards of an RFQ (§13): recommend (save a draft), submit for approval, read. */
export const awardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['寻源（定标）'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.get(
      '/srm/sourcing/award/queryByEventId',
      {
        schema: {
          tags,
          summary: '询价单的定标（草稿、审批中或已定标）及定标行',
          querystring: z.object({ eventId: id }),
        },
        config: access('srm:sourcing:list'),
      },
      async (request) => {
        const event = await eventFor(ctx.db, actorOf(request), request.query.eventId);
        const found = await currentAwardOf(ctx.db, event.id);
        if (!found) return ok(null);
        return ok({ ...wireAward(found.award), lines: found.lines });
      },
    );

    app.post(
      '/srm/sourcing/award/save',
      {
        schema: { tags, summary: '保存定标建议（RFQ-10 数量与份额，RFQ-11 价格等于有效报价）', body: saveBody },
        config: access('srm:sourcing:award'),
      },
      async (request) => {
        const body = request.body;
        if (body.priceValidTo < body.priceValidFrom)
          throw badRequest('价格失效日期不能早于生效日期', { priceValidTo: '价格失效日期不能早于生效日期' });
        refusePastValidity(body, PRICE_VALIDITY, 'MAT-4');
        const awardId = await ctx.db.transaction().execute((trx) => saveAward(trx, ctx.codes, actorOf(request), body));
        return ok({ id: awardId }, '定标建议已保存');
      },
    );

    app.post(
      '/srm/sourcing/award/submit',
      {
        schema: {
          tags,
          summary: '提交定标审批（AWD-4：审批人不能是推荐人；批准后 FINAL、价格库、中标/未中标通知、门户结果公告）',
          body: z.object({ id }),
        },
        config: access('srm:sourcing:award'),
      },
      async (request) => {
        const result = await ctx.db.transaction().execute((trx) => submitAward(trx, actorOf(request), request.body.id));
        return ok(result, result.status === 'APPROVED' ? '定标已生效' : '定标已提交审批');
      },
    );
  };
