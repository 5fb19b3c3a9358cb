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
 *
 * The rules live in the files re-exported below; importers keep this one path.
 */
export {
  type BiddingTarget,
  type DecrementMode,
  type BidRule,
  type TieRule,
  type OvertimeTrigger,
  type OvertimeBase,
  type SupplierView,
  type LotStatus,
  type BidStatus,
  type Admission,
  type AuctionRules,
  type AuctionLotState,
  type BidLine,
  type StoredBid,
  type BidAttempt,
  type RefusalReason,
  type RankEntry,
  type BidDecision,
} from './bid-types.js';
export { stepBelow, rankLot } from './bid-pricing.js';
export { REFUSAL_MESSAGES, evaluateBid, overtimeFor } from './bid-acceptance.js';
export {
  initialLotState,
  startLot,
  pauseLot,
  resumeLot,
  closeLot,
  voidBid,
  needsReserveApproval,
  auctionSavings,
  type LotActionRefusal,
  type LotTransition,
  type LotClosing,
  type BidVoiding,
  type AuctionSavings,
} from './lot-transitions.js';
export {
  phaseOf,
  visibleTo,
  type Viewer,
  type AuctionSnapshot,
  type TrafficLight,
  type Phase,
  type BidderView,
  type BuyerRankRow,
  type BuyerView,
  type LotView,
} from './lot-views.js';
