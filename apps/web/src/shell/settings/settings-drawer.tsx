import type { ReactNode } from 'react';
import { Button, Divider, Drawer, List, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { settingsStore, THEME_COLORS, useLayoutSettings } from '../../lib/layout-settings';
import type { ContentWidth, LayoutSettings } from '../../lib/layout-settings';

const TOP_ONLY = '该设定仅 [顶部栏导航] 时有效';

function Row({ title, action, disabledHint }: { title: string; action: ReactNode; disabledHint?: string | false }) {
  const label = <Typography.Text type={disabledHint ? 'secondary' : undefined}>{title}</Typography.Text>;
  return (
    <List.Item actions={[action]}>{disabledHint ? <Tooltip title={disabledHint}>{label}</Tooltip> : label}</List.Item>
  );
}

/** The settings drawer (spec part 1 §2.6): every change applies at once and is kept in this browser. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useLayoutSettings();
  const set = (patch: Partial<LayoutSettings>) => settingsStore.update(patch);
  const top = settings.layout === 'topmenu';
  const toggle = (key: keyof LayoutSettings, disabled = false) => (
    <Switch
      size="small"
      data-testid={`setting-${key}`}
      checked={settings[key] as boolean}
      disabled={disabled}
      onChange={(checked) => set({ [key]: checked })}
    />
  );

  return (
    <Drawer title="系统设置" placement="right" size={300} open={open} onClose={onClose} data-testid="settings-drawer">
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <Radio.Group
        value={settings.menuTheme}
        onChange={(e) => set({ menuTheme: e.target.value })}
        optionType="button"
        buttonStyle="solid"
        options={[
          { value: 'dark', label: <span data-testid="menu-theme-dark">暗色菜单</span> },
          { value: 'light', label: <span data-testid="menu-theme-light">亮色菜单</span> },
        ]}
      />

      <Divider />
      <Typography.Title level={5}>主题色</Typography.Title>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {THEME_COLORS.map((preset) => (
          <Tooltip key={preset.color} title={preset.name}>
            <button
              type="button"
              aria-label={preset.name}
              aria-pressed={settings.primaryColor === preset.color}
              data-testid={`theme-color-${preset.color.slice(1)}`}
              onClick={() => set({ primaryColor: preset.color })}
              style={{
                width: 22,
                height: 22,
                borderRadius: 4,
                border: 0,
                cursor: 'pointer',
                background: preset.color,
                color: '#fff',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                padding: 0,
              }}
            >
              {settings.primaryColor === preset.color ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <Radio.Group
        value={settings.layout}
        onChange={(e) => set({ layout: e.target.value })}
        optionType="button"
        buttonStyle="solid"
        options={[
          { value: 'sidemenu', label: <span data-testid="layout-sidemenu">侧边菜单</span> },
          { value: 'topmenu', label: <span data-testid="layout-topmenu">顶部菜单</span> },
        ]}
      />
      <List split={false} size="small">
        <Row
          title="内容区域宽度"
          action={
            <Select<ContentWidth>
              size="small"
              data-testid="setting-contentWidth"
              style={{ width: 96 }}
              value={settings.contentWidth}
              onChange={(contentWidth) => set({ contentWidth })}
              options={[
                { value: 'Fixed', label: '固定' },
                // Fluid is offered only in top-menu mode: the side layout is always fluid.
                { value: 'Fluid', label: '流式', disabled: !top },
              ]}
            />
          }
          disabledHint={!top && TOP_ONLY}
        />
        <Row title="固定 Header" action={toggle('fixedHeader')} />
        <Row
          title="下滑时隐藏 Header"
          action={toggle('autoHideHeader', !settings.fixedHeader)}
          disabledHint={!settings.fixedHeader && '固定 Header 时可配置'}
        />
        <Row
          title="固定侧边菜单"
          action={toggle('fixSiderbar', top)}
          disabledHint={top && '该设定仅 [侧边栏导航] 时有效'}
        />
      </List>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <List split={false} size="small">
        <Row title="色弱模式" action={toggle('colorWeak')} />
        <Row title="多页签模式" action={toggle('multiTab')} />
        <Row title="水印" action={toggle('watermark')} />
      </List>

      <Divider />
      <Button block onClick={() => settingsStore.reset()}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
