import { DECIMAL_SCALE, SCALED_ONE, divRound, formatDecimal, parseDecimal } from '@procura/shared';
import type { AuctionRules, StoredBid, RankEntry } from './bid-types.js';

/** Prices of the auction (§12.3): the minimum step below a price and the lot's ranking. */

// ---------------------------------------------------------------------------------------------
// Steps (decimal arithmetic itself is @procura/shared's decimal.ts)
// ---------------------------------------------------------------------------------------------

export const MINUTE_MS = 60_000;

/** Millionths of a decimal the caller already checked (throws on anything else). */
export function micros(text: string): bigint {
  const value = parseDecimal(text);
  if (value === null) throw new Error(`not a decimal: ${text}`);
  return value;
}

/** One unit of a price precision, in millionths. */
export function unitOf(precision: number): bigint {
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

export function stepMicros(
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
