import { useState } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { searchMaterials, type MaterialOption } from '../requisition/requisition-api';
import type { LineDraft } from './sourcing-form';

/** The catalogue picker (active materials only, MAT-3); choosing one fills name, spec and unit from the material. */
export function MaterialPicker({
  value,
  label,
  onPick,
}: {
  value?: string;
  label: string;
  onPick: (m: MaterialOption | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['sourcing', 'materials', keyword], queryFn: () => searchMaterials(keyword) });
  const options = found.data ?? [];
  return (
    <Select
      aria-label="目录物料"
      allowClear
      style={{ width: 180 }}
      placeholder="目录物料（可选）"
      value={value}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      options={[
        ...options.map((m) => ({ value: m.id, label: `${m.code} ${m.name}` })),
        ...(value && !options.some((m) => m.id === value) ? [{ value, label }] : []),
      ]}
      onChange={(id: string | undefined) => onPick(options.find((m) => m.id === id) ?? null)}
    />
  );
}

/** A line's field errors, shown beside the fields (all lines at once). */
export type LineErrors = Partial<Record<'materialName' | 'unit' | 'qty', string>>;

/** What a line still lacks before it can be saved; the server checks again. */
export function lineErrorsOf(l: LineDraft): LineErrors {
  const e: LineErrors = {};
  if (!l.materialName.trim()) e.materialName = '请填写物料名称';
  if (!l.unit.trim()) e.unit = '请选择单位';
  if (!/^\d+(\.\d+)?$/.test(l.qty.trim()) || Number(l.qty) <= 0) e.qty = '数量必须大于0';
  return e;
}

/** A field's error under it, in the form's error style. */
export function CellError({ text, testId }: { text?: string; testId: string }) {
  return text ? (
    <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={testId}>
      {text}
    </Typography.Text>
  ) : null;
}
