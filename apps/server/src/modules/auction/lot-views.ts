import type { LotStatus, BidStatus, AuctionRules, AuctionLotState, StoredBid, RankEntry } from './bid-types.js';
import { micros, stepMicros, rankLot } from './bid-pricing.js';

/** Who sees what of a lot (§12.4): the bidder's and the buyer's views. */

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
