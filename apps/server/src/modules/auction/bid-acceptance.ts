import { SCALED_ONE, divRound, formatDecimal, parseDecimal } from '@procura/shared';
import type {
  AuctionRules,
  AuctionLotState,
  BidLine,
  StoredBid,
  BidAttempt,
  RefusalReason,
  BidDecision,
} from './bid-types.js';
import { MINUTE_MS, micros, unitOf, stepMicros, rankLot } from './bid-pricing.js';

/** Whether a bid is accepted (§12.3 steps 1–10), its refusal messages, and overtime (AUC-7). */

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

/** The bidder-facing text of each refusal, without figures. */
export const REFUSAL_MESSAGES: Readonly<Record<RefusalReason, string>> = {
  NOT_RUNNING: '竞价未在进行中，暂不能报价',
  LATE: '竞价已结束，报价未被接受',
  PAUSED: '竞价已暂停，暂不能报价',
  NOT_ADMITTED: '您不是本标段的竞价供应商，不能报价',
  BAD_PRICE: '报价须为大于0的数字，且小数位数不能超过规定位数',
  ABOVE_START: '报价不能高于起拍价',
  STEP: '报价未达到最小降价幅度',
  OWN_RAISE: '报价须低于您上一次的报价',
  TIE: '已有其他供应商报出相同价格，请调整报价',
  CAP: '您的报价次数已达上限',
  NEEDS_CONFIRMATION: '报价远低于当前最低价，请确认后再提交',
};

function refuse(reason: RefusalReason, message: string = REFUSAL_MESSAGES[reason], limit?: string): BidDecision {
  return limit === undefined ? { outcome: 'REFUSED', reason, message } : { outcome: 'REFUSED', reason, message, limit };
}

// ---------------------------------------------------------------------------------------------
// Accepting a bid (§12.3 steps 1–10)
// ---------------------------------------------------------------------------------------------

/** The lot value of an attempt with its line prices (UNIT_PRICE), or null when a price is invalid (AUC-3). */
function valueOf(
  rules: AuctionRules,
  attempt: BidAttempt,
): { value: bigint; price: string; lines: BidLine[] | null } | null {
  if (rules.biddingTarget === 'LOT_TOTAL') {
    if (attempt.price === undefined) return null;
    const value = parseDecimal(attempt.price, rules.pricePrecision);
    if (value === null || value <= 0n) return null;
    return { value, price: formatDecimal(value, rules.pricePrecision), lines: null };
  }
  if (!attempt.lines || attempt.lines.length === 0) return null;
  const cent = unitOf(2);
  const lines: BidLine[] = [];
  let total = 0n;
  for (const line of attempt.lines) {
    const unitPrice = parseDecimal(line.unitPrice, rules.pricePrecision);
    const qty = parseDecimal(line.qty, 4);
    if (unitPrice === null || unitPrice <= 0n || qty === null || qty <= 0n) return null;
    // amount = round(qty × unit price, 2); qty × price is at scale 12.
    const amount = divRound(qty * unitPrice, SCALED_ONE * cent) * cent;
    total += amount;
    lines.push({
      lineId: line.lineId,
      qty: formatDecimal(qty, 4),
      unitPrice: formatDecimal(unitPrice, rules.pricePrecision),
      amount: formatDecimal(amount, 2),
    });
  }
  return { value: total, price: formatDecimal(total, 2), lines };
}

/**
 * Decides one bid attempt (§12.3 steps 1–10) and, when it is accepted, computes the bid row and
 * the new lot state (seq, ranks, best, overtime). `bids` are all stored bids of the lot (any
 * status); `now` is the server time inside the transaction.
 */
export function evaluateBid(
  state: AuctionLotState,
  rules: AuctionRules,
  bids: readonly StoredBid[],
  attempt: BidAttempt,
  now: Date,
): BidDecision {
  const t = now.getTime();

  // a repeated request id answers with the first result.
  if (attempt.clientRequestId) {
    const first = bids.find(
      (b) => b.supplierId === attempt.supplierId && b.clientRequestId === attempt.clientRequestId,
    );
    if (first) return { outcome: 'DUPLICATE', bid: first };
  }

  // 1. AUC-1 (and AUC-12: paused refuses): running, started, strictly before the current end.
  const end = Date.parse(state.currentEndAt);
  if (state.status === 'PAUSED') return refuse('PAUSED');
  if (state.status === 'CLOSED' || (state.status === 'RUNNING' && t >= end)) return refuse('LATE');
  if (state.status !== 'RUNNING' || t < Date.parse(rules.startAt)) return refuse('NOT_RUNNING');

  // 2. AUC-2: admitted, not banned.
  if (attempt.admission === 'BANNED') return refuse('NOT_ADMITTED', '您已被禁止在本标段报价');
  if (attempt.admission !== 'ADMITTED') return refuse('NOT_ADMITTED');

  // 3. AUC-3: > 0 with at most pricePrecision decimals.
  const offer = valueOf(rules, attempt);
  if (!offer) {
    return refuse('BAD_PRICE', `报价须为大于0的数字，且最多${rules.pricePrecision}位小数`);
  }
  const p = offer.value;
  // Figures in messages: the lot value's own precision (UNIT_PRICE totals are money with 2 decimals).
  const precision = rules.biddingTarget === 'LOT_TOTAL' ? rules.pricePrecision : Math.max(2, rules.pricePrecision);

  // 4. AUC-4: not above the start price.
  const start = micros(rules.startPrice);
  if (p > start) {
    const shown = formatDecimal(start, precision);
    return refuse('ABOVE_START', `报价不能高于起拍价 ${shown}`, shown);
  }

  // 5. AUC-5: beat the reference by a step; never raise or repeat one's own price.
  const before = rankLot(bids);
  const ownEntry = before.find((r) => r.supplierId === attempt.supplierId) ?? null;
  const bestEntry = before[0] ?? null;
  const own = ownEntry ? micros(ownEntry.price) : null;
  const best = bestEntry ? micros(bestEntry.price) : null;
  if (own !== null && p >= own) {
    const shown = formatDecimal(own, precision);
    return refuse('OWN_RAISE', `报价须低于您上一次的报价 ${shown}`, shown);
  }
  const reference = rules.bidRule === 'BEAT_OWN_LAST' ? own : best;
  if (reference !== null) {
    const step = stepMicros(reference, rules);
    const limit = reference - step;
    if (p > limit) {
      const shownLimit = formatDecimal(limit, precision);
      const what = rules.bidRule === 'BEAT_OWN_LAST' ? '您上一次的报价' : '当前最低价';
      return refuse(
        'STEP',
        `报价须不高于 ${shownLimit}（比${what} ${formatDecimal(reference, precision)} 至少降低 ${formatDecimal(step, precision)}）`,
        shownLimit,
      );
    }
  }

  // 6. AUC-6: with NO_TIES, no other supplier's current price may equal p.
  if (rules.tieRule === 'NO_TIES' && before.some((r) => r.supplierId !== attempt.supplierId && micros(r.price) === p)) {
    return refuse('TIE');
  }

  // 7. AUC-7: the cap on accepted bids per supplier.
  if (rules.maxBidsPerSupplier !== null && (ownEntry?.bidCount ?? 0) >= rules.maxBidsPerSupplier) {
    return refuse('CAP', `您的报价次数已达上限（${rules.maxBidsPerSupplier} 次）`);
  }

  // 8. AUC-8: far below the best needs an explicit confirmation.
  if (best !== null && !attempt.confirmed) {
    const pct = micros(rules.confirmDropPct);
    // p < best × (1 − pct/100)  ⇔  p × 100 × SCALED_ONE < best × (100 × SCALED_ONE − pct)
    if (p * 100n * SCALED_ONE < best * (100n * SCALED_ONE - pct)) {
      return refuse(
        'NEEDS_CONFIRMATION',
        `报价比当前最低价低 ${trimDecimal(rules.confirmDropPct)}% 以上，请确认该价格后再提交`,
      );
    }
  }

  // 9. Store with the next seq; ranks from each supplier's latest accepted bid.
  const seq = state.lastSeq + 1;
  const receivedAt = now.toISOString();
  const bid: StoredBid = {
    seq,
    supplierId: attempt.supplierId,
    price: offer.price,
    receivedAt,
    status: 'ACCEPTED',
    clientRequestId: attempt.clientRequestId ?? null,
    rankAfter: null,
    extendedEndAt: null,
  };
  const ranking = rankLot([...bids, bid]);
  const newBest = ranking[0]!;
  bid.rankAfter = ranking.find((r) => r.supplierId === attempt.supplierId)!.rank;
  const leaderChanged = best === null || micros(newBest.price) !== best;

  // 10. AUC-9: overtime.
  let currentEndAt = state.currentEndAt;
  let extensionsUsed = state.extensionsUsed;
  let totalExtensionMs = state.totalExtensionMs;
  let extendedFrom: string | null = null;
  const extension = overtimeFor(state, rules, t, leaderChanged);
  if (extension !== null) {
    extendedFrom = state.currentEndAt;
    currentEndAt = new Date(extension).toISOString();
    extensionsUsed += 1;
    totalExtensionMs += extension - end;
    bid.extendedEndAt = currentEndAt;
  }

  return {
    outcome: 'ACCEPTED',
    bid,
    lines: offer.lines,
    ranking,
    extendedFrom,
    leaderChanged,
    state: {
      ...state,
      lastSeq: seq,
      bestPrice: newBest.price,
      bestSupplierId: newBest.supplierId,
      currentEndAt,
      extensionsUsed,
      totalExtensionMs,
    },
  };
}

/**
 * The new end (epoch ms) an accepted bid at `t` triggers, or null (12.3 step 10, AUC-9). The
 * total cap clamps the extension to what is left of it; with nothing left there is none.
 */
export function overtimeFor(
  state: Pick<AuctionLotState, 'currentEndAt' | 'extensionsUsed' | 'totalExtensionMs'>,
  rules: Pick<
    AuctionRules,
    | 'overtimeEnabled'
    | 'overtimeWindowMin'
    | 'overtimeTrigger'
    | 'overtimeBase'
    | 'overtimeExtendMin'
    | 'maxExtensions'
    | 'maxTotalExtensionMin'
  >,
  t: number,
  leaderChanged: boolean,
): number | null {
  if (!rules.overtimeEnabled) return null;
  const end = Date.parse(state.currentEndAt);
  if (t < end - rules.overtimeWindowMin * MINUTE_MS) return null;
  if (rules.overtimeTrigger === 'LEADER_CHANGE' && !leaderChanged) return null;
  if (rules.maxExtensions !== null && state.extensionsUsed >= rules.maxExtensions) return null;
  let newEnd = (rules.overtimeBase === 'FROM_BID_TIME' ? t : end) + rules.overtimeExtendMin * MINUTE_MS;
  if (rules.maxTotalExtensionMin !== null) {
    const left = rules.maxTotalExtensionMin * MINUTE_MS - state.totalExtensionMs;
    if (left <= 0) return null;
    newEnd = Math.min(newEnd, end + left);
  }
  return newEnd > end ? newEnd : null;
}

export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
