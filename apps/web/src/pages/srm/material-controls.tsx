import { useMemo, useState } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../lib/http';

type CategoryRow = { id: string; code: string; name: string; parentId: string | null; isLeaf: number; status: string };
type TreeNode = { value: string; title: string; disabled?: boolean; children?: TreeNode[] };

async function loadCategories(): Promise<CategoryRow[]> {
  const body = await getAction<CategoryRow[]>('/srm/materialCategory/tree');
  if (!body.success) throw new Error(body.message);
  return body.result;
}

type ValueProps = { id?: string; value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean };

/**
 * The material category tree. For materials only active leaves can be chosen (MAT-2); for a
 * new category's parent any active category that is not holding materials (the server checks).
 */
export function CategoryTreeSelect({
  id,
  value,
  onChange,
  disabled,
  leavesOnly,
}: ValueProps & { leavesOnly: boolean }) {
  const categories = useQuery({ queryKey: ['materialCategories'], queryFn: loadCategories });
  const tree = useMemo(() => {
    const rows = categories.data ?? [];
    const build = (parentId: string | null): TreeNode[] =>
      rows
        .filter((r) => r.parentId === parentId)
        .map((r) => {
          const children = build(r.id);
          return {
            value: r.id,
            title: `${r.code} ${r.name}${r.status === 'ACTIVE' ? '' : '（停用）'}`,
            disabled: r.status !== 'ACTIVE' || (leavesOnly && r.isLeaf !== 1),
            ...(children.length ? { children } : {}),
          };
        });
    return build(null);
  }, [categories.data, leavesOnly]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as string | undefined) ?? null)}
      disabled={disabled}
      treeData={tree}
      loading={categories.isLoading}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={leavesOnly ? '请选择末级分类' : '不选则为一级分类'}
      data-testid={leavesOnly ? 'material-category-select' : 'category-parent-select'}
    />
  );
}

type Row = { id: string; code?: string; name: string };

type SearchSelectProps<R extends { id: string }> = ValueProps & {
  url: string;
  extra?: Record<string, string | undefined>;
  label: (r: R) => string;
  testId: string;
  /** The list filter the typed text goes to (`name` unless given). */
  searchField?: string;
  /** False while the list has nothing to search yet (no supplier chosen). */
  enabled?: boolean;
  /** Loads the chosen row, so it shows by its label even when not among the first matches. */
  chosen?: { queryKey: string; load: (id: string) => Promise<R> };
  placeholder?: string;
  notFoundContent?: string;
};

/** A searchable pick from a paged list (materials, suppliers, contracts): the first 20 matches of what is typed. */
export function SearchSelect<R extends { id: string } = Row>({
  id,
  value,
  onChange,
  disabled,
  url,
  extra,
  label,
  testId,
  searchField = 'name',
  enabled = true,
  chosen,
  placeholder = '请输入名称搜索',
  notFoundContent,
}: SearchSelectProps<R>) {
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: [url, extra, search],
    enabled,
    queryFn: async () => {
      const body = await getAction<{ records: R[] }>(url, {
        ...extra,
        [searchField]: search ? `*${search}*` : undefined,
        pageNo: 1,
        pageSize: 20,
      });
      return body.result?.records ?? [];
    },
  });
  const current = useQuery({
    queryKey: [chosen?.queryKey, value],
    enabled: !!chosen && !!value,
    queryFn: () => chosen!.load(value!),
  });
  const rows = found.data ?? [];
  const shown = current.data;
  const picked = shown && !rows.some((r) => r.id === shown.id) ? [shown] : [];
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setSearch}
      loading={found.isLoading && enabled}
      options={[...picked, ...rows].map((r) => ({ value: r.id, label: label(r) }))}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      data-testid={testId}
    />
  );
}

/** Active materials only: inactive ones get no new prices or lines (MAT-3). */
export const MaterialSelect = (props: ValueProps) => (
  <SearchSelect
    {...props}
    url="/srm/material/list"
    extra={{ status: 'ACTIVE' }}
    label={(r: Row) => `${r.code} ${r.name}`}
    testId="material-select"
  />
);
export const SupplierSelect = (props: ValueProps) => (
  <SearchSelect {...props} url="/supplier/list" label={(r: Row) => r.name} testId="supplier-select" />
);
