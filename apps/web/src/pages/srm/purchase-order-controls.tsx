import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../lib/http';
import { SearchSelect } from './material-controls';

type ValueProps = { id?: string; value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean };

type ContractRow = { id: string; code: string; title: string; supplierId: string };
export type ContractLineRow = {
  id: string;
  lineNo?: number;
  materialId: string | null;
  materialName: string;
  spec: string | null;
  unit: string | null;
  qty: string;
  unitPrice: string;
  taxRate: string;
};

const contractLabel = (c: ContractRow) => `${c.code} ${c.title}`;

async function contractById(id: string) {
  const body = await getAction<ContractRow & { lines?: ContractLineRow[] }>('/srm/contract/queryById', { id });
  if (!body.success) throw new Error(body.message);
  return body.result;
}

/**
 * 合同 of an order (CON-4): the ACTIVE contracts of the supplier chosen in the same form, by
 * code and title; the chosen one is shown by its code even when not among the first matches.
 */
export function ContractSelect(props: ValueProps) {
  const supplierId = Form.useWatch<string | undefined>('supplierId');
  return (
    <SearchSelect<ContractRow>
      {...props}
      url="/srm/contract/list"
      extra={{ status: 'ACTIVE', supplierId }}
      searchField="title"
      enabled={!!supplierId}
      chosen={{ queryKey: 'orderContract', load: contractById }}
      label={contractLabel}
      placeholder={supplierId ? '请输入合同名称搜索' : '请先选择供应商'}
      notFoundContent={supplierId ? '该供应商没有生效的合同' : '请先选择供应商'}
      testId="contract-select"
    />
  );
}

export const contractLineLabel = (l: ContractLineRow, i: number) =>
  `第${l.lineNo ?? i + 1}行 ${l.materialName}${l.spec ? ` ${l.spec}` : ''} ¥${l.unitPrice}`;

/**
 * 合同行 of an order line (CON-5): the lines of the contract chosen in the order's header; picking
 * one fills the line's material, unit, price and tax rate from it (the server checks the price, PO-2).
 */
export function ContractLineSelect({
  id,
  value,
  onChange,
  disabled,
  at,
}: ValueProps & { at?: readonly [string, number] }) {
  const form = Form.useFormInstance();
  const contractId = Form.useWatch<string | undefined>('contractId');
  const contract = useQuery({
    queryKey: ['orderContract', contractId],
    enabled: !!contractId,
    queryFn: () => contractById(contractId!),
  });
  const lines = contract.data?.lines ?? [];
  const pick = (v: string | undefined) => {
    onChange?.(v ?? null);
    const line = lines.find((l) => l.id === v);
    if (!line || !at) return;
    const [set, row] = at;
    const fill = { materialId: line.materialId, unit: line.unit, unitPrice: line.unitPrice, taxRate: line.taxRate };
    for (const [key, val] of Object.entries(fill)) if (val != null) form.setFieldValue([set, row, key], val);
  };
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={pick}
      disabled={disabled || !contractId}
      allowClear
      loading={contract.isLoading && !!contractId}
      options={lines.map((l, i) => ({ value: l.id, label: contractLineLabel(l, i) }))}
      placeholder={contractId ? '请选择合同行' : '请先选择合同'}
      popupMatchSelectWidth={false}
      data-testid={`contract-line-select-${at?.[1] ?? 0}`}
    />
  );
}

/** An order's contract in its detail: code and title, not the id. */
export function ContractText({ id }: { id: string | null }) {
  const contract = useQuery({ queryKey: ['orderContract', id], enabled: !!id, queryFn: () => contractById(id!) });
  if (!id) return <>-</>;
  return <span data-testid="order-contract">{contract.data ? contractLabel(contract.data) : id}</span>;
}
