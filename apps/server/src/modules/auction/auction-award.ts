import { newId } from '../../core/ids.js';
import { businessError } from '../../core/errors.js';
import { add, divide, multiply } from '@procura/shared';
import { businessDayCompact } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { failOnPortal, logState, moveEvent, type EventRow } from '../sourcing/sourcing-service.js';
import { noticeHtml } from '../../core/sanitize.js';
import {
  auctionSavings,
  needsReserveApproval,
  rankLot,
  type AuctionLotState,
  type AuctionRules,
  type BidLine,
  type StoredBid,
} from './bid-rules.js';

/**
 * From a closed auction lot to the sourcing award machinery (§12 → §13). An auction has no
 * opening step (§9.2: CLOSED ─▶ EVALUATING): when the lot closes, each bidder's final accepted
 * bid becomes an OPENED response of the event (AWD-2: auction awards use the final bid), and the
 * event moves to EVALUATING, so `/srm/sourcing/award/save|submit` award it as they award an RFQ:
 * approval, FINAL, price records (MAT-4), winner and non-winner notices (AWD-7). A lot without
 * bids fails, and so does its event (AUC-15).
 */

/** Runs in the transaction that closed the lot (explicitly or lazily at the end). */
export async function settleClosedLot(
  trx: Db,
  event: EventRow,
  state: AuctionLotState,
  rules: AuctionRules,
  bids: readonly StoredBid[],
  now: Date,
): Promise<void> {
  if (event.status !== 'PUBLISHED') return;
  if (state.status === 'FAILED') {
    await moveEvent(
      trx,
      null,
      event,
      ['PUBLISHED'],
      'FAILED',
      'auction-fail',
      { failReason: FAIL_REASON },
      '竞价无有效出价',
    );
    await failOnPortal(trx, event, {
      reason: FAIL_REASON,
      content: noticeHtml`<p>${event.title}（${event.code}）竞价结束时无有效出价，本次竞价流标。</p>`,
    });
    return;
  }
  if (state.status !== 'CLOSED') return;
  const at = now.toISOString();
  const lines = await trx
    .selectFrom('sourcingLine')
    .select(['id', 'qty', 'materialId'])
    .where('eventId', '=', event.id)
    .orderBy('lineNo')
    .execute();
  await trx
    .updateTable('auctionLotState')
    .set({ previousPrice: await previousLotPrice(trx, event, lines, now) })
    .where('lotId', '=', state.lotId)
    .execute();
  const totalQty = add(
    lines.map((l) => l.qty),
    6,
  );
  const stored = await trx.selectFrom('auctionBid').select(['seq', 'lines']).where('lotId', '=', state.lotId).execute();
  const linesOf = new Map(stored.map((b) => [b.seq, b.lines ? (JSON.parse(b.lines) as BidLine[]) : null]));
  const participations = await trx
    .selectFrom('sourcingParticipation')
    .select(['id', 'supplierId'])
    .where('eventId', '=', event.id)
    .execute();
  for (const entry of rankLot(bids)) {
    const participation = participations.find((p) => p.supplierId === entry.supplierId);
    if (!participation) continue;
    const responseId = newId();
    await trx
      .insertInto('sourcingResponse')
      .values({
        id: responseId,
        tenantId: event.tenantId,
        code: `${event.code}-B${entry.seq}`,
        eventId: event.id,
        supplierId: entry.supplierId,
        participationId: participation.id,
        round: event.currentRound,
        versionNo: 1,
        status: 'OPENED',
        submittedAt: entry.receivedAt,
        sealedPayload: null,
        payloadHash: null,
        clientRequestId: null,
        totalAmount: entry.price,
        validUntil: null,
        paymentTerms: null,
        deliveryTerms: null,
        rejectReason: null,
        openedAt: at,
        createBy: 'auction',
        createTime: at,
        updateTime: null,
      })
      .execute();
    const bidLines = linesOf.get(entry.seq) ?? null;
    await trx
      .insertInto('sourcingResponseLine')
      .values(
        lines.map((l) => {
          const own = bidLines?.find((b) => b.lineId === l.id);
          // UNIT_PRICE bids carry their line prices; a LOT_TOTAL bid is spread over the lot's quantity.
          const unitPrice = own ? own.unitPrice : divide(entry.price, totalQty);
          return {
            id: newId(),
            responseId,
            sourcingLineId: l.id,
            offered: 1,
            qtyOffered: l.qty,
            unitPrice,
            taxRate: null,
            amount: own ? own.amount : null,
            leadTimeDays: null,
            promisedDate: null,
            minOrderQty: null,
            ladder: null,
            remark: rules.biddingTarget === 'LOT_TOTAL' ? `竞价总价 ${entry.price}` : null,
          };
        }),
      )
      .execute();
    // Each bidder's final bid becomes its opened response: a row of the status log under the event.
    await logState(trx, null, {
      eventId: event.id,
      docType: 'RESPONSE',
      docId: responseId,
      action: 'auction-close',
      fromStatus: null,
      toStatus: 'OPENED',
    });
  }
  // The close is the auction's opening (§9.2, no opening step): prices are open to the buyer's comparison and award from now.
  await moveEvent(trx, null, event, ['PUBLISHED'], 'EVALUATING', 'auction-close', { openedAt: at });
}

/**
 * AUC-17: what the lot cost last time — each line's latest price record in force by the close
 * (any supplier, the event's currency) times its quantity; null when a line has no material or
 * no earlier price. Recorded at close, before the award writes the new prices (MAT-4).
 */
async function previousLotPrice(
  trx: Db,
  event: EventRow,
  lines: readonly { qty: string; materialId: string | null }[],
  now: Date,
): Promise<string | null> {
  const d = businessDayCompact(now);
  const today = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
  const amounts: string[] = [];
  for (const l of lines) {
    if (!l.materialId) return null;
    const last = await trx
      .selectFrom('srmPriceRecord')
      .select('unitPrice')
      .where('tenantId', '=', event.tenantId)
      .where('materialId', '=', l.materialId)
      .where('currency', '=', event.currency)
      .where('validFrom', '<=', today)
      .orderBy('validFrom', 'desc')
      .orderBy('createTime', 'desc')
      .executeTakeFirst();
    if (!last) return null;
    amounts.push(multiply(last.unitPrice, l.qty));
  }
  return amounts.length ? add(amounts) : null;
}

const FAIL_REASON = '竞价无有效出价，已流标（AUC-15）';

/** The buyer's award view of a closed lot: the rank-1 recommendation (AUC-14), reserve (AUC-15) and savings (AUC-17). */
export function lotResult(
  rules: AuctionRules,
  state: AuctionLotState,
  bids: readonly StoredBid[],
  previousPrice: string | null,
) {
  const ranking = rankLot(bids);
  const best = ranking[0] ?? null;
  return {
    recommendedSupplierId: best?.supplierId ?? null,
    finalBest: best?.price ?? null,
    aboveReserve: best !== null && needsReserveApproval(rules, best.price),
    previousPrice,
    savings: best ? auctionSavings(rules.startPrice, best.price, previousPrice) : null,
    status: state.status,
  };
}

/**
 * AUC-14 / AUC-15 at award submit: choosing another than rank 1, or a final best above the
 * reserve price, needs M's approval; an approval answered at once (no step configured) is refused.
 */
export async function assertAuctionAwardApproval(
  trx: Db,
  event: EventRow,
  award: { id: string; deviatesFromRank1: number },
  approvedAtOnce: boolean,
): Promise<void> {
  if (event.type !== 'AUCTION' || !approvedAtOnce) return;
  const lot = await trx
    .selectFrom('sourcingLot')
    .select(['id', 'rules'])
    .where('eventId', '=', event.id)
    .orderBy('lotNo')
    .executeTakeFirst();
  if (!lot) return;
  const rules = JSON.parse(lot.rules ?? '{}') as AuctionRules;
  const winner = await trx
    .selectFrom('sourcingAwardLine')
    .select('supplierId')
    .where('awardId', '=', award.id)
    .executeTakeFirst();
  const bid = winner
    ? await trx
        .selectFrom('auctionBid')
        .select('price')
        .where('lotId', '=', lot.id)
        .where('supplierId', '=', winner.supplierId)
        .where('status', '=', 'ACCEPTED')
        .orderBy('seq', 'desc')
        .executeTakeFirst()
    : undefined;
  if (award.deviatesFromRank1)
    throw businessError('未授予排名第一的供应商，须经主管审批（AUC-14），请先配置寻源定标审批流程');
  if (bid && needsReserveApproval(rules, bid.price))
    throw businessError('最终报价高于保留价，须经主管审批（AUC-15），请先配置寻源定标审批流程');
}
