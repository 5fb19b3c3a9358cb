/**
 * The rules of the live reverse auction (srm.md §12), as pure functions: no I/O, no clock of
 * their own (the caller passes the server time read inside the lot-locked transaction, X-1).
 *
 * Money is never a float: prices are decimal strings carried internally as bigint
 * micro-units (6 decimals, the `price` type of the domain note).
 *
 * The caller's part (12.3): open a transaction holding the lot lock (PostgreSQL
 * `SELECT … FOR UPDATE` on the lot state row, SQLite `BEGIN IMMEDIATE`), read the state, the
 * rules and the lot's bids, call `evaluateBid`, then store `decision.bid` and `decision.state`
 * (or log the refusal in the attempt log), commit, and only then publish live events (step 11).
 */
import { DECIMAL_SCALE, SCALED_ONE, divRound, formatDecimal, parseDecimal } from '@procura/shared';

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type BiddingTarget = 'UNIT_PRICE' | 'LOT_TOTAL';
export type DecrementMode = 'AMOUNT' | 'PERCENT';
export type BidRule = 'BEAT_OWN_LAST' | 'BEAT_BEST';
export type TieRule = 'NO_TIES' | 'EARLIER_WINS';
export type OvertimeTrigger = 'ANY_BID' | 'LEADER_CHANGE';
export type OvertimeBase = 'FROM_BID_TIME' | 'FROM_END_TIME';
export type SupplierView = 'RANK_ONLY' | 'BEST_PRICE' | 'RANK_AND_BEST' | 'TRAFFIC_LIGHT' | 'NONE';
export type LotStatus = 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'CLOSED' | 'FAILED' | 'CANCELLED';
export type BidStatus = 'ACCEPTED' | 'VOIDED';
export type Admission = 'ADMITTED' | 'NOT_ADMITTED' | 'BANNED';

/** The rule block of a lot (§12.1). Decimals are strings; times ISO-8601 UTC. */
export interface AuctionRules {
  biddingTarget: BiddingTarget;
  /** Ceiling of the lot value (for UNIT_PRICE: of Σ qty × unit price). */
  startPrice: string;
  reservePrice: string | null;
  decrementMode: DecrementMode;
  /** An amount (AMOUNT) or a percentage 0–100 (PERCENT). */
  decrementValue: string;
  bidRule: BidRule;
  tieRule: TieRule;
  maxBidsPerSupplier: number | null;
  /** Percentage 0–100. */
  confirmDropPct: string;
  startAt: string;
  endAt: string;
  overtimeEnabled: boolean;
  overtimeWindowMin: number;
  overtimeTrigger: OvertimeTrigger;
  overtimeBase: OvertimeBase;
  overtimeExtendMin: number;
  maxExtensions: number | null;
  maxTotalExtensionMin: number | null;
  supplierView: SupplierView;
  showParticipantCount: boolean;
  buyerAnonymous: boolean;
  minParticipants: number;
  /** Decimals allowed in a price, 0–6. */
  pricePrecision: number;
}

/**
 * AuctionLotState (§12.2). `totalExtensionMs` replaces the note's `totalExtensionMin`: with
 * FROM_BID_TIME an extension adds `bid time + extension − current end`, not a whole number of
 * minutes, and the cap (`maxTotalExtensionMin`) must be checked exactly.
 */
export interface AuctionLotState {
  lotId: string;
  status: LotStatus;
  currentEndAt: string;
  extensionsUsed: number;
  totalExtensionMs: number;
  lastSeq: number;
  bestPrice: string | null;
  bestSupplierId: string | null;
  pausedAt: string | null;
  pauseReason: string | null;
}

/** One unit price of a UNIT_PRICE bid, as stored with the bid. */
export interface BidLine {
  lineId: string;
  qty: string;
  unitPrice: string;
  /** round(qty × unitPrice, 2), half up. */
  amount: string;
}

/** AuctionBid (§12.2), append-only. `price` is the lot value, canonical with `pricePrecision` decimals (2 for UNIT_PRICE totals). */
export interface StoredBid {
  seq: number;
  supplierId: string;
  price: string;
  receivedAt: string;
  status: BidStatus;
  clientRequestId: string | null;
  rankAfter: number | null;
  extendedEndAt: string | null;
}

export interface BidAttempt {
  supplierId: string;
  /** Participation of the supplier in the lot, read by the caller (AUC-2). */
  admission: Admission;
  /** LOT_TOTAL: the bid. */
  price?: string | number;
  /** UNIT_PRICE: every line of the lot with its unit price. */
  lines?: readonly { lineId: string; qty: string; unitPrice: string | number }[];
  /** The bidder confirmed a price far below the best (AUC-8). */
  confirmed?: boolean;
  /** Idempotency key. */
  clientRequestId?: string | null;
}

export type RefusalReason =
  | 'NOT_RUNNING'
  | 'LATE'
  | 'PAUSED'
  | 'NOT_ADMITTED'
  | 'BAD_PRICE'
  | 'ABOVE_START'
  | 'STEP'
  | 'OWN_RAISE'
  | 'TIE'
  | 'CAP'
  | 'NEEDS_CONFIRMATION';

/** The supplier's own standing in a ranking: rank 1 is the best. */
export interface RankEntry {
  rank: number;
  supplierId: string;
  /** The supplier's latest accepted bid. */
  price: string;
  seq: number;
  receivedAt: string;
  /** Accepted (not voided) bids of the supplier. */
  bidCount: number;
}

export type BidDecision =
  | {
      outcome: 'ACCEPTED';
      /** The row to insert; `seq`, `rankAfter` and `extendedEndAt` filled. */
      bid: StoredBid;
      /** UNIT_PRICE: the normalised line prices to store with the bid; null for LOT_TOTAL. */
      lines: BidLine[] | null;
      /** The lot state to write back. */
      state: AuctionLotState;
      ranking: RankEntry[];
      /** The end before this bid, when it triggered an extension (AUC-9). */
      extendedFrom: string | null;
      leaderChanged: boolean;
    }
  /** the request id was already accepted; answer with the first result, store nothing. */
  | { outcome: 'DUPLICATE'; bid: StoredBid }
  | {
      outcome: 'REFUSED';
      reason: RefusalReason;
      /** Chinese, shown to the bidder. */
      message: string;
      /** STEP: the highest acceptable price; OWN_RAISE: the own price to go under; ABOVE_START: the start price. */
      limit?: string;
    };

// ---------------------------------------------------------------------------------------------
// Steps (decimal arithmetic itself is @procura/shared's decimal.ts)
// ---------------------------------------------------------------------------------------------

const MINUTE_MS = 60_000;

function micros(text: string): bigint {
  const value = parseDecimal(text);
  if (value === null) throw new Error(`not a decimal: ${text}`);
  return value;
}

function unitOf(precision: number): bigint {
  return 10n ** BigInt(DECIMAL_SCALE - Math.max(0, Math.min(DECIMAL_SCALE, precision)));
}

/**
 * The minimum step below a reference price x (12.3 step 5): `decrementValue` (AMOUNT) or
 * `round(x × decrementValue / 100, pricePrecision)` (PERCENT), half up. A step is never less
 * than one unit of the price precision: a zero step would let a bid "beat" a price by nothing.
 */
export function stepBelow(
  reference: string,
  rules: Pick<AuctionRules, 'decrementMode' | 'decrementValue' | 'pricePrecision'>,
): string {
  return formatDecimal(stepMicros(micros(reference), rules), rules.pricePrecision);
}

function stepMicros(
  reference: bigint,
  rules: Pick<AuctionRules, 'decrementMode' | 'decrementValue' | 'pricePrecision'>,
): bigint {
  const unit = unitOf(rules.pricePrecision);
  const value = micros(rules.decrementValue);
  const step =
    rules.decrementMode === 'AMOUNT'
      ? divRound(value, unit) * unit
      : // reference (scale 6) × percent (scale 6) / 100 → scale 12; round to the precision.
        divRound(reference * value, 100n * SCALED_ONE * unit) * unit;
  return step > unit ? step : unit;
}

// ---------------------------------------------------------------------------------------------
// Ranking
// ---------------------------------------------------------------------------------------------

/**
 * The ranking of a lot, always recomputed from the stored bids (AUC-10): each supplier's latest
 * accepted bid (highest seq), price ascending, then earlier seq (AUC-6 EARLIER_WINS; with
 * NO_TIES equal prices cannot occur among accepted bids). Voided bids take no part (AUC-13).
 */
export function rankLot(bids: readonly StoredBid[]): RankEntry[] {
  const latest = new Map<string, { bid: StoredBid; count: number }>();
  for (const bid of bids) {
    if (bid.status !== 'ACCEPTED') continue;
    const seen = latest.get(bid.supplierId);
    if (!seen) latest.set(bid.supplierId, { bid, count: 1 });
    else latest.set(bid.supplierId, { bid: bid.seq > seen.bid.seq ? bid : seen.bid, count: seen.count + 1 });
  }
  return [...latest.values()]
    .map(({ bid, count }) => ({ bid, count, value: micros(bid.price) }))
    .sort((a, b) => (a.value === b.value ? a.bid.seq - b.bid.seq : a.value < b.value ? -1 : 1))
    .map(({ bid, count }, index) => ({
      rank: index + 1,
      supplierId: bid.supplierId,
      price: bid.price,
      seq: bid.seq,
      receivedAt: bid.receivedAt,
      bidCount: count,
    }));
}

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

function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

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

// ---------------------------------------------------------------------------------------------
// Who sees what (§12.4)
// ---------------------------------------------------------------------------------------------

export type Viewer = { kind: 'BIDDER'; supplierId: string } | { kind: 'BUYER' };

export interface AuctionSnapshot {
  state: AuctionLotState;
  rules: AuctionRules;
  bids: readonly StoredBid[];
  /** Admitted participants in admission order: names for the buyer, anonymous labels follow this order. */
  participants: readonly { supplierId: string; name: string }[];
  now: Date;
  /** After close, per the event's `resultVisibility` and whether the result is published. */
  result?: { published: boolean; winnerSupplierId: string | null; showBestPrice: boolean };
}

export type TrafficLight = 'GREEN' | 'YELLOW' | 'RED';
export type Phase = 'DURING' | 'AFTER';

interface CommonView {
  lotId: string;
  status: LotStatus;
  phase: Phase;
  serverTime: string;
  startAt: string;
  currentEndAt: string;
  extensionsUsed: number;
  pausedAt: string | null;
  pauseReason: string | null;
}

/** What a bidder receives: never another supplier's id, name, price, nor the lot's seq numbers. */
export interface BidderView extends CommonView {
  audience: 'BIDDER';
  /** Own bids, oldest first; `no` counts the bidder's own bids only. */
  ownBids: { no: number; price: string; receivedAt: string; status: BidStatus }[];
  ownPrice: string | null;
  /** With RANK_ONLY or RANK_AND_BEST, once the bidder has a standing bid. */
  ownRank: number | null;
  /** With BEST_PRICE or RANK_AND_BEST during; after close per `result.showBestPrice`. */
  bestPrice: string | null;
  /** TRAFFIC_LIGHT, during only. */
  trafficLight: TrafficLight | null;
  /** With `showParticipantCount`. */
  participantCount: number | null;
  /** After close, when the result is published: the winner's name only. */
  winnerName: string | null;
}

export interface BuyerRankRow {
  rank: number;
  /** "供应商 n" while anonymous, the supplier's name otherwise. */
  label: string;
  /** Null while anonymous (an id would name the supplier). */
  supplierId: string | null;
  price: string;
  bidCount: number;
  lastBidAt: string;
}

export interface BuyerView extends CommonView {
  audience: 'BUYER';
  anonymous: boolean;
  totalExtensionMs: number;
  participantCount: number;
  bestPrice: string | null;
  ranking: BuyerRankRow[];
  bids: {
    seq: number;
    label: string;
    supplierId: string | null;
    price: string;
    receivedAt: string;
    status: BidStatus;
    extendedEndAt: string | null;
  }[];
}

export type LotView = BidderView | BuyerView;

const ENDED: readonly LotStatus[] = ['CLOSED', 'FAILED', 'CANCELLED'];

/** DURING until the lot is closed, failed or cancelled, or its end time has passed. */
export function phaseOf(state: AuctionLotState, now: Date): Phase {
  if (ENDED.includes(state.status)) return 'AFTER';
  return state.status === 'RUNNING' && now.getTime() >= Date.parse(state.currentEndAt) ? 'AFTER' : 'DURING';
}

/**
 * The view of a lot for one viewer (§12.4). Supplier views are chosen by `supplierView`:
 * RANK_ONLY own rank; BEST_PRICE the best price; RANK_AND_BEST both; TRAFFIC_LIGHT a colour
 * (green rank 1, yellow within two steps of the best, red otherwise); NONE only own bids.
 */
export function visibleTo(viewer: Viewer, snapshot: AuctionSnapshot): LotView {
  const { phase, ranking, rankOf, ownBids, common, participantCount } = sharedOf(snapshot);
  const { rules } = snapshot;

  if (viewer.kind === 'BIDDER') {
    const own = ownBids.get(viewer.supplierId) ?? [];
    const mine = rankOf.get(viewer.supplierId) ?? null;
    const best = ranking[0] ?? null;
    const view = rules.supplierView;
    const during = phase === 'DURING';
    let trafficLight: TrafficLight | null = null;
    if (during && view === 'TRAFFIC_LIGHT' && mine && best) {
      const gap = micros(mine.price) - micros(best.price);
      trafficLight = mine.rank === 1 ? 'GREEN' : gap <= 2n * stepMicros(micros(best.price), rules) ? 'YELLOW' : 'RED';
    }
    const showBest = during
      ? view === 'BEST_PRICE' || view === 'RANK_AND_BEST'
      : snapshot.result?.showBestPrice === true;
    const winnerId = !during && snapshot.result?.published ? snapshot.result.winnerSupplierId : null;
    return {
      ...common,
      audience: 'BIDDER',
      ownBids: own.map((b, i) => ({ no: i + 1, price: b.price, receivedAt: b.receivedAt, status: b.status })),
      ownPrice: mine?.price ?? null,
      ownRank: mine && (view === 'RANK_ONLY' || view === 'RANK_AND_BEST') ? mine.rank : null,
      bestPrice: showBest ? (best?.price ?? null) : null,
      trafficLight,
      participantCount: rules.showParticipantCount ? participantCount : null,
      winnerName: winnerId ? (snapshot.participants.find((p) => p.supplierId === winnerId)?.name ?? null) : null,
    };
  }

  const memo = sharedOf(snapshot);
  memo.buyer ??= buyerView(snapshot, memo);
  return memo.buyer;
}

/**
 * What every view of one snapshot shares, computed once however many streams watch the lot: each
 * accepted bid is fanned out to every bidder's stream (§12.3 step 11), and ranking the lot again
 * for each of them made a bid cost streams × bids (bench/README.md). Views are only serialised,
 * never changed, so the buyer's, the same for every buyer, is shared too.
 */
type SharedView = {
  phase: Phase;
  ranking: RankEntry[];
  rankOf: Map<string, RankEntry>;
  ownBids: Map<string, StoredBid[]>;
  common: CommonView;
  participantCount: number;
  buyer?: BuyerView;
};
const shared = new WeakMap<AuctionSnapshot, SharedView>();

function sharedOf(snapshot: AuctionSnapshot): SharedView {
  const known = shared.get(snapshot);
  if (known) return known;
  const { state, rules, bids, now } = snapshot;
  const ranking = rankLot(bids);
  const ownBids = new Map<string, StoredBid[]>();
  for (const b of [...bids].sort((x, y) => x.seq - y.seq)) {
    const list = ownBids.get(b.supplierId);
    if (list) list.push(b);
    else ownBids.set(b.supplierId, [b]);
  }
  const phase = phaseOf(state, now);
  const view: SharedView = {
    phase,
    ranking,
    rankOf: new Map(ranking.map((r) => [r.supplierId, r])),
    ownBids,
    common: {
      lotId: state.lotId,
      status: state.status,
      phase,
      serverTime: now.toISOString(),
      startAt: rules.startAt,
      currentEndAt: state.currentEndAt,
      extensionsUsed: state.extensionsUsed,
      pausedAt: state.pausedAt,
      pauseReason: state.pauseReason,
    },
    participantCount: Math.max(snapshot.participants.length, ranking.length),
  };
  shared.set(snapshot, view);
  return view;
}

function buyerView(snapshot: AuctionSnapshot, { phase, ranking, common, participantCount }: SharedView): BuyerView {
  const { state, rules, bids } = snapshot;
  const anonymous = rules.buyerAnonymous && phase === 'DURING';
  const order = new Map<string, number>();
  for (const p of snapshot.participants) if (!order.has(p.supplierId)) order.set(p.supplierId, order.size + 1);
  for (const b of [...bids].sort((x, y) => x.seq - y.seq))
    if (!order.has(b.supplierId)) order.set(b.supplierId, order.size + 1);
  const names = new Map(snapshot.participants.map((p) => [p.supplierId, p.name]));
  const label = (supplierId: string) =>
    anonymous ? `供应商 ${order.get(supplierId)}` : (names.get(supplierId) ?? `供应商 ${order.get(supplierId)}`);
  const idOf = (supplierId: string) => (anonymous ? null : supplierId);
  return {
    ...common,
    audience: 'BUYER',
    anonymous,
    totalExtensionMs: state.totalExtensionMs,
    participantCount,
    bestPrice: ranking[0]?.price ?? null,
    ranking: ranking.map((r) => ({
      rank: r.rank,
      label: label(r.supplierId),
      supplierId: idOf(r.supplierId),
      price: r.price,
      bidCount: r.bidCount,
      lastBidAt: r.receivedAt,
    })),
    bids: [...bids]
      .sort((a, b) => a.seq - b.seq)
      .map((b) => ({
        seq: b.seq,
        label: label(b.supplierId),
        supplierId: idOf(b.supplierId),
        price: b.price,
        receivedAt: b.receivedAt,
        status: b.status,
        extendedEndAt: b.extendedEndAt,
      })),
  };
}
