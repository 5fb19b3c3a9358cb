import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDayCompact, serverNow, serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { escapeHtml } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import type { SourcingAwardTable } from './sourcing-tables.js';
import { defineApprovalDocType, submitForApproval, type ApprovalOutcome } from '../approval/index.js';
import { recordPrice } from '../material/price-library.js';
import { add, compare, multiply, share, subtract } from '../../core/decimal.js';
import { id, wireDate } from '../../http/wire.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { EFFECTIVE_OPENED } from './opening.js';
import { settleAwardForEvent } from './requisition-link.js';
import { quotaDraftsFromAward } from '../quota/quota-service.js';
import { assertAuctionAwardApproval } from '../auction/auction-award.js';
import {
  actorOf,
  eventFor,
  logState,
  moveEvent,
  notifyBuyer,
  notifySuppliers,
  participantIds,
  publishResultAnnouncement,
  TYPE_TEXT,
  type EventRow,
} from './sourcing-service.js';

export const AWARD_DOC_TYPE = 'SOURCING_AWARD';

const today = () => {
  const d = businessDayCompact(serverNow());
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
};

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

/** The effective quote of each supplier on each line (opened, current round). */
async function effectiveQuotes(trx: Db, event: EventRow) {
  return trx
    .selectFrom('sourcingResponse as r')
    .innerJoin('sourcingResponseLine as l', 'l.responseId', 'r.id')
    .innerJoin('sourcingParticipation as p', 'p.id', 'r.participationId')
    .select([
      'r.id as responseId',
      'r.supplierId',
      'p.supplierName',
      'r.validUntil',
      'l.id as responseLineId',
      'l.sourcingLineId',
      'l.offered',
      'l.unitPrice',
      'l.taxRate',
    ])
    .where('r.eventId', '=', event.id)
    .where('r.round', '=', event.currentRound)
    .where('r.status', 'in', [...EFFECTIVE_OPENED])
    .execute();
}

/** RFQ-9 / AWD-1 at the given moment: quotes still valid, suppliers still allowed to take part. */
async function assertAwardable(trx: Db, awardId: string): Promise<void> {
  const rows = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingResponseLine as l', 'l.id', 'a.responseLineId')
    .innerJoin('sourcingResponse as r', 'r.id', 'l.responseId')
    .select(['a.supplierId', 'a.supplierName', 'r.validUntil'])
    .where('a.awardId', '=', awardId)
    .execute();
  const day = today();
  const eligible = new Set<string>();
  for (const r of rows) {
    if (r.validUntil && r.validUntil < day)
      throw businessError(`${r.supplierName}的报价已过有效期（${r.validUntil}），不能定标（RFQ-9）`);
    if (eligible.has(r.supplierId)) continue;
    const refusal = await supplierEligibility(trx, r.supplierId, { purpose: 'award' });
    if (refusal) throw businessError(refusalText(refusal, '定标', 'AWD-1'));
    eligible.add(r.supplierId);
  }
}

/** What happens when the award's approval ends (X-10, AWD-4..7). */
async function finalise(trx: Db, outcome: ApprovalOutcome): Promise<void> {
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
  await assertAwardable(trx, award.id);
  const now = serverNowIso();
  const moved = await trx
    .updateTable('sourcingAward')
    .set({ status: 'FINAL', approvedAt: now, noticeIssuedAt: now, updateBy: 'approval', updateTime: now })
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
    toStatus: 'FINAL',
    reason: outcome.comment,
  });
  // RFQ and auction awards are final on approval (no publicity period, §13).
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'AWARDED', 'award');

  const lines = await trx
    .selectFrom('sourcingAwardLine as a')
    .innerJoin('sourcingLine as l', 'l.id', 'a.sourcingLineId')
    .select(['a.supplierId', 'a.supplierName', 'a.unitPrice', 'a.taxRate', 'a.qty', 'l.materialId', 'l.materialName'])
    .where('a.awardId', '=', award.id)
    .execute();
  const winners = [...new Set(lines.map((l) => l.supplierId))];
  const winnerNames = [...new Set(lines.map((l) => l.supplierName))];
  // Response statuses AWARDED / NOT_AWARDED.
  const effective = await trx
    .selectFrom('sourcingResponse')
    .select(['id', 'supplierId', 'status'])
    .where('eventId', '=', event.id)
    .where('round', '=', event.currentRound)
    .where('status', 'in', ['OPENED', 'VALID'])
    .execute();
  for (const r of effective) {
    const to = winners.includes(r.supplierId) ? 'AWARDED' : 'NOT_AWARDED';
    await trx.updateTable('sourcingResponse').set({ status: to, updateTime: now }).where('id', '=', r.id).execute();
    await logState(trx, null, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: r.id,
      action: 'award',
      fromStatus: r.status,
      toStatus: to,
    });
  }
  // MAT-4: one price record per supplier and material from this award.
  const recorded = new Set<string>();
  for (const l of lines) {
    if (!l.materialId || recorded.has(`${l.supplierId}:${l.materialId}`)) continue;
    recorded.add(`${l.supplierId}:${l.materialId}`);
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
      remark: `${event.code} 定标`,
      createBy: 'approval',
    });
  }
  // PR-7 / SRC-11: awarded requisition quantity SOURCED, the rest returned; QUO-9: a split award drafts quotas.
  await settleAwardForEvent(trx, event, award.id);
  if (event.awardMode === 'SPLIT_BY_QTY') await quotaDraftsFromAward(trx, event, award);
  // AWD-7: the award notices and the non-winner notices in this one transaction; every other
  // participant learns the result, also one whose quote never counted (S2: SupC's came too late).
  const losers = (await participantIds(trx, event.id)).filter((s) => !winners.includes(s));
  for (const w of winners) {
    const mine = lines
      .filter((l) => l.supplierId === w)
      .map((l) => `${l.materialName} ${l.qty}`)
      .join('；');
    await notifySuppliers(trx, event, [w], `中标通知：${event.title}`, `贵公司中标：${mine}`);
  }
  await notifySuppliers(
    trx,
    event,
    losers,
    `未中标通知：${event.title}`,
    `感谢参与，本次${TYPE_TEXT[event.type] ?? '询价'}贵公司未中标`,
  );
  await notifyBuyer(trx, event, `定标已批准：${event.title}`, `中标供应商：${winnerNames.join('、')}`);

  // §23 / PORTAL-3: a public event's result announcement once the award is FINAL (no prices unless published on purpose).
  if (event.visibility === 'PUBLIC') {
    await publishResultAnnouncement(trx, event, {
      title: `${event.title} 结果公示`,
      content: `<p>${escapeHtml(event.title)}（${escapeHtml(event.code)}）已完成定标，中标供应商：${escapeHtml(winnerNames.join('、'))}。</p>`,
      company: winnerNames.join('、'),
      supplierList: winnerNames.map((name) => ({ title: '中标供应商', name })),
      createBy: 'approval',
    });
    await trx
      .updateTable('portalPurchaseAnnouncement')
      .set({ status: 'closed', updateTime: now })
      .where('sourcingEventId', '=', event.id)
      .where('status', '=', 'published')
      .execute();
  }
}

/** A rejected or withdrawn award goes back to a draft the buyer can change (§13). */
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
  await moveEvent(trx, null, event, ['AWARD_PENDING_APPROVAL'], 'OPENED', action, {}, outcome.comment);
}

export const awardApprovalDocType = defineApprovalDocType(AWARD_DOC_TYPE, {
  label: '寻源定标',
  openPage: '/srm/sourcing',
  onApproved: finalise,
  onRejected: (trx, outcome) => backToDraft(trx, outcome, 'awardRejected'),
  onWithdrawn: (trx, outcome) => backToDraft(trx, outcome, 'awardWithdrawn'),
});

type AwardLineRow = {
  sourcingLineId: string;
  supplierId: string;
  supplierName: string;
  responseLineId: string;
  qty: string;
  sharePct: number | null;
  unitPrice: string;
  taxRate: string;
  amount: string;
};

/**
 * Checks a recommended award against the quotes (RFQ-10, RFQ-11, AWD-2/3) and returns its
 * lines: per event line the whole quantity, to one supplier (SINGLE: the same for all lines;
 * SPLIT_BY_LINE: one per line) or split in whole percentages summing to 100 (SPLIT_BY_QTY).
 */
async function awardLines(
  trx: Db,
  event: EventRow,
  body: z.infer<typeof saveBody>,
): Promise<{ rows: AwardLineRow[]; deviates: boolean }> {
  const lines = await trx
    .selectFrom('sourcingLine')
    .select(['id', 'lineNo', 'qty'])
    .where('eventId', '=', event.id)
    .orderBy('lineNo')
    .execute();
  const quotes = await effectiveQuotes(trx, event);
  const rows: AwardLineRow[] = [];
  let deviates = false;
  for (const e of body.lines)
    if (!lines.some((l) => l.id === e.sourcingLineId)) throw badRequest('定标行不属于本询价单');
  const suppliers = new Set(body.lines.map((e) => e.supplierId));
  if (event.awardMode === 'SINGLE' && suppliers.size !== 1)
    throw businessError('本询价单为整单授予，只能选择一家中标供应商');
  for (const line of lines) {
    const entries = body.lines.filter((e) => e.sourcingLineId === line.id);
    const at = `第${line.lineNo}行`;
    if (entries.length === 0) throw businessError(`${at}未选择中标供应商，授予数量须等于需求数量（RFQ-10）`);
    if (new Set(entries.map((e) => e.supplierId)).size !== entries.length)
      throw businessError(`${at}同一供应商重复授予`);
    if (event.awardMode !== 'SPLIT_BY_QTY') {
      if (entries.length > 1) throw businessError(`${at}只能授予一家供应商（按数量拆分请选择“按数量拆分”定标方式）`);
      if (entries[0]!.sharePct !== undefined && entries[0]!.sharePct !== 100)
        throw businessError(`${at}整行授予时份额须为100%`);
    } else {
      if (entries.some((e) => e.sharePct === undefined)) throw badRequest(`${at}请填写各供应商的份额（RFQ-10）`);
      const sum = entries.reduce((s, e) => s + e.sharePct!, 0);
      if (sum !== 100) throw businessError(`${at}各供应商份额合计须为100%，当前${sum}%（RFQ-10，AWD-3）`);
    }
    const offered = quotes.filter((q) => q.sourcingLineId === line.id && q.offered && q.unitPrice !== null);
    const lowest = offered.reduce<string | null>(
      (m, q) => (m === null || compare(q.unitPrice!, m) < 0 ? q.unitPrice! : m),
      null,
    );
    let allocated = '0';
    for (const [i, e] of entries.entries()) {
      const quote = offered.find((q) => q.supplierId === e.supplierId);
      if (!quote) throw businessError(`${at}所选供应商未对该行有效报价，不能授予（RFQ-10）`);
      if (e.unitPrice !== undefined && compare(e.unitPrice, quote.unitPrice!) !== 0)
        throw businessError(
          `${at}授予单价须等于${quote.supplierName}的有效报价 ${quote.unitPrice}，改价须另开一轮（RFQ-11）`,
        );
      if (quote.validUntil && quote.validUntil < today())
        throw businessError(`${quote.supplierName}的报价已过有效期（${quote.validUntil}），不能定标（RFQ-9）`);
      if (lowest !== null && compare(quote.unitPrice!, lowest) > 0 && event.awardMode !== 'SPLIT_BY_QTY')
        deviates = true;
      const pct = event.awardMode === 'SPLIT_BY_QTY' ? e.sharePct! : 100;
      const qty = i === entries.length - 1 ? subtract(line.qty, allocated) : share(line.qty, pct);
      allocated = add([allocated, qty], 6);
      rows.push({
        sourcingLineId: line.id,
        supplierId: e.supplierId,
        supplierName: quote.supplierName,
        responseLineId: quote.responseLineId,
        qty,
        sharePct: pct,
        unitPrice: quote.unitPrice!,
        taxRate: quote.taxRate ?? '0',
        amount: multiply(qty, quote.unitPrice!, 2),
      });
    }
  }
  return { rows, deviates };
}

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
        const award = await ctx.db
          .selectFrom('sourcingAward')
          .selectAll()
          .where('eventId', '=', event.id)
          .where('status', '<>', 'CANCELLED')
          .orderBy('createTime', 'desc')
          .executeTakeFirst();
        if (!award) return ok(null);
        const lines = await ctx.db
          .selectFrom('sourcingAwardLine')
          .selectAll()
          .where('awardId', '=', award.id)
          .execute();
        return ok({ ...wireAward(award), lines });
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
        const awardId = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, body.eventId);
          if (event.type === 'TENDER') throw businessError('招标项目须经评标委员会评审后在招标定标中定标（TND-16）');
          if (event.status !== 'OPENED' && event.status !== 'EVALUATING')
            throw businessError('只有已开标的询价单可以定标');
          const { rows, deviates } = await awardLines(trx, event, body);
          if (deviates && !body.deviationReason) throw businessError('未授予最低价供应商，请填写偏离原因（§13）');
          const now = serverNowIso();
          const draft = await trx
            .selectFrom('sourcingAward')
            .selectAll()
            .where('eventId', '=', event.id)
            .where('status', 'in', ['DRAFT', 'PENDING_APPROVAL'])
            .executeTakeFirst();
          if (draft && draft.status !== 'DRAFT') throw businessError('定标审批中，不能修改');
          const values = {
            recommendation: body.recommendation ?? null,
            deviatesFromRank1: deviates ? 1 : 0,
            deviationReason: body.deviationReason ?? null,
            priceValidFrom: body.priceValidFrom,
            priceValidTo: body.priceValidTo,
            totalAmount: add(rows.map((r) => r.amount)),
          };
          let awardId: string;
          if (draft) {
            awardId = draft.id;
            await trx
              .updateTable('sourcingAward')
              .set({
                ...values,
                recommendedBy: actor.user.id,
                version: draft.version + 1,
                updateBy: actor.user.username,
                updateTime: now,
              })
              .where('id', '=', draft.id)
              .execute();
            await trx.deleteFrom('sourcingAwardLine').where('awardId', '=', draft.id).execute();
          } else {
            awardId = newId();
            const lot = await trx
              .selectFrom('sourcingLot')
              .select('id')
              .where('eventId', '=', event.id)
              .orderBy('lotNo')
              .executeTakeFirst();
            await trx
              .insertInto('sourcingAward')
              .values({
                id: awardId,
                tenantId: event.tenantId,
                code: await ctx.codes.next('AWD', { tenantId: event.tenantId, trx }),
                eventId: event.id,
                lotId: lot?.id ?? null,
                followUp: 'PRICE_ONLY',
                status: 'DRAFT',
                recommendedBy: actor.user.id,
                version: 1,
                createBy: actor.user.username,
                createTime: now,
                updateBy: null,
                updateTime: null,
                ...values,
              })
              .execute();
            await logState(trx, actor, {
              eventId: event.id,
              docType: 'AWARD',
              docId: awardId,
              action: 'recommend',
              fromStatus: null,
              toStatus: 'DRAFT',
            });
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
          return awardId;
        });
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
        const result = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const award = await trx
            .selectFrom('sourcingAward')
            .selectAll()
            .where('id', '=', request.body.id)
            .where('tenantId', '=', actor.tenantId)
            .executeTakeFirst();
          if (!award) throw notFound('定标单不存在');
          const event = await eventFor(trx, actor, award.eventId);
          if (award.status !== 'DRAFT') throw businessError('只有草稿状态的定标单可以提交审批');
          await assertAwardable(trx, award.id);
          await trx
            .updateTable('sourcingAward')
            .set({
              status: 'PENDING_APPROVAL',
              recommendedBy: actor.user.id,
              updateBy: actor.user.username,
              updateTime: serverNowIso(),
            })
            .where('id', '=', award.id)
            .where('status', '=', 'DRAFT')
            .execute();
          await logState(trx, actor, {
            eventId: event.id,
            docType: 'AWARD',
            docId: award.id,
            action: 'submit',
            fromStatus: 'DRAFT',
            toStatus: 'PENDING_APPROVAL',
          });
          await moveEvent(trx, actor, event, ['OPENED', 'EVALUATING'], 'AWARD_PENDING_APPROVAL', 'recommend');
          // AWD-4 / X-10: the engine never lets the submitter (the recommending buyer) approve it.
          const submitted = await submitForApproval(trx, {
            docType: AWARD_DOC_TYPE,
            docId: award.id,
            title: `定标：${event.code} ${event.title}`,
            amount: award.totalAmount,
            submitterId: actor.user.id,
            tenantId: actor.tenantId,
          });
          // AUC-14 / AUC-15: an auction award off rank 1 or above the reserve price cannot be approved at once.
          await assertAuctionAwardApproval(trx, event, award, submitted.status === 'APPROVED');
          return submitted;
        });
        return ok(result, result.status === 'APPROVED' ? '定标已生效' : '定标已提交审批');
      },
    );
  };
