import { fromScaled, SCALED_ONE, toScaled, trim } from './decimal.js';

/**
 * Splitting a demand by a quota arrangement (domain §14, QUO-4 / QUO-5), pure and exact: every
 * quantity is a decimal string computed in integer millionths (decimal.ts, X-6), never a float.
 * The server splits requisition lines into orders with it; the web shows the same split before
 * the buyer converts.
 */

/** One supplier's share as the split sees it: its whole percentage and its quota-rating inputs. */
export type QuotaSplitShare = {
  supplierId: string;
  quotaPct: number;
  /** Running total allocated so far (QUO-5's rating), default 0. */
  allocatedQty?: string;
  /** Starting offset (QUO-5's rating), default 0. */
  baseQty?: string;
};

export type QuotaSplitPart = { supplierId: string; qty: string };

export type QuotaSplitOptions = {
  /** The material's order multiple: parts are rounded down to it (QUO-4); none: whole units. */
  orderMultiple?: string | null;
  /** Below it the demand is not split (QUO-5); none: always split. */
  minSplitQty?: string | null;
};

const text = (v: bigint) => trim(fromScaled(v, 6));

/** The index of the share the ordering prefers: `better(a, b) > 0` when a wins; ties to the larger share, then the first. */
function pick(shares: readonly QuotaSplitShare[], better: (a: number, b: number) => number): number {
  let best = 0;
  for (let i = 1; i < shares.length; i++) {
    const d = better(i, best);
    if (d > 0 || (d === 0 && shares[i]!.quotaPct > shares[best]!.quotaPct)) best = i;
  }
  return best;
}

/**
 * QUO-5: the share with the lowest quota rating `(allocatedQty + baseQty) / quotaPct`; ties to
 * the larger share (then the first listed). Ratings are compared by cross-multiplying, exactly.
 */
export function lowestQuotaRating(shares: readonly QuotaSplitShare[]): number {
  const load = (s: QuotaSplitShare) => toScaled(s.allocatedQty ?? '0') + toScaled(s.baseQty ?? '0');
  return pick(shares, (a, b) => {
    const [x, y] = [shares[a]!, shares[b]!];
    const d = load(y) * BigInt(x.quotaPct) - load(x) * BigInt(y.quotaPct);
    return d === 0n ? 0 : d > 0n ? 1 : -1;
  });
}

/**
 * QUO-4 / QUO-5: the parts of demand `qty` per share, in the order of `shares` (a share may get
 * "0"). Below `minSplitQty` everything goes to the lowest quota rating (QUO-5). Otherwise each
 * share gets `qty × pct / Σpct` rounded down to the order multiple, and what is left goes to the
 * share with the largest fractional part (ties to the larger share): the parts always sum to
 * exactly `qty`. Σpct is 100 for an arrangement as approved (QUO-1); with suppliers skipped
 * (QUO-7) the remaining shares are renormalised by dividing by their own sum.
 */
export function splitByQuota(
  qty: string,
  shares: readonly QuotaSplitShare[],
  options: QuotaSplitOptions = {},
): QuotaSplitPart[] {
  const live = shares.filter((s) => s.quotaPct > 0);
  if (live.length === 0) throw new Error('配额中没有可分配的供应商');
  const q = toScaled(qty);
  if (q <= 0n) throw new Error('拆分数量必须大于0');
  const parts = live.map((s) => ({ supplierId: s.supplierId, qty: 0n }));
  const min = options.minSplitQty ? toScaled(options.minSplitQty) : 0n;
  if (q < min) {
    parts[lowestQuotaRating(live)]!.qty = q;
    return parts.map((p) => ({ supplierId: p.supplierId, qty: text(p.qty) }));
  }
  const multiple =
    options.orderMultiple && toScaled(options.orderMultiple) > 0n ? toScaled(options.orderMultiple) : SCALED_ONE;
  const total = BigInt(live.reduce((sum, s) => sum + s.quotaPct, 0));
  // q × pct / total = (units + fraction) × multiple; the fraction's numerator over total × multiple.
  const fraction: bigint[] = [];
  live.forEach((s, i) => {
    const exact = q * BigInt(s.quotaPct);
    const units = exact / (total * multiple);
    parts[i]!.qty = units * multiple;
    fraction.push(exact - units * multiple * total);
  });
  const remainder = q - parts.reduce((sum, p) => sum + p.qty, 0n);
  if (remainder > 0n) {
    const best = pick(live, (a, b) => {
      const d = fraction[a]! - fraction[b]!;
      return d === 0n ? 0 : d > 0n ? 1 : -1;
    });
    parts[best]!.qty += remainder;
  }
  return parts.map((p) => ({ supplierId: p.supplierId, qty: text(p.qty) }));
}

/** `GET /srm/order/quotaSplit`: the split of a requisition line by its material's arrangement in force (QUO-4, QUO-5, QUO-7). */
export type QuotaSplitPreview = {
  arrangementId: string;
  arrangementCode: string;
  status: string;
  minSplitQty: string | null;
  orderMultiple: string | null;
  /** The demand split: what is left of the line unless a quantity is given. */
  qty: string;
  /** QUO-5: below minSplitQty it went wholly to one supplier. */
  whole: boolean;
  parts: {
    supplierId: string;
    supplierName: string;
    quotaPct: number;
    allocatedQty: string;
    qty: string;
    /** From the supplier's price record in force (PO-2), else null: the buyer gives it. */
    unitPrice: string | null;
    taxRate: string | null;
  }[];
  /** Suppliers left out (QUO-7), with why. */
  skipped: { supplierId: string; supplierName: string; reason: string }[];
};
