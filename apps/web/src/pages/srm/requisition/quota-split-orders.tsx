import type { QuotaSplitPreview } from '@procura/shared';
import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { isDecimal, toScaled } from '@procura/shared';
import { useHasPermission } from '../../../components/has';
import { getOrThrow } from '../../../lib/supplier-api';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import type { RequisitionLineRow } from './requisition-api';

export type QuotaSplit = QuotaSplitPreview;

type Price = { unitPrice: string; taxRate: string };

/** The prices the buyer must still give: suppliers with a part and no price record in force. */
export function missingPrices(split: QuotaSplit, prices: Record<string, Price>): string[] {
  return split.parts
    .filter((p) => toScaled(p.qty) > 0n && !p.unitPrice)
    .filter((p) => !isDecimal(prices[p.supplierId]?.unitPrice ?? '') || !isDecimal(prices[p.supplierId]?.taxRate ?? ''))
    .map((p) => `请填写供应商“${p.supplierName}”的单价和税率`);
}

/**
 * 按配额拆分 (QUO-4, QUO-5) on one approved requisition line: offered only when its material has a
 * quota arrangement in force (the server answers null otherwise); the modal shows the split the
 * server computes (one order per supplier, the parts summing to what is left of the line) and
 * asks for the prices no price record gives; 确定 makes the draft orders in one go.
 */
export function QuotaSplitButton({ line, onDone }: { line: RequisitionLineRow; onDone: () => void | Promise<void> }) {
  const canOrder = useHasPermission('purchaseOrder:add');
  const free = toScaled(line.qtyRemaining) > 0n;
  const split = useQuery({
    queryKey: ['order', 'quotaSplit', line.id, line.qtyRemaining],
    queryFn: () => getOrThrow<QuotaSplit | null>('/srm/order/quotaSplit', { requisitionLineId: line.id }),
    enabled: canOrder && free && !!line.materialId,
    retry: false,
  });
  const [open, setOpen] = useState(false);
  if (!split.data) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`quota-split-${line.lineNo}`}>
        按配额拆分
      </Button>
      {open && (
        <QuotaSplitModal
          line={line}
          split={split.data}
          onClose={() => setOpen(false)}
          onDone={async () => {
            setOpen(false);
            await onDone();
          }}
        />
      )}
    </>
  );
}

function QuotaSplitModal({
  line,
  split,
  onClose,
  onDone,
}: {
  line: RequisitionLineRow;
  split: QuotaSplit;
  onClose: () => void;
  onDone: () => void | Promise<void>;
}) {
  const { busy, run } = useCommand();
  // Where no price record is in force the buyer gives the price; the tax rate starts from the material's.
  const [prices, setPrices] = useState<Record<string, Price>>(() =>
    Object.fromEntries(
      split.parts.filter((p) => !p.unitPrice).map((p) => [p.supplierId, { unitPrice: '', taxRate: p.taxRate ?? '' }]),
    ),
  );
  const [tried, setTried] = useState(false);
  const problems = missingPrices(split, prices);
  const setPrice = (supplierId: string, field: keyof Price, value: string) =>
    setPrices((p) => ({
      ...p,
      [supplierId]: { unitPrice: '', taxRate: '', ...p[supplierId], [field]: value.trim() },
    }));
  const submit = () => {
    setTried(true);
    if (problems.length) return;
    void run(
      () =>
        postAction('/srm/order/fromRequisitionByQuota', {
          requisitionLineId: line.id,
          prices: Object.entries(prices)
            .filter(([, p]) => p.unitPrice && p.taxRate)
            .map(([supplierId, p]) => ({ supplierId, ...p })),
        }),
      onDone,
    );
  };
  return (
    <Modal
      title={`按配额拆分：第${line.lineNo}行 ${line.materialName ?? ''}`}
      open
      width={860}
      okText="生成订单草稿"
      cancelText="取消"
      okButtonProps={{ loading: busy, 'data-testid': 'quota-split-ok' }}
      onCancel={onClose}
      onOk={submit}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="quota-split-modal">
        <Typography.Text>
          配额 {split.arrangementCode}
          {split.status === 'NEEDS_REVIEW' && <Tag color="warning">待复核</Tag>}，拆分数量 {split.qty}
          {split.orderMultiple ? `，订购倍数 ${split.orderMultiple}` : ''}
          {split.minSplitQty ? `，最小拆分数量 ${split.minSplitQty}` : ''}
        </Typography.Text>
        {split.whole && (
          <Alert
            type="info"
            showIcon
            title="数量低于最小拆分数量，整单分配给配额评级最低的供应商（QUO-5）"
            data-testid="quota-split-whole"
          />
        )}
        {split.skipped.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`以下供应商暂不参与分配，其余比例重新归一（QUO-7）：${split.skipped
              .map((x) => `${x.supplierName}（${x.reason}）`)
              .join('；')}`}
          />
        )}
        <Table
          rowKey="supplierId"
          size="small"
          pagination={false}
          dataSource={split.parts}
          data-testid="quota-split-parts"
          columns={[
            { title: '供应商', dataIndex: 'supplierName' },
            { title: '配额比例', dataIndex: 'quotaPct', width: 90, render: (v: number) => `${v}%` },
            { title: '已分配', dataIndex: 'allocatedQty', width: 90 },
            { title: '本次数量', dataIndex: 'qty', width: 100 },
            {
              title: '单价（不含税）',
              width: 150,
              render: (_: unknown, p: QuotaSplit['parts'][number]) =>
                toScaled(p.qty) === 0n ? (
                  '-'
                ) : p.unitPrice ? (
                  `${p.unitPrice}（价格库）`
                ) : (
                  <Input
                    size="small"
                    aria-label={`${p.supplierName}单价`}
                    value={prices[p.supplierId]?.unitPrice ?? ''}
                    onChange={(e) => setPrice(p.supplierId, 'unitPrice', e.target.value)}
                  />
                ),
            },
            {
              title: '税率(%)',
              width: 100,
              render: (_: unknown, p: QuotaSplit['parts'][number]) =>
                toScaled(p.qty) === 0n || p.unitPrice ? (
                  (p.taxRate ?? '-')
                ) : (
                  <Input
                    size="small"
                    aria-label={`${p.supplierName}税率`}
                    value={prices[p.supplierId]?.taxRate ?? ''}
                    onChange={(e) => setPrice(p.supplierId, 'taxRate', e.target.value)}
                  />
                ),
            },
          ]}
        />
        <Typography.Text type="secondary">
          每家分得数量的供应商生成一张采购订单草稿；审批通过时记入配额已分配数量（QUO-6）。
        </Typography.Text>
        {tried && problems.length > 0 && <Alert type="error" showIcon title={problems.join('；')} />}
      </Space>
    </Modal>
  );
}
