import { useEffect, useMemo, useState } from 'react';
import { Cascader, Select, Space } from 'antd';
import type { AreaMap } from './area-data';
import { areaChildren, areaPath, areaTree, loadAreas } from './area-data';

export type AreaLinkageProps = {
  /** `cascader` (one picker) or `select` (one select per level), spec part 2 §9. */
  type?: 'cascader' | 'select';
  /** The code of the deepest chosen area (JeecgBoot's JAreaLinkage keeps one code). */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
};

const LEVELS = ['请选择省', '请选择市', '请选择区'];

/** Area linkage: province, city and district from real GB/T 2260 data, as a cascader or three selects. */
export function AreaLinkage({
  type = 'cascader',
  value,
  onChange,
  disabled,
  placeholder = '请选择省市区',
}: AreaLinkageProps) {
  const [map, setMap] = useState<AreaMap | null>(null);
  useEffect(() => {
    let alive = true;
    void loadAreas().then((m) => alive && setMap(m));
    return () => {
      alive = false;
    };
  }, []);
  const path = useMemo(() => (map ? areaPath(map, value) : []), [map, value]);
  const tree = useMemo(() => (map && type === 'cascader' ? areaTree(map) : []), [map, type]);

  if (type === 'cascader') {
    return (
      <Cascader
        data-testid="area-cascader"
        style={{ width: '100%' }}
        loading={!map}
        disabled={disabled}
        placeholder={placeholder}
        options={tree}
        value={path}
        changeOnSelect
        showSearch
        onChange={(next) => onChange?.(next && next.length ? String(next[next.length - 1]) : '')}
      />
    );
  }
  return (
    <Space wrap data-testid="area-select">
      {LEVELS.map((hint, level) => (
        <Select
          key={hint}
          style={{ minWidth: 140 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={!map}
          disabled={disabled || (level > 0 && !path[level - 1])}
          placeholder={hint}
          value={path[level]}
          options={map ? areaChildren(map, level === 0 ? '86' : (path[level - 1] ?? '')) : []}
          // Choosing a level keeps the ones above and clears the ones below.
          onChange={(code: string | undefined) => onChange?.(code ?? path[level - 1] ?? '')}
        />
      ))}
    </Space>
  );
}
