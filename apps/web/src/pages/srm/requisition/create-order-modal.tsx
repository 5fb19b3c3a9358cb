import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { detailHref, isDecimal, toScaled } from '@procura/shared';
import { DictText } from '../../../components/dict/dict-select';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { ORDER_PAGE } from '../award-follow-up';
import { SupplierSelect } from '../material-controls';
import { type RequisitionDetail, type RequisitionLineRow } from './requisition-api';

const QTY = /^\d{1,14}(\.\d{1,4})?$/;

export type OrderPick = { lineNo: number; qty: string; remaining: string; unitPrice: string; taxRate: string };

/** PR-3 before sending (the server checks again): a supplier, a line, each quantity > 0 and ≤ what is left, prices. */
export function orderPickErrors(supplierId: string | null, picks: OrderPick[]): string[] {
  const errors: string[] = supplierId ? [] : ['请选择供应商'];
  if (picks.length === 0) errors.push('请至少选择一行');
  for (const p of picks) {
    const qty = p.qty.trim();
    if (!QTY.test(qty) || toScaled(qty) === 0n) errors.push(`第${p.lineNo}行下单数量必须大于0（最多4位小数）`);
    else if (toScaled(qty) > toScaled(p.remaining))
      errors.push(`第${p.lineNo}行下单数量不能超过剩余数量 ${p.remaining}`);
    if (!isDecimal(p.unitPrice.trim())) errors.push(`第${p.lineNo}行请填写单价`);
    if (!isDecimal(p.taxRate.trim())) errors.push(`第${p.lineNo}行请填写税率`);
  }
  return errors;
}

type Cell = 'qty' | 'unitPrice' | 'taxRate';

/**
 * 转订单 (PR-3, PR-6): approved requisition lines with quantity left become a draft purchase order
 * to one supplier (`/srm/order/fromRequisition`); each line at most its remaining quantity. The
 * draft opens in 采购订单.
 */
export function CreateOrderModal({
  requisition,
  open,
  onClose,
  onCreated,
}: {
  requisition: RequisitionDetail;
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const navigate = useNavigate();
  const { busy, run } = useCommand();
  const free = requisition.lines.filter((l) => toScaled(l.qtyRemaining) > 0n);
  const [selected, setSelected] = useState<string[]>(() => free.map((l) => l.id));
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [cells, setCells] = useState<Record<string, Record<Cell, string>>>(() =>
    Object.fromEntries(
      free.map((l) => [l.id, { qty: l.qtyRemaining, unitPrice: l.estimatedUnitPrice ?? '', taxRate: '13' }]),
    ),
  );
  const [tried, setTried] = useState(false);
  const chosen = free.filter((l) => selected.includes(l.id));
  const problems = orderPickErrors(
    supplierId,
    chosen.map((l) => ({ lineNo: l.lineNo, remaining: l.qtyRemaining, ...cells[l.id]! })),
  );
  const errors = tried ? problems : [];
  const set = (id: string, cell: Cell, value: string) =>
    setCells((c) => ({ ...c, [id]: { ...c[id]!, [cell]: value } }));

  const submit = () => {
    setTried(true);
    if (problems.length) return;
    let created = '';
    void run(
      async () => {
        const answer = await postAction<{ id: string }>('/srm/order/fromRequisition', {
          supplierId,
          lines: chosen.map((l) => ({
            requisitionLineId: l.id,
            qty: cells[l.id]!.qty.trim(),
            unitPrice: cells[l.id]!.unitPrice.trim(),
            taxRate: cells[l.id]!.taxRate.trim(),
          })),
        });
        if (answer.success) created = answer.result.id;
        return answer;
      },
      () => {
        onCreated();
        navigate(detailHref(ORDER_PAGE, created));
      },
    );
  };

  const input = (cell: Cell, label: string) => (_: unknown, l: RequisitionLineRow) => (
    <Input
      size="small"
      value={cells[l.id]?.[cell] ?? ''}
      onChange={(ev) => set(l.id, cell, ev.target.value)}
      aria-label={`第${l.lineNo}行${label}`}
    />
  );
  return (
    <Modal
      title="采购申请转订单"
      open={open}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={submit} data-testid="create-order-submit">
          生成订单草稿
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="create-order">
        {errors.length > 0 && (
          <Alert type="error" showIcon title={errors.join('；')} data-testid="create-order-errors" />
        )}
        <Space wrap>
          <span>供应商</span>
          <div style={{ width: 360 }}>
            <SupplierSelect value={supplierId} onChange={setSupplierId} />
          </div>
        </Space>
        <Typography.Text type="secondary">
          每行下单数量不超过剩余数量（剩余 = 数量 − 已寻源 − 已下单 −
          已取消）；生成的订单草稿可在采购订单中继续编辑后提交审批。
        </Typography.Text>
        <Table<RequisitionLineRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={free}
          locale={{ emptyText: '没有剩余数量可下单的行' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          columns={[
            { title: '行号', dataIndex: 'lineNo', width: 50 },
            {
              title: '物料',
              render: (_: unknown, l) => `${l.materialCode ?? ''} ${l.materialName ?? l.description ?? ''}`,
            },
            {
              title: '单位',
              dataIndex: 'unit',
              width: 60,
              render: (v: string) => <DictText code="srm_unit" value={v} />,
            },
            { title: '剩余', dataIndex: 'qtyRemaining', width: 80 },
            { title: '下单数量', width: 120, render: input('qty', '下单数量') },
            { title: '单价（不含税）', width: 120, render: input('unitPrice', '单价') },
            { title: '税率（%）', width: 90, render: input('taxRate', '税率') },
          ]}
        />
      </Space>
    </Modal>
  );
}
