import { Input } from 'antd';
import { DateInput, DATE_FORMATS } from '../../components/form/date-input';
import { MentionInput } from '../../components/form/mention-input';
import { NumberInput } from '../../components/form/number-input';
import { SliderNav } from '../../components/form/slider-nav';
import { YesNoSwitch } from '../../components/form/yes-no-switch';
import { Demo, GallerySection } from './gallery-parts';

const CARDS = ['招标', '询价', '竞价', '合同', '订单', '对账', '付款'].map((t) => (
  <div key={t} style={{ padding: 16, background: '#f5f5f5', textAlign: 'center', borderRadius: 6 }}>
    {t}
  </div>
));

/** Switch, number, dates, password, mention and slider navigation. */
export function GalleryInputs() {
  return (
    <GallerySection id="inputs" title="输入控件">
      <Demo id="switch-empty" label="开关（空值重置为 N）" initial="">
        {(v, set) => <YesNoSwitch value={v} onChange={set} data-testid="switch-empty" />}
      </Demo>
      <Demo id="switch-on" label="开关（Y，禁用）" initial="Y">
        {(v, set) => <YesNoSwitch value={v} onChange={set} disabled />}
      </Demo>
      <Demo id="number-int" label="数字（onlyInteger，精度 0）" initial={12 as number | null}>
        {(v, set) => <NumberInput onlyInteger value={v} onChange={set} />}
      </Demo>
      <Demo id="number" label="数字（两位小数）" initial={3.14 as number | null}>
        {(v, set) => <NumberInput precision={2} value={v} onChange={set} />}
      </Demo>
      <Demo id="date" label="日期 YYYY-MM-DD" initial="2026-11-22">
        {(v, set) => <DateInput value={v} onChange={set} />}
      </Demo>
      <Demo id="date-slash" label="日期 YYYY/MM/DD" initial="">
        {(v, set) => <DateInput format={DATE_FORMATS.slashDate} value={v} onChange={set} />}
      </Demo>
      <Demo id="datetime" label="日期时间 YYYY-MM-DD HH:mm:ss（禁用）" initial="2026-11-22 08:30:00">
        {(v, set) => <DateInput showTime value={v} onChange={set} disabled />}
      </Demo>
      <Demo id="password" label="密码（掩码）" initial="">
        {(v, set) => (
          <Input.Password
            value={v}
            onChange={(e) => set(e.target.value)}
            placeholder="请输入密码"
            autoComplete="new-password"
          />
        )}
      </Demo>
      <Demo id="mention" label="提及（@ 用户，最多 12 项）" initial="">
        {(v, set) => <MentionInput value={v} onChange={set} />}
      </Demo>
      <Demo id="slider" label="滑动导航（每页 2 个，循环、自动播放）" initial={null} wide>
        {() => <SliderNav items={CARDS} autoplay loop />}
      </Demo>
      <Demo id="slider-edge" label="滑动导航（不循环：到头禁用）" initial={null} wide>
        {() => <SliderNav items={CARDS.slice(0, 4)} />}
      </Demo>
    </GallerySection>
  );
}
