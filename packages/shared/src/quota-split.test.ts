import { describe, expect, it } from 'vitest';
import { lowestQuotaRating, splitByQuota, type QuotaSplitShare } from './quota-split.js';
import { add } from './decimal.js';

const A = 'supA';
const B = 'supB';
const C = 'supC';
const qtys = (parts: { qty: string }[]) => parts.map((p) => p.qty);
const sum = (parts: { qty: string }[]) => add(qtys(parts), 6);

describe('QUO-4: a demand Q ≥ minSplitQty is split by the shares, rounded down to the order multiple', () => {
  const s6: QuotaSplitShare[] = [
    { supplierId: A, quotaPct: 60 },
    { supplierId: B, quotaPct: 40 },
  ];

  it('S6 step 9 (QUO-4): 50 吨 on the S2 quota 60/40 → SupA 30, SupB 20', () => {
    expect(splitByQuota('50', s6)).toEqual([
      { supplierId: A, qty: '30' },
      { supplierId: B, qty: '20' },
    ]);
  });

  it('QUO-4: each part rounded down to the order multiple; the remainder to the largest fractional part', () => {
    // 50 × 60 % = 30 = 7 × 4 + 2 (fraction 2/4); 50 × 40 % = 20 = 5 × 4 (fraction 0): the 2 left go to SupA.
    expect(qtys(splitByQuota('50', s6, { orderMultiple: '4' }))).toEqual(['30', '20']);
    // 7 at 50/30/20: 3.5, 2.1, 1.4 → 3, 2, 1, fractions .5 .1 .4: the 1 left goes to the first.
    const three = [
      { supplierId: A, quotaPct: 50 },
      { supplierId: B, quotaPct: 30 },
      { supplierId: C, quotaPct: 20 },
    ];
    expect(qtys(splitByQuota('7', three))).toEqual(['4', '2', '1']);
    // Multiple 4, Q 10: 5 → 4 (¼), 3 → 0 (¾), 2 → 0 (½): the 6 left go to the 30 % share.
    expect(qtys(splitByQuota('10', three, { orderMultiple: '4' }))).toEqual(['4', '6', '0']);
  });

  it('QUO-4: equal fractional parts go to the larger share', () => {
    // Q 5 at 20/30/50: 1, 1.5, 2.5 → fractions 0, .5, .5: the 1 left goes to the 50 % share.
    const shares = [
      { supplierId: A, quotaPct: 20 },
      { supplierId: B, quotaPct: 30 },
      { supplierId: C, quotaPct: 50 },
    ];
    expect(qtys(splitByQuota('5', shares))).toEqual(['1', '1', '3']);
  });

  it('QUO-4 / X-6: the parts always sum to exactly Q, decimals included (no float drift)', () => {
    // 10.5 at 60/40 by 0.5: 6.3 → 6 (.3/.5), 4.2 → 4 (.2/.5): the 0.5 left goes to SupA.
    expect(qtys(splitByQuota('10.5', s6, { orderMultiple: '0.5' }))).toEqual(['6.5', '4']);
    const thirds = [
      { supplierId: A, quotaPct: 34 },
      { supplierId: B, quotaPct: 33 },
      { supplierId: C, quotaPct: 33 },
    ];
    expect(qtys(splitByQuota('1', thirds, { orderMultiple: '0.01' }))).toEqual(['0.34', '0.33', '0.33']);
    for (const q of ['0.1', '0.3', '1', '7', '33.3333', '99.9999', '100', '12345.6789'])
      for (const m of [null, '0.001', '0.5', '3', '1000'])
        for (const shares of [s6, thirds]) expect(sum(splitByQuota(q, shares, { orderMultiple: m }))).toBe(add([q], 6));
  });

  it('QUO-4: Q equal to minSplitQty is split (Q ≥ minSplitQty)', () => {
    expect(qtys(splitByQuota('50', s6, { minSplitQty: '50' }))).toEqual(['30', '20']);
  });

  it('QUO-7: with a supplier skipped the remaining shares are renormalised (÷ their own sum)', () => {
    const rest = [
      { supplierId: A, quotaPct: 50 },
      { supplierId: B, quotaPct: 30 },
    ];
    expect(qtys(splitByQuota('80', rest))).toEqual(['50', '30']);
  });

  it('refuses an empty arrangement and a demand of zero', () => {
    expect(() => splitByQuota('10', [])).toThrow();
    expect(() => splitByQuota('0', s6)).toThrow();
  });
});

describe('QUO-5: a demand Q < minSplitQty goes wholly to the lowest quota rating (allocatedQty + baseQty) / quotaPct', () => {
  it('QUO-5: the supplier furthest behind its share gets all of it', () => {
    // SupA 60 / 60 % = 1, SupB 20 / 40 % = 0.5: SupB.
    const shares = [
      { supplierId: A, quotaPct: 60, allocatedQty: '60' },
      { supplierId: B, quotaPct: 40, allocatedQty: '20' },
    ];
    expect(splitByQuota('10', shares, { minSplitQty: '20' })).toEqual([
      { supplierId: A, qty: '0' },
      { supplierId: B, qty: '10' },
    ]);
  });

  it('QUO-5: equal ratings go to the larger share; nothing allocated yet, the largest share', () => {
    // 30 / 60 = 20 / 40 = 0.5.
    const tied = [
      { supplierId: B, quotaPct: 40, allocatedQty: '20' },
      { supplierId: A, quotaPct: 60, allocatedQty: '30' },
    ];
    expect(qtys(splitByQuota('5', tied, { minSplitQty: '20' }))).toEqual(['0', '5']);
    expect(lowestQuotaRating(tied)).toBe(1);
    const fresh = [
      { supplierId: B, quotaPct: 40 },
      { supplierId: A, quotaPct: 60 },
    ];
    expect(lowestQuotaRating(fresh)).toBe(1);
  });

  it('QUO-5: baseQty is a starting offset, so a new supplier does not receive everything at once', () => {
    // SupC is new (allocated 0) but starts at 30: (0 + 30) / 20 = 1.5 > SupA's 100 / 80 = 1.25.
    const shares = [
      { supplierId: A, quotaPct: 80, allocatedQty: '100' },
      { supplierId: C, quotaPct: 20, baseQty: '30' },
    ];
    expect(qtys(splitByQuota('3', shares, { minSplitQty: '10' }))).toEqual(['3', '0']);
    // Without the offset SupC (0 / 20 = 0) would take it.
    expect(qtys(splitByQuota('3', [shares[0]!, { supplierId: C, quotaPct: 20 }], { minSplitQty: '10' }))).toEqual([
      '0',
      '3',
    ]);
  });
});
