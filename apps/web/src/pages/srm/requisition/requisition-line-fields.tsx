import { useState, type ReactNode } from 'react';
import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { searchMaterials, type MaterialOption } from './requisition-api';
import type { RequisitionValues } from './requisition-values';

/** A select in a box that carries the test id (antd puts `data-*` on its inner input). */
export function Boxed({ testId, ...props }: SelectProps & { testId: string }) {
  return (
    <div data-testid={testId}>
      <Select {...props} />
    </div>
  );
}

/** The material picker: ACTIVE materials found by code or name on the server (MAT-3). */
export function MaterialSelect({
  value,
  onChange,
  initial,
  onPicked,
  index,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  initial?: MaterialOption | null;
  onPicked: (m: MaterialOption | null) => void;
  index: number;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['requisition', 'materials', keyword], queryFn: () => searchMaterials(keyword) });
  const list = [...(found.data ?? [])];
  if (initial && !list.some((m) => m.id === initial.id)) list.unshift(initial);
  return (
    <Boxed
      testId={`line-material-${index}`}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value ?? undefined}
      placeholder="选择物料（非目录物料可不选）"
      loading={found.isFetching}
      notFoundContent={found.isError ? '物料加载失败' : '无匹配的启用物料'}
      style={{ width: 220 }}
      options={list.map((m) => ({ value: m.id, label: `${m.code} ${m.name}${m.spec ? ` ${m.spec}` : ''}` }))}
      onChange={(v) => {
        const picked = typeof v === 'string' ? v : null;
        onChange?.(picked);
        onPicked(list.find((m) => m.id === picked) ?? null);
      }}
    />
  );
}

/**
 * Renders a line's cell again when its material changes (antd's table keeps rendered cells while
 * the rows stay the same, so a watched value alone would not reach them).
 */
export function WithMaterial({ index, children }: { index: number; children: (hasMaterial: boolean) => ReactNode }) {
  return (
    <Form.Item
      noStyle
      shouldUpdate={(prev: RequisitionValues, next: RequisitionValues) =>
        !!prev.lines?.[index]?.materialId !== !!next.lines?.[index]?.materialId
      }
    >
      {({ getFieldValue }) => children(!!getFieldValue(['lines', index, 'materialId']))}
    </Form.Item>
  );
}
