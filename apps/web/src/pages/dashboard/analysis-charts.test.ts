import { describe, expect, it } from 'vitest';
import { hasCounts, registrationsOption, supplierStatusOption } from './analysis-charts';

describe('dashboard charts', () => {
  it('draws one slice per status that has suppliers', () => {
    const option = supplierStatusOption([
      { status: 'QUALIFIED', text: '合格', count: 3 },
      { status: 'REGISTERED', text: '注册中', count: 1 },
      { status: 'FROZEN', text: '冻结', count: 0 },
    ]) as { series: { data: unknown[] }[] };
    expect(option.series[0]!.data).toEqual([
      { name: '合格', value: 3 },
      { name: '注册中', value: 1 },
    ]);
  });

  it('shows registrations per month with month labels', () => {
    const option = registrationsOption(
      [
        { month: '2026-06', count: 0 },
        { month: '2026-11', count: 2 },
      ],
      '#13c2c2',
    ) as { xAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.xAxis.data).toEqual(['6月', '11月']);
    expect(option.series[0]!.data).toEqual([0, 2]);
  });

  it('tells an empty distribution', () => {
    expect(hasCounts([{ count: 0 }, { count: 0 }])).toBe(false);
    expect(hasCounts([{ count: 0 }, { count: 1 }])).toBe(true);
    expect(hasCounts([])).toBe(false);
  });
});
