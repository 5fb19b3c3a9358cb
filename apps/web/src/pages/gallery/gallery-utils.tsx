import { Button, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { AmountCapital } from '../../components/text/amount-capital';
import { CountUp } from '../../components/text/count-up';
import { Ellipsis } from '../../components/text/ellipsis';
import { PageWatermark } from '../../components/text/page-watermark';
import { Demo, GallerySection } from './gallery-parts';

const LONG = '华东精密机械有限公司关于二〇二六年度轴承及紧固件框架采购项目的澄清与补充说明';

function CountUpDemo() {
  const [end, setEnd] = useState(12345);
  return (
    <Space>
      <span style={{ fontSize: 24 }}>
        <CountUp key={end} end={end} />
      </span>
      <Button size="small" onClick={() => setEnd((n) => n + 1000)}>
        再数一次
      </Button>
    </Space>
  );
}

/** Amount in capitals, ellipsis, count-up and watermark. */
export function GalleryUtils() {
  return (
    <GallerySection id="utils" title="工具">
      <Demo id="amount" label="金额大写（≥1e15 超出）" initial={'1234.56' as string | null}>
        {(v, set) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <InputNumber<string>
              stringMode
              style={{ width: '100%' }}
              value={v}
              onChange={(x) => set(x)}
              data-testid="amount-input"
            />
            <AmountCapital value={v} />
          </Space>
        )}
      </Demo>
      <Demo id="ellipsis" label="省略（默认 25 字）" initial={LONG}>
        {(v) => <Ellipsis value={v} />}
      </Demo>
      <Demo id="count-up" label="数字滚动（1000 ms）" initial={null}>
        {() => <CountUpDemo />}
      </Demo>
      <Demo id="watermark" label="水印（字号 24，旋转 -30）" initial={null} wide>
        {() => (
          <PageWatermark text="Procura 组件示例">
            <div style={{ height: 160, border: '1px dashed #d9d9d9' }} />
          </PageWatermark>
        )}
      </Demo>
    </GallerySection>
  );
}
