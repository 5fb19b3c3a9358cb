import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { flattenMenu } from '../../lib/menu-routes';
import type { MenuEntry } from '../../lib/menu-routes';

export type MenuSearchState = {
  search: string;
  setSearch: (text: string) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
};

/**
 * The menu search itself (antd Select with its virtual list, about 24 kB gzip), loaded when the
 * user first reaches for the search box (menu-search.tsx). The search text and the open state
 * live in that box's component, so text typed while this loaded is neither lost nor doubled.
 */
export default function MenuSearchSelect({
  menu,
  width,
  state,
}: {
  menu: readonly MenuEntry[];
  width: number;
  state: MenuSearchState;
}) {
  const navigate = useNavigate();
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const [value, setValue] = useState<string | null>(null);
  const { search, setSearch, open, setOpen } = state;
  // The Select clears its search text in an effect as it mounts, which runs before this one:
  // that clear would drop what was typed before it loaded.
  const mounting = useRef(true);
  useEffect(() => {
    mounting.current = false;
  }, []);
  const onSearch = (text: string) => {
    if (!(mounting.current && text === '')) setSearch(text);
  };

  const choose = (key: string) => {
    const entry = entries.find((e) => e.key === key);
    setValue(null);
    setSearch('');
    setOpen(false);
    if (!entry) return;
    if (entry.externalUrl) window.open(entry.externalUrl, '_blank', 'noopener,noreferrer');
    else navigate(entry.path);
  };

  return (
    <Select
      data-testid="menu-search"
      autoFocus
      open={open}
      // Closing forgets the text, as the Select does when it keeps the text itself.
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      showSearch={{ optionFilterProp: 'label', searchValue: search, onSearch }}
      value={value}
      placeholder="搜索菜单"
      suffixIcon={<SearchOutlined />}
      notFoundContent="无匹配菜单"
      style={{ width }}
      variant="borderless"
      options={entries.map((e) => ({ value: e.key, label: e.title }))}
      onChange={choose}
    />
  );
}
