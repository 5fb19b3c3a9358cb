import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the pieces the screens use (tree-shaken build); SVG stays sharp when zoomed.
echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = EChartsCoreOption;

/** An echarts chart that follows its container's size. */
export function EChart({ option, height = 300, testId }: { option: ChartOption; height?: number; testId?: string }) {
  return (
    <div data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
        opts={{ renderer: 'svg' }}
      />
    </div>
  );
}
