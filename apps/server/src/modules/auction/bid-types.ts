/** The types of the auction rules (§12): rules, lot state, bids, decisions. */

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
