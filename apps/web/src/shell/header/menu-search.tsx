import { useState } from 'react';
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { flattenMenu } from '../../lib/menu-routes';
import type { MenuEntry } from '../../lib/menu-routes';

type SelectModule = typeof import('./menu-search-select');

/** Menu entries the search offers: the permitted, non-hidden leaves (the built menu holds no others). */
export function searchableEntries(menu: readonly MenuEntry[]): MenuEntry[] {
  return flattenMenu(menu);
}

/**
 * Finds a menu entry by title; choosing opens it (external and iframe entries in a new window).
 * The first screen shows a plain search box: the Select behind it is fetched when the pointer or
 * focus reaches the box, and takes over once loaded with what was typed meanwhile (issue 15:
 * the first screen's JS).
 */
export function MenuSearch({ menu, width = 180 }: { menu: readonly MenuEntry[]; width?: number }) {
  const [wanted, setWanted] = useState(false);
  // The loaded Select itself, not React.lazy: a lazy component suspends once more on its first
  // render, which would remount the box (and its focus) in between.
  const [Select, setSelect] = useState<SelectModule['default'] | null>(null);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const want = () => {
    if (wanted) return;
    setWanted(true);
    void import('./menu-search-select').then((m) => setSelect(() => m.default));
  };
  const box = (
    <SearchBox
      width={width}
      value={search}
      onChange={(text) => {
        setSearch(text);
        setOpen(text !== '');
      }}
      onWant={want}
    />
  );
  if (!Select) return box;
  return <Select menu={menu} width={width} state={{ search, setSearch, open, setOpen }} />;
}

function SearchBox({
  width,
  value,
  onChange,
  onWant,
}: {
  width: number;
  value: string;
  onChange: (text: string) => void;
  onWant: () => void;
}): ReactNode {
  const { token } = theme.useToken();
  return (
    <span
      data-testid="menu-search"
      style={{ display: 'inline-flex', alignItems: 'center', width, height: token.controlHeight, padding: '0 11px' }}
      onPointerEnter={onWant}
    >
      <input
        role="combobox"
        aria-expanded={false}
        aria-label="搜索菜单"
        placeholder="搜索菜单"
        value={value}
        onFocus={onWant}
        onChange={(e) => {
          onWant();
          onChange(e.target.value);
        }}
        style={{
          flex: 1,
          minWidth: 0,
          border: 0,
          outline: 0,
          background: 'transparent',
          font: 'inherit',
          color: token.colorText,
        }}
      />
      <SearchOutlined style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeSM }} />
    </span>
  );
}
