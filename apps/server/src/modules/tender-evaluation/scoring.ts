/**
 * Tender ranking (domain §11.3 TND-13, TND-16): pure, exact (decimal strings in, decimal
 * strings out; rational arithmetic on bigints, one half-up rounding to 2 places per score).
 *
 * COMPREHENSIVE_SCORE:
 * - price score with `priceWeight` W (the sum of the PRICE criteria's maximum scores):
 *   LOWEST_AS_BASE   benchmark B = lowest valid price;  priceScore = W × B ÷ price
 *   AVERAGE_AS_BASE  benchmark B = mean of the valid prices;
 *                    priceScore = W × (1 − |price − B| ÷ B), never below 0
 * - technical and business scores: the mean of the members' totals for the group;
 * - total = price + technical + business (each already rounded, so the shown parts add up);
 * - rank by total descending, ties to the lower price, then to the earlier submission.
 * LOWEST_EVALUATED_PRICE: valid bids ranked by price ascending, ties to the earlier submission.
 * Rejected bids (TND-14) are kept with their reason, take no part in the benchmark and get no rank.
 */
import { compare, divRound, fromScaled, SCALED_ONE as ONE, toScaled } from '@procura/shared';

export type EvaluationMethod = 'LOWEST_EVALUATED_PRICE' | 'COMPREHENSIVE_SCORE';
export type PriceFormula = 'LOWEST_AS_BASE' | 'AVERAGE_AS_BASE';

export type BidInput = {
  responseId: string;
  /** Evaluated bid price (decimal string, > 0). */
  price: string;
  /** ISO time of the effective submission. */
  submittedAt: string;
  /** Set when the bid is rejected (TND-14). */
  rejectReason: string | null;
  /** Each member's technical total (decimal strings); empty when the group has no manual criteria. */
  technical: string[];
  /** Each member's business total. */
  business: string[];
};

export type RankedBid = {
  responseId: string;
  price: string;
  priceScore: string | null;
  techScore: string | null;
  businessScore: string | null;
  total: string | null;
  rank: number | null;
  valid: boolean;
  rejectReason: string | null;
};

/** num ÷ den (den > 0, num ≥ 0) rounded half-up to hundredths, as a count of hundredths. */
function hundredths(num: bigint, den: bigint): bigint {
  return divRound(num * 100n, den);
}

/** Hundredths as a decimal string with two places. */
const text = (h: bigint) => fromScaled(h * 10_000n, 2);

/** The mean of members' totals, in hundredths (0 when nobody scored the group). */
function meanOf(values: string[]): bigint {
  if (values.length === 0) return 0n;
  const sum = values.reduce((s, v) => s + toScaled(v), 0n);
  return hundredths(sum, BigInt(values.length) * ONE);
}

/** The price score of one price in hundredths (TND-13). */
export function priceScore(formula: PriceFormula, weight: string, price: string, validPrices: string[]): bigint {
  const w = toScaled(weight);
  const p = toScaled(price);
  if (validPrices.length === 0 || p <= 0n) return 0n;
  if (formula === 'LOWEST_AS_BASE') {
    const b = validPrices.map(toScaled).reduce((m, v) => (v < m ? v : m));
    // W × B ÷ P, all at scale ONE: (w/ONE) × (b/ONE) ÷ (p/ONE) = w·b ÷ (p·ONE).
    return hundredths(w * b, p * ONE);
  }
  // B = S ÷ n; W × (1 − |P − B| ÷ B) = W × (S − |nP − S|) ÷ S.
  const n = BigInt(validPrices.length);
  const s = validPrices.reduce((sum, v) => sum + toScaled(v), 0n);
  const deviation = n * p - s < 0n ? s - n * p : n * p - s;
  const kept = s - deviation;
  if (kept <= 0n) return 0n;
  return hundredths(w * kept, s * ONE);
}

/** Ranks the bids (TND-13); the first three ranked are the candidates (TND-16). */
export function rankBids(
  method: EvaluationMethod,
  formula: PriceFormula,
  priceWeight: string,
  bids: BidInput[],
): RankedBid[] {
  const valid = bids.filter((b) => b.rejectReason === null);
  const prices = valid.map((b) => b.price);
  const scored = bids.map((b) => {
    if (b.rejectReason !== null)
      return {
        bid: b,
        out: {
          responseId: b.responseId,
          price: b.price,
          priceScore: null,
          techScore: null,
          businessScore: null,
          total: null,
          rank: null,
          valid: false,
          rejectReason: b.rejectReason,
        } as RankedBid,
        total: 0n,
      };
    if (method === 'LOWEST_EVALUATED_PRICE')
      return {
        bid: b,
        out: {
          responseId: b.responseId,
          price: b.price,
          priceScore: null,
          techScore: null,
          businessScore: null,
          total: null,
          rank: null,
          valid: true,
          rejectReason: null,
        } as RankedBid,
        total: 0n,
      };
    const ps = priceScore(formula, priceWeight, b.price, prices);
    const ts = meanOf(b.technical);
    const bs = meanOf(b.business);
    const total = ps + ts + bs;
    return {
      bid: b,
      out: {
        responseId: b.responseId,
        price: b.price,
        priceScore: text(ps),
        techScore: text(ts),
        businessScore: text(bs),
        total: text(total),
        rank: null,
        valid: true,
        rejectReason: null,
      } as RankedBid,
      total,
    };
  });
  const order = scored
    .filter((s) => s.out.valid)
    .sort((a, b) => {
      if (method === 'COMPREHENSIVE_SCORE' && a.total !== b.total) return a.total > b.total ? -1 : 1;
      const byPrice = compare(a.bid.price, b.bid.price);
      if (byPrice !== 0) return byPrice;
      return a.bid.submittedAt < b.bid.submittedAt ? -1 : a.bid.submittedAt > b.bid.submittedAt ? 1 : 0;
    });
  order.forEach((s, i) => {
    s.out.rank = i + 1;
  });
  return [...order.map((s) => s.out), ...scored.filter((s) => !s.out.valid).map((s) => s.out)];
}

/** At most three ranked candidates (TND-16). */
export function candidatesOf(ranking: RankedBid[]): RankedBid[] {
  return ranking.filter((r) => r.valid && r.rank !== null && r.rank <= 3).sort((a, b) => a.rank! - b.rank!);
}
