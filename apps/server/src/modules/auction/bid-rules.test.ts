import { describe, expect, it } from 'vitest';
import {
  auctionSavings,
  closeLot,
  evaluateBid,
  initialLotState,
  needsReserveApproval,
  overtimeFor,
  pauseLot,
  rankLot,
  REFUSAL_MESSAGES,
  resumeLot,
  startLot,
  stepBelow,
  voidBid,
  visibleTo,
  type BidderView,
  type AuctionLotState,
  type AuctionRules,
  type BidAttempt,
  type BidDecision,
  type StoredBid,
  type RefusalReason,
} from './bid-rules.js';
import { parseDecimal } from '@procura/shared';

const T = Date.parse('2026-03-02T02:00:00.000Z');
const MIN = 60_000;
const at = (ms: number) => new Date(T + ms);
const iso = (ms: number) => new Date(T + ms).toISOString();

/** The rule block of scenario S5 (srm.md §25). */
function s5Rules(overrides: Partial<AuctionRules> = {}): AuctionRules {
  return {
    biddingTarget: 'LOT_TOTAL',
    startPrice: '30000',
    reservePrice: null,
    decrementMode: 'PERCENT',
    decrementValue: '1',
    bidRule: 'BEAT_BEST',
    tieRule: 'NO_TIES',
    maxBidsPerSupplier: null,
    confirmDropPct: '20',
    startAt: iso(0),
    endAt: iso(30 * MIN),
    overtimeEnabled: true,
    overtimeWindowMin: 5,
    overtimeTrigger: 'ANY_BID',
    overtimeBase: 'FROM_BID_TIME',
    overtimeExtendMin: 5,
    maxExtensions: 2,
    maxTotalExtensionMin: null,
    supplierView: 'RANK_ONLY',
    showParticipantCount: false,
    buyerAnonymous: true,
    minParticipants: 3,
    pricePrecision: 2,
    ...overrides,
  };
}

/** A lot that applies accepted decisions the way the service will: store the bid, write the state. */
class Lot {
  state: AuctionLotState;
  bids: StoredBid[] = [];
  constructor(
    readonly rules: AuctionRules,
    status: AuctionLotState['status'] = 'RUNNING',
  ) {
    this.state = { ...initialLotState('lot-1', rules), status };
  }
  bid(supplierId: string, price: string | number, ms: number, extra: Partial<BidAttempt> = {}): BidDecision {
    const decision = evaluateBid(
      this.state,
      this.rules,
      this.bids,
      { supplierId, admission: 'ADMITTED', price, ...extra },
      at(ms),
    );
    if (decision.outcome === 'ACCEPTED') {
      this.bids.push(decision.bid);
      this.state = decision.state;
    }
    return decision;
  }
}

function refusal(decision: BidDecision): RefusalReason | 'ACCEPTED' | 'DUPLICATE' {
  return decision.outcome === 'REFUSED' ? decision.reason : decision.outcome;
}

function accepted(decision: BidDecision) {
  if (decision.outcome !== 'ACCEPTED') throw new Error(`expected ACCEPTED, got ${JSON.stringify(decision)}`);
  return decision;
}

describe('AUC-1 bids only while running and strictly before the current end (server time)', () => {
  it.each<[string, AuctionLotState['status'], number, RefusalReason | 'ACCEPTED']>([
    ['scheduled lot, before the start (S5 step 1)', 'SCHEDULED', -MIN, 'NOT_RUNNING'],
    ['scheduled lot after the start: the start transition has not run', 'SCHEDULED', MIN, 'NOT_RUNNING'],
    ['running, one millisecond before the start', 'RUNNING', -1, 'NOT_RUNNING'],
    ['running, at the start instant', 'RUNNING', 0, 'ACCEPTED'],
    ['running, one millisecond before the end', 'RUNNING', 30 * MIN - 1, 'ACCEPTED'],
    ['running, at the end instant (closing job not run yet, X-2)', 'RUNNING', 30 * MIN, 'LATE'],
    ['running, one millisecond after the end', 'RUNNING', 30 * MIN + 1, 'LATE'],
    ['closed', 'CLOSED', 10 * MIN, 'LATE'],
    ['failed', 'FAILED', 10 * MIN, 'NOT_RUNNING'],
    ['cancelled', 'CANCELLED', 10 * MIN, 'NOT_RUNNING'],
  ])('%s', (_label, status, ms, expected) => {
    const lot = new Lot(s5Rules({ overtimeEnabled: false }), status);
    expect(refusal(lot.bid('A', '29000', ms))).toBe(expected);
  });

  it('a refused attempt changes nothing', () => {
    const lot = new Lot(s5Rules());
    const before = structuredClone(lot.state);
    const decision = lot.bid('A', '29000', 30 * MIN);
    expect(decision).toMatchObject({ outcome: 'REFUSED', reason: 'LATE', message: REFUSAL_MESSAGES.LATE });
    expect(lot.state).toEqual(before);
    expect(lot.bids).toEqual([]);
  });
});

describe('AUC-2 only admitted participants, not banned', () => {
  it.each<[BidAttempt['admission'], RefusalReason | 'ACCEPTED', string | undefined]>([
    ['ADMITTED', 'ACCEPTED', undefined],
    ['NOT_ADMITTED', 'NOT_ADMITTED', REFUSAL_MESSAGES.NOT_ADMITTED],
    ['BANNED', 'NOT_ADMITTED', '您已被禁止在本标段报价'],
  ])('%s → %s', (admission, expected, message) => {
    const lot = new Lot(s5Rules());
    const decision = lot.bid('A', '29000', MIN, { admission });
    expect(refusal(decision)).toBe(expected);
    if (message) expect(decision).toMatchObject({ message });
  });
});

describe('AUC-3 price > 0 within the price precision', () => {
  it.each<[string | number, number, RefusalReason | 'ACCEPTED']>([
    ['29000.55', 2, 'ACCEPTED'],
    ['29000.550', 2, 'ACCEPTED'],
    [29000.5, 2, 'ACCEPTED'],
    ['29000.555', 2, 'BAD_PRICE'],
    ['0', 2, 'BAD_PRICE'],
    ['0.00', 2, 'BAD_PRICE'],
    ['-100', 2, 'BAD_PRICE'],
    ['abc', 2, 'BAD_PRICE'],
    ['', 2, 'BAD_PRICE'],
    ['2.9e4', 2, 'BAD_PRICE'],
    [Number.NaN, 2, 'BAD_PRICE'],
    ['29000.5', 0, 'BAD_PRICE'],
    ['29000', 0, 'ACCEPTED'],
  ])('%j with precision %i → %s', (price, pricePrecision, expected) => {
    const lot = new Lot(s5Rules({ pricePrecision }));
    const decision = lot.bid('A', price, MIN);
    expect(refusal(decision)).toBe(expected);
    if (expected === 'BAD_PRICE')
      expect(decision).toMatchObject({ message: `报价须为大于0的数字，且最多${pricePrecision}位小数` });
  });

  it('stores the canonical price with pricePrecision decimals', () => {
    const lot = new Lot(s5Rules());
    expect(accepted(lot.bid('A', '29000.5', MIN)).bid.price).toBe('29000.50');
  });

  it('UNIT_PRICE: each line price is checked, the lot value is Σ round(qty × price, 2)', () => {
    const rules = s5Rules({ biddingTarget: 'UNIT_PRICE', startPrice: '30000', pricePrecision: 3 });
    const lot = new Lot(rules);
    const bad = evaluateBid(
      lot.state,
      rules,
      [],
      {
        supplierId: 'A',
        admission: 'ADMITTED',
        lines: [{ lineId: 'l1', qty: '200', unitPrice: '140.0005' }],
      },
      at(MIN),
    );
    expect(refusal(bad)).toBe('BAD_PRICE');
    const ok = accepted(
      evaluateBid(
        lot.state,
        rules,
        [],
        {
          supplierId: 'A',
          admission: 'ADMITTED',
          lines: [
            { lineId: 'l1', qty: '200', unitPrice: '100.125' },
            { lineId: 'l2', qty: '3.5', unitPrice: '1000.001' },
          ],
        },
        at(MIN),
      ),
    );
    // 200 × 100.125 = 20025.00; 3.5 × 1000.001 = 3500.0035 → 3500.00
    expect(ok.lines).toEqual([
      { lineId: 'l1', qty: '200.0000', unitPrice: '100.125', amount: '20025.00' },
      { lineId: 'l2', qty: '3.5000', unitPrice: '1000.001', amount: '3500.00' },
    ]);
    expect(ok.bid.price).toBe('23525.00');
  });
});

describe('AUC-4 no bid above the start price', () => {
  it.each<[string, RefusalReason | 'ACCEPTED']>([
    ['30500', 'ABOVE_START'],
    ['30000.01', 'ABOVE_START'],
    ['30000', 'ACCEPTED'],
  ])('%s → %s (S5 step 3)', (price, expected) => {
    const decision = new Lot(s5Rules()).bid('A', price, MIN);
    expect(refusal(decision)).toBe(expected);
    if (expected === 'ABOVE_START')
      expect(decision).toMatchObject({ limit: '30000.00', message: '报价不能高于起拍价 30000.00' });
  });
});

describe('AUC-5 beat the reference by a step; never raise or repeat one’s own price', () => {
  it.each<[string, Partial<AuctionRules>, string]>([
    ['29000', { decrementMode: 'PERCENT', decrementValue: '1' }, '290.00'],
    ['28700', { decrementMode: 'PERCENT', decrementValue: '1' }, '287.00'],
    ['333', { decrementMode: 'PERCENT', decrementValue: '0.5' }, '1.67'],
    ['333.32', { decrementMode: 'PERCENT', decrementValue: '0.5' }, '1.67'],
    ['333.2', { decrementMode: 'PERCENT', decrementValue: '0.5' }, '1.67'],
    ['10', { decrementMode: 'PERCENT', decrementValue: '0.01' }, '0.01'],
    ['29000', { decrementMode: 'PERCENT', decrementValue: '1', pricePrecision: 0 }, '290'],
    ['29000', { decrementMode: 'AMOUNT', decrementValue: '100' }, '100.00'],
    ['29000', { decrementMode: 'AMOUNT', decrementValue: '0.5', pricePrecision: 0 }, '1'],
  ])('step below %s with %j is %s', (reference, rules, expected) => {
    expect(stepBelow(reference, { ...s5Rules(), ...rules })).toBe(expected);
  });

  it('BEAT_BEST follows S5 steps 4–7 and 9', () => {
    const lot = new Lot(s5Rules());
    expect(accepted(lot.bid('A', '29000', MIN)).bid.rankAfter).toBe(1);
    expect(lot.bid('B', '28800', 2 * MIN)).toMatchObject({
      outcome: 'REFUSED',
      reason: 'STEP',
      limit: '28710.00',
      message: '报价须不高于 28710.00（比当前最低价 29000.00 至少降低 290.00）',
    });
    expect(accepted(lot.bid('B', '28700', 3 * MIN)).bid.rankAfter).toBe(1);
    expect(rankLot(lot.bids).map((r) => [r.supplierId, r.rank])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    // Step 7: equal to the best and not a step below it: the step is checked first.
    expect(refusal(lot.bid('A', '28700', 4 * MIN))).toBe('STEP');
    // Step 9: 28400 and 28410 both beat 28700 by a step; whichever is serialised first wins.
    expect(refusal(lot.bid('A', '28400', 5 * MIN))).toBe('ACCEPTED');
    expect(lot.bid('C', '28410', 5 * MIN)).toMatchObject({ reason: 'STEP', limit: '28116.00' });
    expect(lot.bids.map((b) => b.seq)).toEqual([1, 2, 3]);
  });

  it('the leader must beat its own best price by a step too under BEAT_BEST', () => {
    const lot = new Lot(s5Rules());
    lot.bid('A', '29000', MIN);
    expect(lot.bid('A', '28800', 2 * MIN)).toMatchObject({ reason: 'STEP', limit: '28710.00' });
  });

  it('BEAT_OWN_LAST: the reference is the bidder’s own last bid, not the best', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST' }));
    lot.bid('A', '28000', MIN);
    // B has no own bid yet: anything up to the start price.
    expect(refusal(lot.bid('B', '29500', 2 * MIN))).toBe('ACCEPTED');
    expect(lot.bid('B', '29300', 3 * MIN)).toMatchObject({ reason: 'STEP', limit: '29205.00' });
    expect(refusal(lot.bid('B', '29205', 4 * MIN))).toBe('ACCEPTED');
    expect(rankLot(lot.bids).map((r) => r.supplierId)).toEqual(['A', 'B']);
  });

  it.each<[string, string]>([
    ['a higher price', '29500'],
    ['the same price', '29000'],
  ])('never %s than one’s own (OWN_RAISE)', (_label, price) => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST' }));
    lot.bid('A', '29000', MIN);
    expect(lot.bid('A', price, 2 * MIN)).toMatchObject({
      reason: 'OWN_RAISE',
      limit: '29000.00',
      message: '报价须低于您上一次的报价 29000.00',
    });
  });
});

describe('AUC-6 ties', () => {
  it('NO_TIES refuses another supplier’s current price', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST' }));
    lot.bid('A', '29000', MIN);
    expect(lot.bid('B', '29000', 2 * MIN)).toMatchObject({ reason: 'TIE', message: REFUSAL_MESSAGES.TIE });
  });

  it('NO_TIES compares with current prices only, not with superseded ones', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST' }));
    lot.bid('A', '29000', MIN);
    lot.bid('A', '28000', 2 * MIN);
    expect(refusal(lot.bid('B', '29000', 3 * MIN))).toBe('ACCEPTED');
  });

  it('EARLIER_WINS accepts the tie and ranks the earlier sequence first', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST', tieRule: 'EARLIER_WINS' }));
    lot.bid('A', '29000', MIN);
    const b = accepted(lot.bid('B', '29000', 2 * MIN));
    expect(b.bid.rankAfter).toBe(2);
    expect(rankLot(lot.bids).map((r) => [r.supplierId, r.rank, r.seq])).toEqual([
      ['A', 1, 1],
      ['B', 2, 2],
    ]);
  });
});

describe('AUC-7 maxBidsPerSupplier', () => {
  it('refuses the bid after the cap; voided bids do not count', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST', maxBidsPerSupplier: 2 }));
    lot.bid('A', '29000', MIN);
    lot.bid('A', '28000', 2 * MIN);
    expect(lot.bid('A', '27000', 3 * MIN)).toMatchObject({ reason: 'CAP', message: '您的报价次数已达上限（2 次）' });
    expect(refusal(lot.bid('B', '28500', 3 * MIN))).toBe('ACCEPTED');
    lot.bids[1] = { ...lot.bids[1]!, status: 'VOIDED' };
    expect(refusal(lot.bid('A', '27000', 4 * MIN))).toBe('ACCEPTED');
  });
});

describe('AUC-8 far below the best needs confirmation', () => {
  it.each<[string, boolean, RefusalReason | 'ACCEPTED']>([
    ['20000', false, 'NEEDS_CONFIRMATION'],
    ['22959.99', false, 'NEEDS_CONFIRMATION'],
    ['22960', false, 'ACCEPTED'],
    ['20000', true, 'ACCEPTED'],
  ])('best 28700, bid %s confirmed=%s → %s (S5 step 8)', (price, confirmed, expected) => {
    const lot = new Lot(s5Rules());
    lot.bid('B', '28700', MIN);
    const before = structuredClone({ state: lot.state, bids: lot.bids });
    const decision = lot.bid('C', price, 2 * MIN, { confirmed });
    expect(refusal(decision)).toBe(expected);
    if (expected === 'NEEDS_CONFIRMATION') {
      expect(decision).toMatchObject({ message: '报价比当前最低价低 20% 以上，请确认该价格后再提交' });
      expect({ state: lot.state, bids: lot.bids }).toEqual(before);
    }
  });

  it('the first bid of a lot needs no confirmation', () => {
    expect(refusal(new Lot(s5Rules()).bid('A', '1000', MIN))).toBe('ACCEPTED');
  });
});

describe('AUC-9 overtime', () => {
  it('S5 steps 10–11: from bid time, at most two extensions, recorded on the bid', () => {
    const lot = new Lot(s5Rules());
    lot.bid('A', '29000', MIN);
    const first = accepted(lot.bid('B', '28700', 27 * MIN));
    expect(first.extendedFrom).toBe(iso(30 * MIN));
    expect(first.bid.extendedEndAt).toBe(iso(32 * MIN));
    expect(first.state).toMatchObject({ currentEndAt: iso(32 * MIN), extensionsUsed: 1, totalExtensionMs: 2 * MIN });
    const second = accepted(lot.bid('A', '28400', 31 * MIN));
    expect(second.state).toMatchObject({ currentEndAt: iso(36 * MIN), extensionsUsed: 2, totalExtensionMs: 6 * MIN });
    const third = accepted(lot.bid('B', '28116', 35 * MIN));
    expect(third.extendedFrom).toBeNull();
    expect(third.bid.extendedEndAt).toBeNull();
    expect(third.state).toMatchObject({ currentEndAt: iso(36 * MIN), extensionsUsed: 2 });
    expect(refusal(lot.bid('A', '27800', 36 * MIN))).toBe('LATE');
  });

  type Case = [string, Partial<AuctionRules>, Partial<AuctionLotState>, number, boolean, number | null];
  it.each<Case>([
    ['outside the window', {}, {}, 25 * MIN - 1, true, null],
    ['at the start of the window, from bid time: the new end would not be later', {}, {}, 25 * MIN, true, null],
    ['at the start of the window, from end time', { overtimeBase: 'FROM_END_TIME' }, {}, 25 * MIN, true, 35 * MIN],
    ['from bid time', {}, {}, 27 * MIN, true, 32 * MIN],
    ['from end time', { overtimeBase: 'FROM_END_TIME' }, {}, 27 * MIN, true, 35 * MIN],
    ['disabled', { overtimeEnabled: false }, {}, 29 * MIN, true, null],
    ['LEADER_CHANGE without a change of the best', { overtimeTrigger: 'LEADER_CHANGE' }, {}, 29 * MIN, false, null],
    ['LEADER_CHANGE with a new best', { overtimeTrigger: 'LEADER_CHANGE' }, {}, 29 * MIN, true, 34 * MIN],
    ['ANY_BID without a change of the best', {}, {}, 29 * MIN, false, 34 * MIN],
    ['maxExtensions reached', { maxExtensions: 2 }, { extensionsUsed: 2 }, 29 * MIN, true, null],
    ['maxExtensions null: no cap', { maxExtensions: null }, { extensionsUsed: 50 }, 29 * MIN, true, 34 * MIN],
    [
      'total cap clamps the extension',
      { maxTotalExtensionMin: 7, overtimeBase: 'FROM_END_TIME' },
      { totalExtensionMs: 5 * MIN },
      29 * MIN,
      true,
      32 * MIN,
    ],
    ['total cap used up', { maxTotalExtensionMin: 7 }, { totalExtensionMs: 7 * MIN }, 29 * MIN, true, null],
    ['a short extension that would shorten the end', { overtimeExtendMin: 1 }, {}, 27 * MIN, true, null],
  ])('%s', (_label, rules, state, t, leaderChanged, expected) => {
    const lotState = { ...initialLotState('lot-1', s5Rules()), status: 'RUNNING' as const, ...state };
    const end = overtimeFor(lotState, s5Rules(rules), T + t, leaderChanged);
    expect(end === null ? null : end - T).toBe(expected);
  });

  it('LEADER_CHANGE: a bid that does not change the best price extends nothing', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST', overtimeTrigger: 'LEADER_CHANGE' }));
    lot.bid('A', '28000', MIN);
    lot.bid('B', '29500', 2 * MIN);
    const b = accepted(lot.bid('B', '29000', 28 * MIN));
    expect(b.leaderChanged).toBe(false);
    expect(b.state.currentEndAt).toBe(iso(30 * MIN));
    const a = accepted(lot.bid('A', '27000', 28 * MIN));
    expect(a.leaderChanged).toBe(true);
    expect(a.state.currentEndAt).toBe(iso(33 * MIN));
  });
});

/** A small seeded generator: the property test is the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('AUC-10 serialised bids: unique increasing seq, ranks always follow from the stored bids', () => {
  it.each([
    ['BEAT_BEST / NO_TIES / from bid time', s5Rules({ maxExtensions: 5 }), 1],
    [
      'BEAT_OWN_LAST / EARLIER_WINS / from end time / total cap',
      s5Rules({
        bidRule: 'BEAT_OWN_LAST',
        tieRule: 'EARLIER_WINS',
        overtimeBase: 'FROM_END_TIME',
        maxExtensions: null,
        maxTotalExtensionMin: 12,
      }),
      2,
    ],
    [
      'AMOUNT step / LEADER_CHANGE',
      s5Rules({
        decrementMode: 'AMOUNT',
        decrementValue: '50',
        overtimeTrigger: 'LEADER_CHANGE',
        maxBidsPerSupplier: 15,
      }),
      3,
    ],
  ])('200 random attempts around the end time (%s)', (_label, rules, seed) => {
    const random = mulberry32(seed);
    const lot = new Lot(rules);
    const suppliers = ['A', 'B', 'C', 'D'];
    let t = 24 * MIN;
    let acceptedCount = 0;
    let extensions = 0;
    let lateAtEnd = 0;
    for (let i = 0; i < 200; i++) {
      // Time moves forward through the (moving) end; some attempts land exactly on it or 1 ms before.
      const end = Date.parse(lot.state.currentEndAt) - T;
      const r = random();
      const next = t + Math.floor(random() * 20_000);
      if (end >= t && end - t <= 30_000 && r < 0.3) t = end - 1;
      // The first attempt that would cross the end lands exactly on it.
      else if (t < end && next >= end && lateAtEnd === 0) t = end;
      else t = next;
      const supplierId = suppliers[Math.floor(random() * suppliers.length)]!;
      // Mostly within a few steps below the best, sometimes above it or with too many decimals.
      const best = lot.state.bestPrice ? Number(lot.state.bestPrice) : 30000;
      const price = (best * (1 - random() * 0.03) + (random() < 0.15 ? 300 : 0)).toFixed(random() < 0.1 ? 3 : 2);
      const endBefore = lot.state.currentEndAt;
      const seqBefore = lot.state.lastSeq;
      const decision = lot.bid(supplierId, price, t, { confirmed: random() < 0.5, clientRequestId: `r${i}` });

      if (decision.outcome === 'ACCEPTED') {
        acceptedCount += 1;
        // Never at or after the end as it stood when the bid arrived.
        expect(T + t).toBeLessThan(Date.parse(endBefore));
        expect(decision.bid.seq).toBe(seqBefore + 1);
        // The end never moves backwards.
        expect(Date.parse(decision.state.currentEndAt)).toBeGreaterThanOrEqual(Date.parse(endBefore));
        if (decision.extendedFrom) extensions += 1;
      } else {
        expect(lot.state.lastSeq).toBe(seqBefore);
        if (T + t >= Date.parse(endBefore)) expect(refusal(decision)).toBe('LATE');
        if (T + t === Date.parse(endBefore)) lateAtEnd += 1;
      }
      const seqs = lot.bids.map((b) => b.seq);
      expect(seqs).toEqual(seqs.map((_, k) => k + 1));
      // Ranks and best always equal a recomputation from the stored bids.
      const recomputed = rankLot(lot.bids);
      expect(lot.state.bestPrice).toBe(recomputed[0]?.price ?? null);
      expect(lot.state.bestSupplierId).toBe(recomputed[0]?.supplierId ?? null);
      if (decision.outcome === 'ACCEPTED') {
        expect(decision.ranking).toEqual(recomputed);
        expect(decision.bid.rankAfter).toBe(recomputed.find((r) => r.supplierId === supplierId)!.rank);
      }
      const prices = recomputed.map((r) => parseDecimal(r.price)!);
      for (let k = 1; k < prices.length; k++) expect(prices[k]! >= prices[k - 1]!).toBe(true);
      expect(lot.state.extensionsUsed).toBeLessThanOrEqual(rules.maxExtensions ?? Infinity);
      expect(lot.state.totalExtensionMs).toBeLessThanOrEqual((rules.maxTotalExtensionMin ?? Infinity) * MIN);
    }
    // The run exercised the edge: bids accepted, extensions granted, attempts exactly at the end refused.
    expect(acceptedCount).toBeGreaterThan(5);
    expect(extensions).toBeGreaterThan(0);
    expect(lateAtEnd).toBeGreaterThan(0);
    // The whole run ends closed: every later attempt is late.
    expect(refusal(lot.bid('A', '1', Date.parse(lot.state.currentEndAt) - T))).toBe('LATE');
  });

  it('X-8: a repeated client request id answers with the first bid and stores nothing', () => {
    const lot = new Lot(s5Rules());
    const first = accepted(lot.bid('A', '29000', MIN, { clientRequestId: 'req-1' }));
    const again = lot.bid('A', '29000', 2 * MIN, { clientRequestId: 'req-1' });
    expect(again).toEqual({ outcome: 'DUPLICATE', bid: first.bid });
    expect(lot.bids).toHaveLength(1);
    // Another supplier's identical id is its own request.
    expect(refusal(lot.bid('B', '28700', 3 * MIN, { clientRequestId: 'req-1' }))).toBe('ACCEPTED');
  });
});

describe('AUC-11 at the end the lot closes and the ranking is frozen', () => {
  it('closes at the end, refuses before it, and the frozen ranking matches the stored bids', () => {
    const lot = new Lot(s5Rules({ overtimeEnabled: false }));
    lot.bid('A', '29000', MIN);
    lot.bid('B', '28700', 2 * MIN);
    expect(closeLot(lot.state, lot.bids, at(30 * MIN - 1))).toMatchObject({ ok: false, reason: 'TOO_EARLY' });
    const closed = closeLot(lot.state, lot.bids, at(30 * MIN));
    if (!closed.ok) throw new Error(closed.message);
    expect(closed.state).toMatchObject({ status: 'CLOSED', bestPrice: '28700.00', bestSupplierId: 'B' });
    expect(closed.ranking).toEqual(rankLot(lot.bids));
    lot.state = closed.state;
    expect(refusal(lot.bid('A', '28000', 30 * MIN + 1))).toBe('LATE');
    expect(closeLot(lot.state, lot.bids, at(31 * MIN))).toMatchObject({ ok: false, reason: 'WRONG_STATUS' });
  });

  it('AUC-15: a lot without bids fails; a best above the reserve needs approval', () => {
    const lot = new Lot(s5Rules());
    expect(closeLot(lot.state, [], at(30 * MIN))).toMatchObject({
      ok: true,
      state: { status: 'FAILED', bestPrice: null },
    });
    expect(needsReserveApproval({ reservePrice: '28000' }, '28116.00')).toBe(true);
    expect(needsReserveApproval({ reservePrice: '28000' }, '28000.00')).toBe(false);
    expect(needsReserveApproval({ reservePrice: null }, '28116.00')).toBe(false);
  });
});

describe('AUC-13 voiding a bid recomputes the ranking; nothing is deleted', () => {
  it('voids with a reason, keeps the row, and the supplier falls back to its previous price', () => {
    const lot = new Lot(s5Rules({ bidRule: 'BEAT_OWN_LAST' }));
    lot.bid('A', '29000', MIN);
    lot.bid('B', '28500', 2 * MIN);
    lot.bid('A', '28000', 3 * MIN);
    expect(voidBid(lot.state, lot.bids, 3, ' ')).toMatchObject({ ok: false, reason: 'REASON_REQUIRED' });
    expect(voidBid(lot.state, lot.bids, 9, '录入错误')).toMatchObject({ ok: false, reason: 'NOT_FOUND' });
    const voided = voidBid(lot.state, lot.bids, 3, '供应商报告录入错误');
    if (!voided.ok) throw new Error(voided.message);
    expect(voided.bid).toMatchObject({ seq: 3, status: 'VOIDED', price: '28000.00' });
    expect(voided.ranking.map((r) => [r.supplierId, r.price])).toEqual([
      ['B', '28500.00'],
      ['A', '29000.00'],
    ]);
    expect(voided.state).toMatchObject({ bestPrice: '28500.00', bestSupplierId: 'B', lastSeq: 3 });
    lot.bids[2] = voided.bid;
    lot.state = voided.state;
    expect(voidBid(lot.state, lot.bids, 3, 'again')).toMatchObject({ ok: false, reason: 'ALREADY_VOIDED' });
    // The next bid still gets a fresh seq: seq numbers are never reused.
    expect(accepted(lot.bid('A', '28200', 4 * MIN)).bid.seq).toBe(4);
  });
});

describe('AUC-12 pause and resume', () => {
  it('S5 step 12: bids refused while paused; the end moves by the paused duration', () => {
    const lot = new Lot(s5Rules());
    lot.bid('A', '29000', MIN);
    expect(pauseLot(lot.state, at(10 * MIN), '  ')).toMatchObject({ ok: false, reason: 'REASON_REQUIRED' });
    const paused = pauseLot(lot.state, at(10 * MIN), '网络故障');
    if (!paused.ok) throw new Error(paused.message);
    expect(paused.state).toMatchObject({ status: 'PAUSED', pausedAt: iso(10 * MIN), pauseReason: '网络故障' });
    lot.state = paused.state;
    expect(lot.bid('B', '28700', 11 * MIN)).toMatchObject({ reason: 'PAUSED', message: REFUSAL_MESSAGES.PAUSED });
    expect(pauseLot(lot.state, at(11 * MIN), 'again')).toMatchObject({ ok: false, reason: 'WRONG_STATUS' });
    const resumed = resumeLot(lot.state, at(13 * MIN));
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.state).toMatchObject({
      status: 'RUNNING',
      currentEndAt: iso(33 * MIN),
      pausedAt: null,
      pauseReason: null,
    });
    lot.state = resumed.state;
    // The pause does not count as an extension.
    expect(lot.state).toMatchObject({ extensionsUsed: 0, totalExtensionMs: 0 });
    expect(refusal(lot.bid('B', '28700', 32 * MIN))).toBe('ACCEPTED');
  });

  it('cannot pause after the end, nor resume a running lot', () => {
    const lot = new Lot(s5Rules());
    expect(pauseLot(lot.state, at(30 * MIN), 'late')).toMatchObject({ ok: false, reason: 'ENDED' });
    expect(resumeLot(lot.state, at(10 * MIN))).toMatchObject({ ok: false, reason: 'WRONG_STATUS' });
  });
});

describe('AUC-16 start needs enough admitted participants', () => {
  it.each<[number, number, boolean, string | true]>([
    [3, 0, false, true],
    [2, 0, false, 'TOO_FEW_PARTICIPANTS'],
    [2, 0, true, true],
    [3, -1, false, 'TOO_EARLY'],
    [3, 30 * MIN, false, 'ENDED'],
  ])('%i admitted at T + %i ms (approved below minimum: %s)', (count, ms, approved, expected) => {
    const rules = s5Rules();
    const result = startLot(initialLotState('lot-1', rules), rules, count, at(ms), { approvedBelowMinimum: approved });
    if (expected === true) expect(result).toMatchObject({ ok: true, state: { status: 'RUNNING' } });
    else expect(result).toMatchObject({ ok: false, reason: expected });
  });
});

describe('AUC-17 savings per lot', () => {
  it.each<[string, string, string | null, ReturnType<typeof auctionSavings>]>([
    ['30000', '28116.00', null, { vsStart: '1884.00', vsStartPct: '6.28', vsPrevious: null, vsPreviousPct: null }],
    [
      '30000',
      '28116.00',
      '28000',
      { vsStart: '1884.00', vsStartPct: '6.28', vsPrevious: '-116.00', vsPreviousPct: '-0.41' },
    ],
    [
      '30000',
      '30000.00',
      '31000.50',
      { vsStart: '0.00', vsStartPct: '0.00', vsPrevious: '1000.50', vsPreviousPct: '3.23' },
    ],
    ['333.33', '300.005', null, { vsStart: '33.33', vsStartPct: '10.00', vsPrevious: null, vsPreviousPct: null }],
  ])('start %s, final %s, previous %s', (start, best, previous, expected) => {
    expect(auctionSavings(start, best, previous)).toEqual(expected);
  });
});

describe('§12.4 who sees what', () => {
  const participants = [
    { supplierId: 'sup-a', name: '甲公司' },
    { supplierId: 'sup-b', name: '乙公司' },
    { supplierId: 'sup-c', name: '丙公司' },
  ];
  function running(rules: AuctionRules) {
    const lot = new Lot(rules);
    lot.bid('sup-a', '29000', MIN);
    lot.bid('sup-b', '28700', 2 * MIN);
    lot.bid('sup-c', '28111', 3 * MIN);
    return lot;
  }

  it('one snapshot, many viewers: each bidder gets its own rank and bids, the buyers one shared view computed once (the fan-out of §12.3)', () => {
    const lot = running(s5Rules({ supplierView: 'RANK_ONLY' }));
    const snapshot = { state: lot.state, rules: lot.rules, bids: lot.bids, participants, now: at(4 * MIN) };
    const ranks = participants.map(
      (p) => (visibleTo({ kind: 'BIDDER', supplierId: p.supplierId }, snapshot) as BidderView).ownRank,
    );
    expect(ranks).toEqual([3, 2, 1]);
    expect(
      (visibleTo({ kind: 'BIDDER', supplierId: 'sup-a' }, snapshot) as BidderView).ownBids.map((b) => b.price),
    ).toEqual(['29000.00']);
    const buyer = visibleTo({ kind: 'BUYER' }, snapshot);
    expect(visibleTo({ kind: 'BUYER' }, snapshot)).toBe(buyer);
    // A new snapshot (the next bid) is viewed afresh.
    expect(visibleTo({ kind: 'BUYER' }, { ...snapshot })).not.toBe(buyer);
  });

  it.each<[AuctionRules['supplierView'], number | null, string | null, string | null]>([
    ['RANK_ONLY', 2, null, null],
    ['BEST_PRICE', null, '28111.00', null],
    ['RANK_AND_BEST', 2, '28111.00', null],
    ['TRAFFIC_LIGHT', null, null, 'RED'],
    ['NONE', null, null, null],
  ])(
    '%s: a bidder sees own bids and only what the view allows, never another supplier',
    (supplierView, rank, best, light) => {
      const lot = running(s5Rules({ supplierView }));
      const view = visibleTo(
        { kind: 'BIDDER', supplierId: 'sup-b' },
        { state: lot.state, rules: lot.rules, bids: lot.bids, participants, now: at(4 * MIN) },
      );
      expect(view).toMatchObject({
        audience: 'BIDDER',
        phase: 'DURING',
        ownPrice: '28700.00',
        ownRank: rank,
        bestPrice: best,
        trafficLight: light,
        participantCount: null,
        currentEndAt: iso(30 * MIN),
        ownBids: [{ no: 1, price: '28700.00', status: 'ACCEPTED' }],
      });
      const text = JSON.stringify(view);
      for (const other of ['sup-a', 'sup-c', '甲公司', '丙公司', '29000']) expect(text).not.toContain(other);
      if (supplierView !== 'BEST_PRICE' && supplierView !== 'RANK_AND_BEST') expect(text).not.toContain('28111');
      expect(text).not.toContain('"seq"');
    },
  );

  it('traffic light: green for rank 1, yellow within two steps of the best, red beyond', () => {
    const rules = s5Rules({ supplierView: 'TRAFFIC_LIGHT', bidRule: 'BEAT_OWN_LAST' });
    const lot = new Lot(rules);
    lot.bid('sup-a', '28000', MIN);
    lot.bid('sup-b', '28560', MIN); // 560 = 2 × 280: yellow
    lot.bid('sup-c', '28561', MIN); // red
    const light = (supplierId: string) =>
      (
        visibleTo(
          { kind: 'BIDDER', supplierId },
          { state: lot.state, rules, bids: lot.bids, participants, now: at(2 * MIN) },
        ) as { trafficLight: unknown }
      ).trafficLight;
    expect([light('sup-a'), light('sup-b'), light('sup-c')]).toEqual(['GREEN', 'YELLOW', 'RED']);
  });

  it('showParticipantCount lets bidders see how many compete', () => {
    const lot = running(s5Rules({ showParticipantCount: true }));
    const view = visibleTo(
      { kind: 'BIDDER', supplierId: 'sup-a' },
      { state: lot.state, rules: lot.rules, bids: lot.bids, participants, now: at(4 * MIN) },
    );
    expect(view).toMatchObject({ participantCount: 3, ownRank: 3 });
  });

  it('the buyer sees every price, anonymised during the auction (S5 step 4), with names after close', () => {
    const lot = running(s5Rules());
    const during = visibleTo(
      { kind: 'BUYER' },
      { state: lot.state, rules: lot.rules, bids: lot.bids, participants, now: at(4 * MIN) },
    );
    expect(during).toMatchObject({
      audience: 'BUYER',
      anonymous: true,
      participantCount: 3,
      bestPrice: '28111.00',
      ranking: [
        { rank: 1, label: '供应商 3', supplierId: null, price: '28111.00' },
        { rank: 2, label: '供应商 2', supplierId: null, price: '28700.00' },
        { rank: 3, label: '供应商 1', supplierId: null, price: '29000.00' },
      ],
    });
    const text = JSON.stringify(during);
    for (const hidden of ['sup-a', 'sup-b', 'sup-c', '甲公司', '乙公司', '丙公司']) expect(text).not.toContain(hidden);

    const named = visibleTo(
      { kind: 'BUYER' },
      { state: lot.state, rules: s5Rules({ buyerAnonymous: false }), bids: lot.bids, participants, now: at(4 * MIN) },
    );
    expect(named).toMatchObject({ anonymous: false, ranking: [{ label: '丙公司', supplierId: 'sup-c' }, {}, {}] });

    const closed = closeLot(lot.state, lot.bids, at(30 * MIN));
    if (!closed.ok) throw new Error(closed.message);
    const after = visibleTo(
      { kind: 'BUYER' },
      { state: closed.state, rules: lot.rules, bids: lot.bids, participants, now: at(31 * MIN) },
    );
    expect(after).toMatchObject({
      phase: 'AFTER',
      anonymous: false,
      bids: [{ seq: 1, label: '甲公司', supplierId: 'sup-a' }, {}, {}],
    });
  });

  it('after close a bidder sees the winner name only when published, the best price only per resultVisibility', () => {
    const lot = running(s5Rules());
    const closed = closeLot(lot.state, lot.bids, at(30 * MIN));
    if (!closed.ok) throw new Error(closed.message);
    const base = { state: closed.state, rules: lot.rules, bids: lot.bids, participants, now: at(31 * MIN) };
    expect(visibleTo({ kind: 'BIDDER', supplierId: 'sup-a' }, base)).toMatchObject({
      phase: 'AFTER',
      winnerName: null,
      bestPrice: null,
      ownRank: 3,
    });
    const published = visibleTo(
      { kind: 'BIDDER', supplierId: 'sup-a' },
      { ...base, result: { published: true, winnerSupplierId: 'sup-c', showBestPrice: true } },
    );
    expect(published).toMatchObject({ winnerName: '丙公司', bestPrice: '28111.00', trafficLight: null });
    expect(JSON.stringify(published)).not.toContain('sup-c');
    expect(JSON.stringify(published)).not.toContain('28700');
  });

  it('a running lot past its end is already AFTER for viewers (X-2)', () => {
    const lot = running(s5Rules());
    const view = visibleTo(
      { kind: 'BUYER' },
      { state: lot.state, rules: lot.rules, bids: lot.bids, participants, now: at(30 * MIN) },
    );
    expect(view).toMatchObject({ phase: 'AFTER', anonymous: false });
  });
});
