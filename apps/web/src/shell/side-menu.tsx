import { useMemo, useState } from 'react';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../lib/menu-routes';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((entry) =>
    entry.children.length > 0
      ? { key: entry.key, icon: menuIcon(entry.icon), label: entry.title, children: toItems(entry.children) }
      : { key: entry.key, icon: menuIcon(entry.icon), label: entry.title },
  );
}

function index(
  entries: readonly MenuEntry[],
  parents: string[] = [],
  into = new Map<string, { entry: MenuEntry; parents: string[] }>(),
) {
  for (const entry of entries) {
    into.set(entry.key, { entry, parents });
    index(entry.children, [...parents, entry.key], into);
  }
  return into;
}

/** The menu key for a path: the entry itself, else the closest entry above it (detail pages). */
export function selectedKeyFor(pathname: string, keys: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const key of keys) {
    const matches = pathname === key || pathname.startsWith(key.endsWith('/') ? key : `${key}/`);
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best;
}

export type SideMenuProps = {
  entries: readonly MenuEntry[];
  collapsed: boolean;
  /** 'horizontal' is the top-menu layout's bar. */
  mode?: 'inline' | 'horizontal';
  theme?: 'light' | 'dark';
  /** Called after an entry was chosen (the mobile drawer closes). */
  onNavigate?: () => void;
};

/** The menu of the user's routes, in the side bar, the mobile drawer or the top bar. */
export function SideMenu({ entries, collapsed, mode = 'inline', theme = 'light', onNavigate }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const byKey = useMemo(() => index(entries), [entries]);
  const items = useMemo(() => toItems(entries), [entries]);
  const selected = selectedKeyFor(pathname, byKey.keys());
  const parentsOf = (key: string | undefined) => (key ? (byKey.get(key)?.parents ?? []) : []);
  const [open, setOpen] = useState(() => ({ selected, keys: parentsOf(selected) }));
  // Navigating elsewhere (a link, the browser) opens the submenus above the new page.
  if (open.selected !== selected) {
    setOpen({ selected, keys: [...new Set([...open.keys, ...parentsOf(selected)])] });
  }
  const openKeys = open.keys;
  const setOpenKeys = (keys: string[]) => setOpen({ selected, keys });

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = byKey.get(key)?.entry;
    if (!entry) return;
    // External items open outside the app and never become routes.
    if (entry.externalUrl) window.open(entry.externalUrl, '_blank', 'noopener,noreferrer');
    else navigate(entry.path);
    onNavigate?.();
  };
  const horizontal = mode === 'horizontal';

  return (
    <Menu
      data-testid={horizontal ? 'top-menu' : 'side-menu'}
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed || horizontal ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      style={horizontal ? { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '62px' } : { borderInlineEnd: 0 }}
    />
  );
}
