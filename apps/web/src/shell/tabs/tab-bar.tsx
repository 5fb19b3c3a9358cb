import { Dropdown, Tabs } from 'antd';
import type { MenuProps, TabsProps } from 'antd';
import { menuIcon } from '../menu-icons';
import { TAB_BAR_HEIGHT } from '../layout/layout-constants';
import { useTabWorkspace } from './tab-workspace';

type TabAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

/** The right-click menu of a tab. */
const TAB_MENU: MenuProps['items'] = [
  { key: 'refresh', label: '刷新' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其它' },
];

/** The multi-tab bar: click to switch, × to close, right-click for refresh and bulk closing. */
export function TabBar() {
  const workspace = useTabWorkspace();
  const { tabs } = workspace;

  const items: TabsProps['items'] = tabs.pages.map((page) => ({
    key: page.fullPath,
    closable: true,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{ items: TAB_MENU, onClick: ({ key }) => workspace[key as TabAction](page.fullPath) }}
      >
        <span data-tab-key={page.fullPath} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          {menuIcon(page.icon)}
          {page.title}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className="procura-tab-bar" data-testid="tab-bar" style={{ height: TAB_BAR_HEIGHT }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.activeKey}
        items={items}
        onChange={workspace.activate}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') workspace.close(key);
        }}
      />
    </div>
  );
}
