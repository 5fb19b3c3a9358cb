import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMITTEE_ROLE_TEXT, candidateTitle, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { add, multiply } from '../../core/decimal.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { escapeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { defineApprovalDocType, submitForApproval, type ApprovalOutcome } from '../approval/index.js';
import { recordPrice } from '../material/price-library.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { id, wireDate } from '../../http/wire.js';
import {
  actorOf,
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  publishResultAnnouncement,
  supplierEventFor,
  type Actor,
} from '../sourcing/sourcing-service.js';
import {
  byRole,
  evaluationSettings,
  openedBids,
  tenderAuditHook,
  tenderFor,
  tenderSettingsOf,
} from './evaluation-service.js';

/** Tender awards go through their own approval document type: approval starts the publicity (AWD-5). */
export const TENDER_AWARD_DOC_TYPE = 'TENDER_AWARD';

const DAY = 86_400_000;

const proposeBody = z.object({
  eventId: id,
  /** The candidate's bid; rank 1 when left out. */
  responseId: id.optional(),
  recommendation: z.string().trim().max(2000, '定标理由不能超过2000个字符').optional(),
  deviationReason: z.string().trim().max(500, '理由不能超过500个字符').optional(),
  priceValidFrom: wireDate('价格生效日期'),
  priceValidTo: wireDate('价格失效日期'),
});

async function candidatesFor(db: Db, eventId: string) {
  return db.selectFrom('tenderCandidate').selectAll().where('eventId', '=', eventId).orderBy('rank').execute();
}

/** AWD-1: the winner is still allowed to take part when the award is decided. */
async function assertWinnerEligible(trx: Db, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(trx, supplierId, { purpose: 'award' });
  if (refusal) throw businessError(refusalText(refusal, '定标', 'AWD-1'));
}

/** Approval done: the candidates are published for `publicityDays` (TND-17, AWD-5). */
async function startPublicity(trx: Db, outcome: ApprovalOutcome): Promise<void> {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('id', '=', outcome.instance.docId)
    .executeTakeFirstOrThrow();
  const event = await trx
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', award.eventId)
    .executeTakeFirstOrThrow();
  const winner = await trx
    .selectFrom('sourcingAwardLine')
    .select('supplierId')
    .where('awardId', '=', award.id)
    .executeTakeFirstOrThrow();
  await assertWinnerEligible(trx, winner.supplierId);
  const settings = await evaluationSettings(trx, event.id);
  const days = Math.max(3, settings?.publicityDays ?? 3);
  const now = serverNow();
  const start = now.toISOString();
  const end = new Date(now.getTime() + days * DAY).toISOString();
  const moved = await trx
    .updateTable('sourcingAward')
    .set({
      status: 'PUBLICITY',
      approvedAt: start,
      publicityStartAt: start,
      publicityEndAt: end,
      updateBy: 'approval',
      updateTime: start,
    })
    .where('id', '=', award.id)
    .where('status', '=', 'PENDING_APPROVAL')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError('定标单状态已变化，请刷新后重试');
  await logState(trx, null, {
    eventId: event.id,
    docType: 'AWARD',
    docId: award.id,
    action: 'approve',
    fromStatus: 'PENDING_APPROVAL',
    toStatus: 'PUBLICITY',
    reason: outcome.comment,
  });
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'PUBLICITY', 'publicity');
  const candidates = await candidatesFor(trx, event.id);
  const list = candidates.map((c) => `${candidateTitle(c.rank)}：${c.supplierName}`).join('；');
  const period = `公示期：${toWireDateTime(start)} 至 ${toWireDateTime(end)}，投标人对评标结果有异议的，应在公示期内提出`;
  const bidders = (await openedBids(trx, event)).map((b) => b.supplierId);
  await notifySuppliers(trx, event, bidders, `中标候选人公示：${event.title}`, `${list}。${period}`);
  await notifyBuyer(trx, event, `定标已批准，进入中标候选人公示：${event.title}`, period);
  // §23 / PORTAL-3: the candidate publicity of a public tender.
  await publishResultAnnouncement(trx, event, {
    title: `${event.title} 中标候选人公示`,
    content: `<p>${escapeHtml(event.title)}（${escapeHtml(event.code)}）评标结束，中标候选人公示如下：${escapeHtml(list)}。</p><p>${escapeHtml(period)}。</p>`,
    company: null,
    supplierList: candidates.map((c) => ({ title: candidateTitle(c.rank), name: c.supplierName })),
    createBy: 'approval',
    at: start,
  });
  await tenderAuditHook(trx, null, event.id, 'publicity', { awardId: award.id, publicityEndAt: end });
}

async function backToDraft(trx: Db, outcome: ApprovalOutcome, action: string): Promise<void> {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('id', '=', outcome.instance.docId)
    .executeTakeFirstOrThrow();
  const event = await trx
    .selectFrom('sourcingEvent')
    .selectAll()
    .where('id', '=', award.eventId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('sourcingAward')
    .set({ status: 'DRAFT', updateTime: serverNowIso() })
    .where('id', '=', award.id)
    .execute();
  await logState(trx, null, {
    eventId: event.id,
    docType: 'AWARD',
    docId: award.id,
    action,
    fromStatus: award.status,
    toStatus: 'DRAFT',
    reason: outcome.comment,
  });
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'EVALUATING', action, {}, outcome.comment);
}

export const tenderAwardApprovalDocType = defineApprovalDocType(TENDER_AWARD_DOC_TYPE, {
  label: '招标定标',
  openPage: '/srm/tender-evaluation',
  onApproved: startPublicity,
  onRejected: (trx, outcome) => backToDraft(trx, outcome, 'awardRejected'),
  onWithdrawn: (trx, outcome) => backToDraft(trx, outcome, 'awardWithdrawn'),
});

/**
 * Publicity over with no open objection → FINAL (AWD-5, TND-19, AWD-7), all in this one
 * transaction: award FINAL, event AWARDED, responses AWARDED / NOT_AWARDED, price records,
 * the award notice to the winner and the result notice to every other bidder, the portal's
 * result announcement. Returns false when not due (publicity running, suspended, or done).
 */
export async function finalizeIfDue(trx: Db, eventId: string, actor: Actor | null): Promise<boolean> {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '=', 'PUBLICITY')
    .executeTakeFirst();
  const now = serverNowIso();
  if (!award || !award.publicityEndAt || award.publicityEndAt > now) return false;
  const open = await trx
    .selectFrom('tenderObjection')
    .select('id')
    .where('eventId', '=', eventId)
    .where('status', '=', 'RECEIVED')
    .executeTakeFirst();
  if (open) return false;
  const moved = await trx
    .updateTable('sourcingAward')
    .set({ status: 'FINAL', noticeIssuedAt: now, updateBy: actor?.user.username ?? 'system', updateTime: now })
    .where('id', '=', award.id)
    .where('status', '=', 'PUBLICITY')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
  await logState(trx, actor, {
    eventId,
    docType: 'AWARD',
    docId: award.id,
    action: 'final',
    fromStatus: 'PUBLICITY',
    toStatus: 'FINAL',
  });
  await moveEvent(trx, actor, event, ['PUBLICITY'], 'AWARDED', 'award');

  const lines = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select([
      'a.supplierId',
      'a.supplierName',
      'a.unitPrice',
      'a.taxRate',
      'a.qty',
      'a.amount',
      'l.materialId',
      'l.materialName',
    ])
    .where('a.awardId', '=', award.id)
    .execute();
  const winnerId = lines[0]!.supplierId;
  const winnerName = lines[0]!.supplierName;
  const bids = await openedBids(trx, event);
  for (const b of bids.filter((x) => x.status === 'VALID' || x.status === 'OPENED')) {
    const to = b.supplierId === winnerId ? 'AWARDED' : 'NOT_AWARDED';
    await trx.updateTable('sourcingResponse').set({ status: to, updateTime: now }).where('id', '=', b.id).execute();
    await logState(trx, actor, {
      eventId,
      docType: 'RESPONSE',
      docId: b.id,
      action: 'award',
      fromStatus: b.status,
      toStatus: to,
    });
  }
  // MAT-4: a price record per material of the winning bid.
  const recorded = new Set<string>();
  for (const l of lines) {
    if (!l.materialId || recorded.has(l.materialId)) continue;
    recorded.add(l.materialId);
    await recordPrice(trx, {
      tenantId: event.tenantId,
      supplierId: l.supplierId,
      materialId: l.materialId,
      orgCode: event.orgCode,
      currency: event.currency,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      validFrom: award.priceValidFrom!,
      validTo: award.priceValidTo!,
      sourceType: 'AWARD',
      sourceId: award.id,
      remark: `${event.code} 招标定标`,
      createBy: actor?.user.username ?? 'system',
    });
  }
  // TND-19 / AWD-7: the award notice and the result notices in this one transaction.
  const others = [...new Set(bids.map((b) => b.supplierId).filter((s) => s !== winnerId))];
  await notifySuppliers(
    trx,
    event,
    [winnerId],
    `中标通知书：${event.title}`,
    `贵公司为本项目中标人，中标金额 ${award.totalAmount ?? ''}，请在30日内签订合同（TND-20）`,
  );
  await notifySuppliers(
    trx,
    event,
    others,
    `中标结果通知书：${event.title}`,
    `本项目中标人为${winnerName}，感谢贵公司参与`,
  );
  await notifyBuyer(
    trx,
    event,
    `定标生效：${event.title}`,
    `中标人：${winnerName}；中标通知书与中标结果通知书已同时发出`,
  );

  if (event.visibility === 'PUBLIC') {
    const candidates = await candidatesFor(trx, eventId);
    await trx
      .updateTable('portalResultAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', eventId)
      .where('status', '=', 'published')
      .execute();
    await publishResultAnnouncement(trx, event, {
      title: `${event.title} 结果公示`,
      content: `<p>${escapeHtml(event.title)}（${escapeHtml(event.code)}）已完成定标，中标人：${escapeHtml(winnerName)}。</p>`,
      company: winnerName,
      supplierList: [
        { title: '中标人', name: winnerName },
        ...candidates.map((c) => ({ title: candidateTitle(c.rank), name: c.supplierName })),
      ],
      createBy: actor?.user.username ?? 'system',
    });
    await trx
      .updateTable('portalPurchaseAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', eventId)
      .where('status', '=', 'published')
      .execute();
  }
  await tenderAuditHook(trx, actor, eventId, 'final', { awardId: award.id, winner: winnerId });
  return true;
}

/** Lazily finalises a due award on read (server clock). */
async function finalizeOnRead(ctx: AppContext, eventId: string): Promise<void> {
  const due = await ctx.db
    .selectFrom('sourcingAward')
    .select('id')
    .where('eventId', '=', eventId)
    .where('status', '=', 'PUBLICITY')
    .where('publicityEndAt', '<=', serverNowIso())
    .executeTakeFirst();
  if (due) await ctx.db.transaction().execute((trx) => finalizeIfDue(trx, eventId, null));
}

function wireAward<
  T extends {
    approvedAt: string | null;
    noticeIssuedAt: string | null;
    publicityStartAt: string | null;
    publicityEndAt: string | null;
    createTime: string;
    updateTime: string | null;
  },
>(a: T) {
  return {
    ...a,
    approvedAt: toWireDateTime(a.approvedAt),
    noticeIssuedAt: toWireDateTime(a.noticeIssuedAt),
    publicityStartAt: toWireDateTime(a.publicityStartAt),
    publicityEndAt: toWireDateTime(a.publicityEndAt),
    createTime: toWireDateTime(a.createTime),
    updateTime: toWireDateTime(a.updateTime),
  };
}

const wireObjection = <T extends { receivedAt: string; answeredAt: string | null }>(o: T) => ({
  ...o,
  receivedAt: toWireDateTime(o.receivedAt),
  answeredAt: toWireDateTime(o.answeredAt),
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
        const result = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await tenderFor(trx, actor, body.eventId);
          const existing = await trx
            .selectFrom('sourcingAward')
            .selectAll()
            .where('eventId', '=', event.id)
            .where('status', '<>', 'CANCELLED')
            .executeTakeFirst();
          if (existing?.status === 'FINAL') throw businessError('定标已生效，不能修改（AWD-6）');
          if (existing && existing.status !== 'DRAFT') throw businessError('定标审批或公示中，不能修改');
          if (event.status !== 'EVALUATING') throw businessError('只有评标结束的招标项目可以定标');
          const report = await trx
            .selectFrom('tenderEvaluationReport')
            .select('status')
            .where('eventId', '=', event.id)
            .executeTakeFirst();
          if (report?.status !== 'SIGNED') throw businessError('评标报告尚未经全体评委签字，不能定标（TND-16）');
          const candidates = await candidatesFor(trx, event.id);
          const chosen = body.responseId ? candidates.find((c) => c.responseId === body.responseId) : candidates[0];
          if (!chosen) throw businessError('只能从评标报告推荐的中标候选人中确定中标人（TND-16）');
          const settings = await evaluationSettings(trx, event.id);
          const deviates = chosen.rank !== 1;
          if (deviates && settings?.mustAwardRank1)
            throw businessError('本项目须确定排名第一的中标候选人为中标人（TND-21）');
          if (deviates && !body.deviationReason) throw businessError('未选择排名第一的中标候选人，请填写理由（§13）');
          await assertWinnerEligible(trx, chosen.supplierId);
          const lines = await trx
            .selectFrom('sourcingLine as l')
            .leftJoin('sourcingResponseLine as rl', (j) =>
              j.onRef('rl.sourcingLineId', '=', 'l.id').on('rl.responseId', '=', chosen.responseId),
            )
            .select([
              'l.id',
              'l.lineNo',
              'l.qty',
              'rl.id as responseLineId',
              'rl.unitPrice',
              'rl.taxRate',
              'rl.offered',
            ])
            .where('l.eventId', '=', event.id)
            .orderBy('l.lineNo')
            .execute();
          const rows = lines.map((l) => {
            if (!l.responseLineId || !l.offered || l.unitPrice === null)
              throw businessError(`中标人未对第${l.lineNo}行报价，不能整体授予`);
            return {
              sourcingLineId: l.id,
              supplierId: chosen.supplierId,
              supplierName: chosen.supplierName,
              responseLineId: l.responseLineId,
              qty: l.qty,
              sharePct: 100,
              unitPrice: l.unitPrice,
              taxRate: l.taxRate ?? '0',
              amount: multiply(l.qty, l.unitPrice, 2),
            };
          });
          const now = serverNowIso();
          const values = {
            recommendation: body.recommendation ?? null,
            deviatesFromRank1: deviates ? 1 : 0,
            deviationReason: deviates ? (body.deviationReason ?? null) : null,
            priceValidFrom: body.priceValidFrom,
            priceValidTo: body.priceValidTo,
            totalAmount: add(rows.map((r) => r.amount)),
            status: 'PENDING_APPROVAL',
            recommendedBy: actor.user.id,
          };
          let awardId: string;
          if (existing) {
            awardId = existing.id;
            await trx
              .updateTable('sourcingAward')
              .set({ ...values, version: existing.version + 1, updateBy: actor.user.username, updateTime: now })
              .where('id', '=', existing.id)
              .where('status', '=', 'DRAFT')
              .execute();
            await trx.deleteFrom('sourcingAwardLine').where('awardId', '=', existing.id).execute();
          } else {
            awardId = newId();
            await trx
              .insertInto('sourcingAward')
              .values({
                id: awardId,
                tenantId: event.tenantId,
                code: await ctx.codes.next('AWD', { tenantId: event.tenantId, trx }),
                eventId: event.id,
                lotId: chosen.lotId,
                followUp: 'CONTRACT',
                version: 1,
                createBy: actor.user.username,
                createTime: now,
                updateBy: null,
                updateTime: null,
                ...values,
              })
              .execute();
          }
          await trx
            .insertInto('sourcingAwardLine')
            .values(
              rows.map((r) => ({
                id: newId(),
                awardId,
                ...r,
                priceValidFrom: body.priceValidFrom,
                priceValidTo: body.priceValidTo,
                qtyContracted: '0',
                qtyOrdered: '0',
              })),
            )
            .execute();
          await logState(trx, actor, {
            eventId: event.id,
            docType: 'AWARD',
            docId: awardId,
            action: 'submit',
            fromStatus: existing ? 'DRAFT' : null,
            toStatus: 'PENDING_APPROVAL',
            reason: deviates ? body.deviationReason : null,
          });
          await moveEvent(trx, actor, event, ['EVALUATING'], 'AWARD_PENDING_APPROVAL', 'recommend');
          await tenderAuditHook(trx, actor, event.id, 'propose', {
            awardId,
            responseId: chosen.responseId,
            rank: chosen.rank,
          });
          // AWD-4 / X-10: the submitter never approves it.
          return submitForApproval(trx, {
            docType: TENDER_AWARD_DOC_TYPE,
            docId: awardId,
            title: `招标定标：${event.code} ${event.title}`,
            amount: values.totalAmount,
            submitterId: actor.user.id,
            tenantId: actor.tenantId,
          });
        });
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
        await finalizeOnRead(ctx, event.id);
        const award = await ctx.db
          .selectFrom('sourcingAward')
          .selectAll()
          .where('eventId', '=', event.id)
          .where('status', '<>', 'CANCELLED')
          .executeTakeFirst();
        const [lines, candidates, objections, settings, tender, report] = await Promise.all([
          award
            ? ctx.db.selectFrom('sourcingAwardLine').selectAll().where('awardId', '=', award.id).execute()
            : Promise.resolve([]),
          candidatesFor(ctx.db, event.id),
          ctx.db
            .selectFrom('tenderObjection')
            .selectAll()
            .where('eventId', '=', event.id)
            .orderBy('receivedAt')
            .execute(),
          evaluationSettings(ctx.db, event.id),
          tenderSettingsOf(ctx.db, event.id),
          ctx.db
            .selectFrom('tenderEvaluationReport')
            .select('status')
            .where('eventId', '=', event.id)
            .executeTakeFirst(),
        ]);
        // What the proposal form needs to know before sending: TND-21 (the evaluation's setting, else the tender's) and TND-16.
        const mustAwardRank1 = (settings?.mustAwardRank1 ?? tender?.mustAwardRank1 ?? 0) === 1;
        return ok({
          award: award ? { ...wireAward(award), lines } : null,
          candidates,
          objections: objections.map(wireObjection),
          mustAwardRank1,
          reportStatus: report?.status ?? null,
        });
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
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await tenderFor(trx, actor, request.body.eventId);
          const award = await trx
            .selectFrom('sourcingAward')
            .selectAll()
            .where('eventId', '=', event.id)
            .where('status', '<>', 'CANCELLED')
            .executeTakeFirst();
          if (!award) throw businessError('尚未定标');
          if (award.status === 'FINAL') throw businessError('定标已生效');
          if (award.status === 'SUSPENDED') throw businessError('有异议尚未答复，定标暂停（TND-18）');
          if (award.status !== 'PUBLICITY') throw businessError('定标尚未进入公示');
          if (!(await finalizeIfDue(trx, event.id, actor)))
            throw businessError(
              `公示期至${toWireDateTime(award.publicityEndAt)}结束，期满且无未答复异议后定标方可生效（TND-17，AWD-5）`,
            );
        });
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
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const objection = await trx
            .selectFrom('tenderObjection')
            .selectAll()
            .where('id', '=', request.body.id)
            .where('tenantId', '=', actor.tenantId)
            .executeTakeFirst();
          if (!objection) throw notFound('异议不存在');
          const event = await tenderFor(trx, actor, objection.eventId);
          if (objection.status !== 'RECEIVED') throw businessError('该异议已答复');
          const now = serverNowIso();
          await trx
            .updateTable('tenderObjection')
            .set({ status: 'ANSWERED', answer: request.body.answer, answeredAt: now, answeredBy: actor.user.id })
            .where('id', '=', objection.id)
            .where('status', '=', 'RECEIVED')
            .execute();
          await notifySuppliers(trx, event, [objection.supplierId], `异议答复：${event.title}`, request.body.answer);
          const open = await trx
            .selectFrom('tenderObjection')
            .select('id')
            .where('eventId', '=', event.id)
            .where('status', '=', 'RECEIVED')
            .executeTakeFirst();
          if (!open && objection.stage === 'DOCUMENTS' && event.status === 'SUSPENDED') {
            // TND-4: all objections to the documents answered → the tender continues.
            await moveEvent(trx, actor, event, ['SUSPENDED'], 'PUBLISHED', 'resume');
          }
          if (!open && objection.awardId) {
            const resumed = await trx
              .updateTable('sourcingAward')
              .set({ status: 'PUBLICITY', updateBy: actor.user.username, updateTime: now })
              .where('id', '=', objection.awardId)
              .where('status', '=', 'SUSPENDED')
              .executeTakeFirst();
            if (Number(resumed.numUpdatedRows) === 1) {
              await logState(trx, actor, {
                eventId: event.id,
                docType: 'AWARD',
                docId: objection.awardId,
                action: 'resume',
                fromStatus: 'SUSPENDED',
                toStatus: 'PUBLICITY',
              });
              await moveEvent(trx, actor, event, ['SUSPENDED'], 'PUBLICITY', 'resume');
            }
          }
          await tenderAuditHook(trx, actor, event.id, 'answerObjection', { objectionId: objection.id });
        });
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
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const { event, participation } = await supplierEventFor(trx, actor, body.eventId);
          if (event.type !== 'TENDER') throw businessError('只有招标项目受理异议');
          if (['DECLINED', 'CANCELLED', 'REJECTED', 'BANNED'].includes(participation.status))
            throw businessError('贵公司未参与本项目，不能提出异议');
          const now = serverNowIso();
          const row = {
            id: newId(),
            tenantId: event.tenantId,
            eventId: event.id,
            supplierId: participation.supplierId,
            supplierName: participation.supplierName,
            content: body.content,
            receivedAt: now,
            answer: null,
            answeredAt: null,
            answeredBy: null,
            status: 'RECEIVED',
            createBy: actor.user.username,
          };
          if (body.stage === 'DOCUMENTS') {
            // TND-4: until the tender's objection deadline, by default 10 days before the bid deadline.
            if (event.status !== 'PUBLISHED' && event.status !== 'SUSPENDED')
              throw businessError('只有发布中的招标项目受理对招标文件的异议');
            const settings = await tenderSettingsOf(trx, event.id);
            const deadline =
              settings?.objectionDeadline ??
              (event.responseDeadline ? new Date(Date.parse(event.responseDeadline) - 10 * DAY).toISOString() : null);
            if (!deadline || now >= deadline)
              throw businessError(`对招标文件的异议应在投标截止10日前（${toWireDateTime(deadline)}前）提出（TND-4）`);
            await trx
              .insertInto('tenderObjection')
              .values({ ...row, awardId: null, stage: 'DOCUMENTS' })
              .execute();
            if (event.status === 'PUBLISHED')
              await moveEvent(trx, actor, event, ['PUBLISHED'], 'SUSPENDED', 'objection', {}, '对招标文件的异议');
            await notifyBuyer(
              trx,
              event,
              `收到招标文件异议：${event.title}`,
              `${participation.supplierName}提出异议，招标活动已暂停，请在3日内答复（TND-4）`,
            );
            await tenderAuditHook(trx, actor, event.id, 'objection', {
              supplierId: participation.supplierId,
              stage: 'DOCUMENTS',
            });
            return;
          }
          const bids = await openedBids(trx, event);
          if (!bids.some((b) => b.supplierId === participation.supplierId))
            throw businessError('只有本项目的投标人可以对评标结果提出异议');
          const award = await trx
            .selectFrom('sourcingAward')
            .selectAll()
            .where('eventId', '=', event.id)
            .where('status', 'in', ['PUBLICITY', 'SUSPENDED'])
            .executeTakeFirst();
          if (!award) throw businessError('当前不在中标候选人公示期，不能提出异议（TND-18）');
          if (!award.publicityEndAt || award.publicityEndAt <= now)
            throw businessError('公示期已结束，不能再提出异议（TND-18）');
          await trx
            .insertInto('tenderObjection')
            .values({ ...row, awardId: award.id, stage: 'RESULT' })
            .execute();
          if (award.status === 'PUBLICITY') {
            await trx
              .updateTable('sourcingAward')
              .set({ status: 'SUSPENDED', updateTime: now })
              .where('id', '=', award.id)
              .where('status', '=', 'PUBLICITY')
              .execute();
            await logState(trx, actor, {
              eventId: event.id,
              docType: 'AWARD',
              docId: award.id,
              action: 'objection',
              fromStatus: 'PUBLICITY',
              toStatus: 'SUSPENDED',
            });
            await moveEvent(trx, actor, event, ['PUBLICITY'], 'SUSPENDED', 'objection');
          }
          await notifyBuyer(
            trx,
            event,
            `收到评标结果异议：${event.title}`,
            `${participation.supplierName}提出异议，定标已暂停，请在3日内答复（TND-18）`,
          );
          await tenderAuditHook(trx, actor, event.id, 'objection', {
            supplierId: participation.supplierId,
            stage: 'RESULT',
          });
        });
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
        await finalizeOnRead(ctx, event.id);
        const award = await ctx.db
          .selectFrom('sourcingAward')
          .selectAll()
          .where('eventId', '=', event.id)
          .where('status', 'in', ['PUBLICITY', 'SUSPENDED', 'FINAL'])
          .executeTakeFirst();
        const objections = await ctx.db
          .selectFrom('tenderObjection')
          .selectAll()
          .where('eventId', '=', event.id)
          .where('supplierId', '=', participation.supplierId)
          .orderBy('receivedAt')
          .execute();
        if (!award)
          return ok({ status: null, candidates: null, committee: null, objections: objections.map(wireObjection) });
        const candidates = (await candidatesFor(ctx.db, event.id)).map((c) => ({
          rank: c.rank,
          title: candidateTitle(c.rank),
          supplierName: c.supplierName,
        }));
        const winner =
          award.status === 'FINAL'
            ? ((
                await ctx.db
                  .selectFrom('sourcingAwardLine')
                  .select('supplierName')
                  .where('awardId', '=', award.id)
                  .executeTakeFirst()
              )?.supplierName ?? null)
            : null;
        const committee =
          award.status === 'FINAL'
            ? byRole(
                await ctx.db
                  .selectFrom('tenderCommitteeMember')
                  .select(['userName', 'role'])
                  .where('eventId', '=', event.id)
                  .execute(),
              ).map((m) => ({ name: m.userName, role: COMMITTEE_ROLE_TEXT[m.role] ?? m.role }))
            : null;
        return ok({
          status: award.status,
          publicityStartAt: toWireDateTime(award.publicityStartAt),
          publicityEndAt: toWireDateTime(award.publicityEndAt),
          candidates,
          winner,
          committee,
          objections: objections.map(wireObjection),
        });
      },
    );
  };
