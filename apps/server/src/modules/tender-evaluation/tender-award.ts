import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { defineApprovalDocType } from '../approval/index.js';
import { id, wireDate } from '../../http/wire.js';
import { PRICE_VALIDITY, refusePastValidity } from '../sourcing/draft-dates.js';
import { actorOf, supplierEventFor } from '../sourcing/sourcing-service.js';
import { tenderFor } from './evaluation-service.js';
import {
  TENDER_AWARD_DOC_TYPE,
  answerObjection,
  finalizeTenderAward,
  proposeTenderAward,
  raiseObjection,
} from './tender-award-service.js';
import { startPublicity } from './tender-award-approval.js';
import { backToDraft } from '../sourcing/award-approval.js';
import { finalizeIfDue, finalizeOnRead } from './award-finalization.js';
import { supplierTenderResult, tenderAwardView } from './tender-award-queries.js';
import { awardApprovalDetail } from '../sourcing/award-approval-detail.js';

// Importers (the module's index, the publicity job) find these here, as before.
export { finalizeIfDue, TENDER_AWARD_DOC_TYPE };

const proposeBody = z.object({
  eventId: id,
  /** The candidate's bid; rank 1 when left out. */
  responseId: id.optional(),
  recommendation: z.string().trim().max(2000, '定标理由不能超过2000个字符').optional(),
  deviationReason: z.string().trim().max(500, '理由不能超过500个字符').optional(),
  priceValidFrom: wireDate('价格生效日期'),
  priceValidTo: wireDate('价格失效日期'),
});

export const tenderAwardApprovalDocType = defineApprovalDocType(TENDER_AWARD_DOC_TYPE, {
  label: '招标定标',
  openPage: '/srm/tender-evaluation',
  detail: awardApprovalDetail,
  onApproved: startPublicity,
  onRejected: (trx, outcome) => backToDraft(trx, outcome, 'awardRejected', 'EVALUATING'),
  onWithdrawn: (trx, outcome) => backToDraft(trx, outcome, 'awardWithdrawn', 'EVALUATING'),
});

export const tenderAwardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['招标（定标与公示）'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.post(
      '/srm/tender/award/propose',
      {
        schema: {
          tags,
          summary: '推荐中标人并提交定标审批（默认第一候选人；TND-21；偏离须说明理由）',
          body: proposeBody,
        },
        config: access('srm:tenderEval:award'),
      },
      async (request) => {
        const body = request.body;
        if (body.priceValidTo < body.priceValidFrom)
          throw badRequest('价格失效日期不能早于生效日期', { priceValidTo: '价格失效日期不能早于生效日期' });
        refusePastValidity(body, PRICE_VALIDITY, 'MAT-4');
        const result = await ctx.db
          .transaction()
          .execute((trx) => proposeTenderAward(trx, ctx.codes, actorOf(request), body));
        return ok(result, result.status === 'APPROVED' ? '定标已批准，进入中标候选人公示' : '定标已提交审批');
      },
    );

    app.get(
      '/srm/tender/award',
      {
        schema: {
          tags,
          summary: '招标项目的定标、候选人与异议（公示期满且无未答复异议时即时生效）',
          querystring: z.object({ eventId: id }),
        },
        config: access('srm:tenderEval:award'),
      },
      async (request) => {
        const event = await tenderFor(ctx.db, actorOf(request), request.query.eventId);
        await finalizeOnRead(ctx.db, event.id);
        return ok(await tenderAwardView(ctx.db, event.id));
      },
    );

    app.post(
      '/srm/tender/award/finalize',
      {
        schema: {
          tags,
          summary: '公示期满且无未答复异议：定标生效，同时发出中标通知书与结果通知书（TND-19，AWD-5/7）',
          body: z.object({ eventId: id }),
        },
        config: access('srm:tenderEval:award'),
      },
      async (request) => {
        await ctx.db.transaction().execute((trx) => finalizeTenderAward(trx, actorOf(request), request.body.eventId));
        return ok(null, '定标已生效，中标通知书与结果通知书已发出');
      },
    );

    app.post(
      '/srm/tender/objection/answer',
      {
        schema: {
          tags,
          summary: '答复异议；全部答复后恢复公示（TND-18）',
          body: z.object({
            id,
            answer: z.string().trim().min(1, '请填写答复内容').max(2000, '答复内容不能超过2000个字符'),
          }),
        },
        config: access('srm:tenderEval:award'),
      },
      async (request) => {
        await ctx.db
          .transaction()
          .execute((trx) => answerObjection(trx, actorOf(request), request.body.id, request.body.answer));
        return ok(null, '异议已答复');
      },
    );

    // ---- Bidders (srm:sourcing:supplier, their own events only) ----

    app.post(
      '/srm/tender/supplier/objection/add',
      {
        schema: {
          tags,
          summary:
            '异议：对招标文件（投标截止10日前，TND-4，项目暂停至答复）或对评标结果（公示期内，TND-18，定标暂停至答复）',
          body: z.object({
            eventId: id,
            stage: z.enum(['DOCUMENTS', 'RESULT'], { message: '异议阶段应为招标文件或评标结果' }).default('RESULT'),
            content: z.string().trim().min(1, '请填写异议内容').max(2000, '异议内容不能超过2000个字符'),
          }),
        },
        config: { access: { permission: 'srm:sourcing:supplier' } },
      },
      async (request) => {
        const body = request.body;
        await ctx.db.transaction().execute((trx) => raiseObjection(trx, actorOf(request), body));
        return ok(
          null,
          body.stage === 'DOCUMENTS' ? '异议已提交，招标活动暂停至采购人答复' : '异议已提交，定标暂停至采购人答复',
        );
      },
    );

    app.get(
      '/srm/tender/supplier/result',
      {
        schema: {
          tags,
          summary: '投标人查看中标候选人公示与结果；评委名单在结果生效后公开（TND-11）',
          querystring: z.object({ eventId: id }),
        },
        config: { access: { permission: 'srm:sourcing:supplier' } },
      },
      async (request) => {
        const actor = actorOf(request);
        const { event, participation } = await supplierEventFor(ctx.db, actor, request.query.eventId);
        if (event.type !== 'TENDER') throw businessError('只有招标项目有评标结果');
        await finalizeOnRead(ctx.db, event.id);
        return ok(await supplierTenderResult(ctx.db, event.id, participation.supplierId));
      },
    );
  };
