import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { flattenMenu } from '../../lib/menu-routes';
import type { MenuEntry } from '../../lib/menu-routes';

/** Menu entries the search offers: the permitted, non-hidden leaves (the built menu holds no others). */
export function searchableEntries(menu: readonly MenuEntry[]): MenuEntry[] {
  return flattenMenu(menu);
}

/** Finds a menu entry by title; choosing opens it (external and iframe entries in a new window). */
export function MenuSearch({ menu, width = 180 }: { menu: readonly MenuEntry[]; width?: number }) {
  const navigate = useNavigate();
  const entries = useMemo(() => searchableEntries(menu), [menu]);
  const [value, setValue] = useState<string | null>(null);

  const choose = (key: string) => {
    const entry = entries.find((e) => e.key === key);
    setValue(null);
    if (!entry) return;
    if (entry.externalUrl) window.open(entry.externalUrl, '_blank', 'noopener,noreferrer');
    else navigate(entry.path);
  };

  return (
    <Select
      data-testid="menu-search"
      showSearch={{ optionFilterProp: 'label' }}
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
