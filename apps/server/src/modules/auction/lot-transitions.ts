import { SCALED_ONE, divRound, formatDecimal } from '@procura/shared';
import type { AuctionRules, AuctionLotState, StoredBid, RankEntry } from './bid-types.js';
import { micros, rankLot } from './bid-pricing.js';

/** A lot's transitions (AUC-11, AUC-12, AUC-15, AUC-16), voiding (AUC-13), reserve and savings (AUC-14, AUC-17). */

// ---------------------------------------------------------------------------------------------
// Lot transitions: start (AUC-16), pause / resume (AUC-12), close (AUC-11, AUC-15)
// ---------------------------------------------------------------------------------------------

export type LotActionRefusal = 'WRONG_STATUS' | 'TOO_EARLY' | 'ENDED' | 'TOO_FEW_PARTICIPANTS' | 'REASON_REQUIRED';

export type LotTransition =
  { ok: true; state: AuctionLotState } | { ok: false; reason: LotActionRefusal; message: string };

const lotRefusal = (reason: LotActionRefusal, message: string): LotTransition => ({ ok: false, reason, message });

/** The initial state of a scheduled lot. */
export function initialLotState(lotId: string, rules: Pick<AuctionRules, 'endAt'>): AuctionLotState {
  return {
    lotId,
    status: 'SCHEDULED',
    currentEndAt: rules.endAt,
    extensionsUsed: 0,
    totalExtensionMs: 0,
    lastSeq: 0,
    bestPrice: null,
    bestSupplierId: null,
    pausedAt: null,
    pauseReason: null,
  };
}

/**
 * SCHEDULED → RUNNING at or after `startAt`, strictly before the end. AUC-16: with fewer than
 * `minParticipants` admitted the lot does not start unless M approved starting anyway.
 */
export function startLot(
  state: AuctionLotState,
  rules: Pick<AuctionRules, 'startAt' | 'minParticipants'>,
  admittedCount: number,
  now: Date,
  options: { approvedBelowMinimum?: boolean } = {},
): LotTransition {
  if (state.status !== 'SCHEDULED') return lotRefusal('WRONG_STATUS', '只有未开始的竞价可以开始');
  const t = now.getTime();
  if (t < Date.parse(rules.startAt)) return lotRefusal('TOO_EARLY', '未到竞价开始时间');
  if (t >= Date.parse(state.currentEndAt)) return lotRefusal('ENDED', '竞价结束时间已过，请重新安排时间');
  if (admittedCount < rules.minParticipants && !options.approvedBelowMinimum) {
    return lotRefusal('TOO_FEW_PARTICIPANTS', `入围供应商不足 ${rules.minParticipants} 家，竞价不能开始`);
  }
  return { ok: true, state: { ...state, status: 'RUNNING' } };
}

/** AUC-12: B pauses a running lot with a reason, before its end. */
export function pauseLot(state: AuctionLotState, now: Date, reason: string): LotTransition {
  if (state.status !== 'RUNNING') return lotRefusal('WRONG_STATUS', '只有进行中的竞价可以暂停');
  if (now.getTime() >= Date.parse(state.currentEndAt)) return lotRefusal('ENDED', '竞价已结束，不能暂停');
  const text = reason.trim();
  if (!text) return lotRefusal('REASON_REQUIRED', '请填写暂停原因');
  return { ok: true, state: { ...state, status: 'PAUSED', pausedAt: now.toISOString(), pauseReason: text } };
}

/** AUC-12: on resume the current end moves by the paused duration. */
export function resumeLot(state: AuctionLotState, now: Date): LotTransition {
  if (state.status !== 'PAUSED' || !state.pausedAt) return lotRefusal('WRONG_STATUS', '只有已暂停的竞价可以恢复');
  const paused = Math.max(0, now.getTime() - Date.parse(state.pausedAt));
  const currentEndAt = new Date(Date.parse(state.currentEndAt) + paused).toISOString();
  return { ok: true, state: { ...state, status: 'RUNNING', currentEndAt, pausedAt: null, pauseReason: null } };
}

export type LotClosing =
  { ok: true; state: AuctionLotState; ranking: RankEntry[] } | { ok: false; reason: LotActionRefusal; message: string };

/**
 * AUC-11: at or after the current end a running lot closes and its final ranking is frozen
 * from the stored bids; a lot without accepted bids fails (AUC-15).
 */
export function closeLot(state: AuctionLotState, bids: readonly StoredBid[], now: Date): LotClosing {
  if (state.status !== 'RUNNING') return { ok: false, reason: 'WRONG_STATUS', message: '只有进行中的竞价可以结束' };
  if (now.getTime() < Date.parse(state.currentEndAt))
    return { ok: false, reason: 'TOO_EARLY', message: '未到竞价结束时间' };
  const ranking = rankLot(bids);
  const best = ranking[0] ?? null;
  return {
    ok: true,
    ranking,
    state: {
      ...state,
      status: best ? 'CLOSED' : 'FAILED',
      bestPrice: best?.price ?? null,
      bestSupplierId: best?.supplierId ?? null,
    },
  };
}

export type BidVoiding =
  | { ok: true; bid: StoredBid; state: AuctionLotState; ranking: RankEntry[] }
  | { ok: false; reason: 'NOT_FOUND' | 'ALREADY_VOIDED' | 'REASON_REQUIRED' | 'WRONG_STATUS'; message: string };

/**
 * AUC-13: B voids an accepted bid (never deletes it) with a reason; the ranking and the best are
 * recomputed from the remaining accepted bids. Allowed while the lot runs, is paused or has
 * closed (before award). The caller stores `voidedBy` / `voidReason`, logs and notifies.
 */
export function voidBid(state: AuctionLotState, bids: readonly StoredBid[], seq: number, reason: string): BidVoiding {
  if (state.status !== 'RUNNING' && state.status !== 'PAUSED' && state.status !== 'CLOSED') {
    return { ok: false, reason: 'WRONG_STATUS', message: '当前状态不能作废报价' };
  }
  if (!reason.trim()) return { ok: false, reason: 'REASON_REQUIRED', message: '请填写作废原因' };
  const target = bids.find((b) => b.seq === seq);
  if (!target) return { ok: false, reason: 'NOT_FOUND', message: '报价不存在' };
  if (target.status === 'VOIDED') return { ok: false, reason: 'ALREADY_VOIDED', message: '该报价已作废' };
  const bid: StoredBid = { ...target, status: 'VOIDED' };
  const ranking = rankLot(bids.map((b) => (b.seq === seq ? bid : b)));
  const best = ranking[0] ?? null;
  return {
    ok: true,
    bid,
    ranking,
    state: { ...state, bestPrice: best?.price ?? null, bestSupplierId: best?.supplierId ?? null },
  };
}

/** AUC-15: the award needs M's approval when the final best is above the hidden reserve price. */
export function needsReserveApproval(rules: Pick<AuctionRules, 'reservePrice'>, finalBest: string): boolean {
  return rules.reservePrice !== null && micros(finalBest) > micros(rules.reservePrice);
}

export interface AuctionSavings {
  /** startPrice − finalBest, 2 decimals. */
  vsStart: string;
  /** That saving as a percentage of the start price, 2 decimals. */
  vsStartPct: string;
  /** previousPrice − finalBest (negative when dearer), or null without a previous price. */
  vsPrevious: string | null;
  vsPreviousPct: string | null;
}

/** AUC-17: savings of a lot against its start price and, when known, the previous price. */
export function auctionSavings(
  startPrice: string,
  finalBest: string,
  previousPrice: string | null = null,
): AuctionSavings {
  const best = micros(finalBest);
  const against = (base: bigint) => ({
    amount: formatDecimal(base - best, 2),
    // (base − best) / base × 100, scale 6, then 2 decimals.
    pct: base === 0n ? '0.00' : formatDecimal(divRound((base - best) * 100n * SCALED_ONE, base), 2),
  });
  const start = against(micros(startPrice));
  const previous = previousPrice === null ? null : against(micros(previousPrice));
  return {
    vsStart: start.amount,
    vsStartPct: start.pct,
    vsPrevious: previous?.amount ?? null,
    vsPreviousPct: previous?.pct ?? null,
  };
}
