import type { ChartOption } from '../../components/charts/echart';
import type { MonthCount, StatusCount } from './analysis-api';

const PIE_COLORS = ['#13c2c2', '#1890ff', '#52c41a', '#faad14', '#fa541c', '#722ed1', '#eb2f96', '#8c8c8c'];

/** Supplier status distribution as a doughnut, one slice per status of the dictionary. */
export function supplierStatusOption(byStatus: readonly StatusCount[]): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 家（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    color: PIE_COLORS,
    series: [
      {
        name: '供应商状态',
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{c}' },
        // Empty statuses would only crowd the labels.
        data: byStatus.filter((s) => s.count > 0).map((s) => ({ name: s.text || s.status, value: s.count })),
      },
    ],
  };
}

/** New suppliers per month ('yyyy-MM' shown as 'M月'), as bars. */
export function registrationsOption(byMonth: readonly MonthCount[], color: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: byMonth.map((m) => `${Number(m.month.slice(5, 7))}月`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '新增供应商', type: 'bar', barMaxWidth: 36, itemStyle: { color }, data: byMonth.map((m) => m.count) },
    ],
  };
}

/** Whether a distribution has anything to draw. */
export function hasCounts(items: readonly { count: number }[]): boolean {
  return items.some((i) => i.count > 0);
}
