import { add, compare, multiply, share, subtract } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDayCompact, serverNow, serverNowIso } from '../../core/clock.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { submitForApproval } from '../approval/index.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { assertAuctionAwardApproval } from '../auction/auction-award.js';
import { eventFor, logState, moveEvent, type EventRow } from './sourcing-service.js';
import { effectiveQuotes } from './award-queries.js';
import type { Actor } from '../../core/access.js';

/**
 * The rules of an RFQ award (§13): which lines and shares a recommendation may have (RFQ-9..11,
 * AWD-1..3), saving it as a draft and submitting it for approval (AWD-4). The routes in award.ts
 * only validate the wire; what the approval's end does is award-approval.ts.
 */

export const AWARD_DOC_TYPE = 'SOURCING_AWARD';

const today = () => {
  const d = businessDayCompact(serverNow());
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
};

/** One chosen supplier on one event line, as the buyer sent it. */
export type AwardChoice = {
  sourcingLineId: string;
  supplierId: string;
  sharePct?: number;
  /** Optional echo of the price; it must equal the quote (RFQ-11). */
  unitPrice?: string;
};

/** A recommended award as the buyer saves it. */
export type AwardDraft = {
  eventId: string;
  recommendation?: string;
  deviationReason?: string;
  priceValidFrom: string;
  priceValidTo: string;
  lines: AwardChoice[];
};

/** RFQ-9 / AWD-1 at the given moment: quotes still valid, suppliers still allowed to take part. */
export async function assertAwardable(trx: Db, awardId: string): Promise<void> {
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
  body: Pick<AwardDraft, 'lines'>,
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

/** Saves the recommendation as the event's draft award (a new one, or the draft replaced); its id. */
export async function saveAward(trx: Db, codes: AppContext['codes'], actor: Actor, body: AwardDraft): Promise<string> {
  const event = await eventFor(trx, actor, body.eventId);
  if (event.type === 'TENDER') throw businessError('招标项目须经评标委员会评审后在招标定标中定标（TND-16）');
  if (event.status !== 'OPENED' && event.status !== 'EVALUATING') throw businessError('只有已开标的询价单可以定标');
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
        code: await codes.next('AWD', { tenantId: event.tenantId, trx }),
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
}

/** Sends a draft award to approval (AWD-4: the engine never lets the recommending buyer approve it). */
export async function submitAward(trx: Db, actor: Actor, awardId: string) {
  const award = await trx
    .selectFrom('sourcingAward')
    .selectAll()
    .where('id', '=', awardId)
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
}
