import { describe, expect, it } from 'vitest';
import { candidatesOf, priceScore, rankBids, type BidInput } from './scoring.js';

const bid = (
  responseId: string,
  price: string,
  submittedAt: string,
  technical: string[] = [],
  business: string[] = [],
  rejectReason: string | null = null,
): BidInput => ({ responseId, price, submittedAt, technical, business, rejectReason });
const T1 = '2026-03-01T01:00:00.000Z';
const T2 = '2026-03-01T02:00:00.000Z';
const T3 = '2026-03-01T03:00:00.000Z';

describe('price score (TND-13)', () => {
  it('LOWEST_AS_BASE: weight × lowest ÷ price, half-up to hundredths, exactly', () => {
    // 60 × 100 ÷ 300 = 20; 60 × 100 ÷ 120 = 50; 60 × 100 ÷ 100 = 60.
    expect(priceScore('LOWEST_AS_BASE', '60', '300', ['100', '120', '300'])).toBe(2000n);
    expect(priceScore('LOWEST_AS_BASE', '60', '120', ['100', '120', '300'])).toBe(5000n);
    expect(priceScore('LOWEST_AS_BASE', '60', '100', ['100', '120', '300'])).toBe(6000n);
    // 60 × 100 ÷ 110 = 54.5454… → 54.55; 30 × 0.1 ÷ 0.3 = 10 (no float drift).
    expect(priceScore('LOWEST_AS_BASE', '60', '110', ['100', '110'])).toBe(5455n);
    expect(priceScore('LOWEST_AS_BASE', '30', '0.3', ['0.1', '0.3'])).toBe(1000n);
    // Half-up: 10 × 1 ÷ 8 = 1.25 exactly; 1 × 1 ÷ 0.8 = 1.25; 1 × 1 ÷ 1.6 = 0.625 → 0.63.
    expect(priceScore('LOWEST_AS_BASE', '1', '1.6', ['1'])).toBe(63n);
  });

  it('AVERAGE_AS_BASE: weight × (1 − |price − mean| ÷ mean), never below 0', () => {
    // Mean of 90, 100, 110 = 100: 90 and 110 deviate 10 % → 54; 100 → 60.
    expect(priceScore('AVERAGE_AS_BASE', '60', '90', ['90', '100', '110'])).toBe(5400n);
    expect(priceScore('AVERAGE_AS_BASE', '60', '110', ['90', '100', '110'])).toBe(5400n);
    expect(priceScore('AVERAGE_AS_BASE', '60', '100', ['90', '100', '110'])).toBe(6000n);
    // Mean 1000/3 = 333.33…: 100 deviates 70 % → 60 × 0.3 = 18 exactly (no rounding of the mean first).
    expect(priceScore('AVERAGE_AS_BASE', '60', '100', ['100', '400', '500'])).toBe(1800n);
    // Mean of 10 and 100 = 55: 100 deviates 81.8 %; 10 too → 60 × 10/55 = 10.909… → 10.91.
    expect(priceScore('AVERAGE_AS_BASE', '60', '10', ['10', '100'])).toBe(1091n);
    // A price more than double the mean scores 0, never negative.
    expect(priceScore('AVERAGE_AS_BASE', '60', '1000', ['1', '1', '1000'])).toBe(0n);
  });
});

describe('ranking (TND-13, TND-14, TND-16)', () => {
  it('COMPREHENSIVE_SCORE: total = price + mean technical + mean business, ranked by total', () => {
    const ranking = rankBids('COMPREHENSIVE_SCORE', 'LOWEST_AS_BASE', '60', [
      bid('A', '100', T1, ['20', '21', '22'], ['5', '5', '6']),
      bid('B', '120', T2, ['30', '30', '30'], ['10', '10', '10']),
      bid('C', '300', T3, ['10', '10', '10'], ['1', '1', '1']),
    ]);
    // A: 60 + 21 + 5.33 = 86.33; B: 50 + 30 + 10 = 90; C: 20 + 10 + 1 = 31.
    expect(ranking.map((r) => [r.responseId, r.priceScore, r.techScore, r.businessScore, r.total, r.rank])).toEqual([
      ['B', '50.00', '30.00', '10.00', '90.00', 1],
      ['A', '60.00', '21.00', '5.33', '86.33', 2],
      ['C', '20.00', '10.00', '1.00', '31.00', 3],
    ]);
  });

  it('ties go to the lower price, then to the earlier submission', () => {
    // A and B tie at 80 (60 + 20 vs 50 + 30): A is cheaper. C and D tie on total and price: the earlier wins.
    const ranking = rankBids('COMPREHENSIVE_SCORE', 'LOWEST_AS_BASE', '60', [
      bid('B', '120', T1, ['30'], []),
      bid('A', '100', T2, ['20'], []),
      bid('D', '200', T3, ['10'], []),
      bid('C', '200', T2, ['10'], []),
    ]);
    expect(ranking.map((r) => [r.responseId, r.total, r.rank])).toEqual([
      ['A', '80.00', 1],
      ['B', '80.00', 2],
      ['C', '40.00', 3],
      ['D', '40.00', 4],
    ]);
    expect(candidatesOf(ranking).map((r) => r.responseId)).toEqual(['A', 'B', 'C']);
  });

  it('a rejected bid keeps its reason, gets no rank and is not in the benchmark', () => {
    const ranking = rankBids('COMPREHENSIVE_SCORE', 'LOWEST_AS_BASE', '60', [
      bid('low', '50', T1, ['10'], [], '投标报价低于成本（TND-14）'),
      bid('A', '100', T2, ['10'], []),
      bid('B', '200', T3, ['10'], []),
    ]);
    expect(ranking.find((r) => r.responseId === 'low')).toEqual({
      responseId: 'low',
      price: '50',
      priceScore: null,
      techScore: null,
      businessScore: null,
      total: null,
      rank: null,
      valid: false,
      rejectReason: '投标报价低于成本（TND-14）',
    });
    // The benchmark is 100, not the rejected 50.
    expect(ranking.find((r) => r.responseId === 'A')!.priceScore).toBe('60.00');
    expect(candidatesOf(ranking).map((r) => r.responseId)).toEqual(['A', 'B']);
  });

  it('LOWEST_EVALUATED_PRICE ranks by price, then submission time; at most three candidates', () => {
    const ranking = rankBids('LOWEST_EVALUATED_PRICE', 'LOWEST_AS_BASE', '0', [
      bid('A', '300', T1),
      bid('B', '100', T3),
      bid('C', '100', T2),
      bid('D', '200', T1),
    ]);
    expect(ranking.map((r) => [r.responseId, r.rank, r.total])).toEqual([
      ['C', 1, null],
      ['B', 2, null],
      ['D', 3, null],
      ['A', 4, null],
    ]);
    expect(candidatesOf(ranking)).toHaveLength(3);
  });

  it('all bids rejected: nothing ranked, no candidate (TND-24 is decided by the caller)', () => {
    const ranking = rankBids('COMPREHENSIVE_SCORE', 'AVERAGE_AS_BASE', '60', [
      bid('A', '1', T1, [], [], '超过最高限价'),
      bid('B', '2', T2, [], [], '未盖章'),
    ]);
    expect(ranking.every((r) => r.rank === null && !r.valid)).toBe(true);
    expect(candidatesOf(ranking)).toEqual([]);
  });
});
