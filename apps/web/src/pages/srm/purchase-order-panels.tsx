import { useState } from 'react';
import { Button, Descriptions, Form, Input, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PO_STATUS_TEXT, type PoStatus } from '@procura/shared';
import { getAction } from '../../lib/http';
import type { ResourceRecord, RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';

/** An order line as `GET /srm/order/lines` and the revisions return it. */
type OrderLine = {
  id: string;
  lineNo: number;
  materialName: string;
  spec: string | null;
  qty: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  needByDate: string;
  qtyReceived: string;
  qtyInTransit: string;
  lineStatus: string;
};

type RevisionSummary = {
  revisionNo: number;
  status: string;
  amountInclTax: string;
  changeReason: string | null;
  changedBy: string | null;
  changedAt: string | null;
};

const fetched = async <T,>(url: string, params: Record<string, string | number>) => {
  const body = await getAction<T>(url, params);
  if (!body.success) throw new Error(body.message);
  return body.result;
};

const useOrderLines = (id: string, enabled = true) =>
  useQuery({
    queryKey: ['orderLines', id],
    enabled,
    queryFn: () => fetched<OrderLine[]>('/srm/order/lines', { id }),
  });

const statusText = (s: string) => PO_STATUS_TEXT[s as PoStatus] ?? s;
const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });

/**
 * 变更订单 (PO-6): each open line's quantity, price, tax rate and needed date, and the reason.
 * The server keeps the current revision, refuses a quantity below what was shipped or a new
 * price on received quantity, and sends the order back to the supplier for confirmation.
 */
export function OrderChangeModal(props: RowActionPanelProps) {
  const lines = useOrderLines(props.record.id, props.open);
  const open = (lines.data ?? []).filter((l) => l.lineStatus === 'OPEN');
  const toBody = (v: Record<string, unknown>) => ({
    reason: v.reason,
    lines: ((v.lines as Record<string, string>[] | undefined) ?? []).map((l, i) => ({
      lineId: open[i]!.id,
      qty: l.qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      needByDate: l.needByDate,
    })),
  });
  return (
    <RowCommandModal
      {...props}
      path="/srm/order/change"
      title={`变更订单 - ${String(props.record.code ?? '')}`}
      testId="order-change"
      okText="提交变更"
      toBody={toBody}
    >
      {() =>
        lines.isLoading ? (
          <Spin />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              数量不能小于已收货与在途数量之和；已收货的行不能变更单价或税率。变更后订单版本加一，需供应商重新确认。
            </Typography.Paragraph>
            <Form.List
              name="lines"
              initialValue={open.map((l) => ({
                qty: l.qty,
                unitPrice: l.unitPrice,
                taxRate: l.taxRate,
                needByDate: l.needByDate,
              }))}
            >
              {(fields) =>
                fields.map((f, i) => (
                  <div key={f.key} data-testid={`order-change-line-${open[i]!.lineNo}`}>
                    <Typography.Text strong>
                      第{open[i]!.lineNo}行 {open[i]!.materialName}（已收 {open[i]!.qtyReceived}，在途{' '}
                      {open[i]!.qtyInTransit}）
                    </Typography.Text>
                    <div style={{ display: 'flex', gap: 8 }}>
                      <Form.Item name={[f.name, 'qty']} label="数量" rules={[required('数量')]}>
                        <Input data-testid={`order-change-qty-${open[i]!.lineNo}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'unitPrice']} label="不含税单价" rules={[required('单价')]}>
                        <Input data-testid={`order-change-price-${open[i]!.lineNo}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'taxRate']} label="税率(%)" rules={[required('税率')]}>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[f.name, 'needByDate']} label="需求日期" rules={[required('需求日期')]}>
                        <Input placeholder="YYYY-MM-DD" />
                      </Form.Item>
                    </div>
                  </div>
                ))
              }
            </Form.List>
            <Form.Item name="reason" label="变更原因" rules={[required('变更原因')]}>
              <Input.TextArea rows={3} maxLength={500} showCount data-testid="order-change-reason" />
            </Form.Item>
          </>
        )
      }
    </RowCommandModal>
  );
}

const lineColumns = [
  { title: '行号', dataIndex: 'lineNo', width: 60 },
  { title: '物料名称', dataIndex: 'materialName' },
  { title: '数量', dataIndex: 'qty' },
  { title: '不含税单价', dataIndex: 'unitPrice' },
  { title: '税率(%)', dataIndex: 'taxRate' },
  { title: '不含税金额', dataIndex: 'amount' },
  { title: '需求日期', dataIndex: 'needByDate' },
];

/** One earlier revision: its header amounts and lines as they were. */
function RevisionLines({ id, revisionNo }: { id: string; revisionNo: number }) {
  const rev = useQuery({
    queryKey: ['orderRevision', id, revisionNo],
    queryFn: () =>
      fetched<RevisionSummary & { header: Record<string, unknown>; lines: OrderLine[] }>('/srm/order/revision', {
        id,
        revisionNo,
      }),
  });
  if (rev.isLoading) return <Spin />;
  if (!rev.data) return null;
  return (
    <div data-testid={`order-revision-${revisionNo}`}>
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'a', label: '不含税金额', children: String(rev.data.header.amountExclTax ?? '') },
          { key: 't', label: '税额', children: String(rev.data.header.taxAmount ?? '') },
          { key: 'i', label: '含税金额', children: rev.data.amountInclTax },
        ]}
      />
      <Table rowKey="id" size="small" pagination={false} columns={lineColumns} dataSource={rev.data.lines} />
    </div>
  );
}

/** 历史版本 (PO-6): every earlier revision of the order, each readable with its lines. */
export function OrderRevisionsPanel({ record }: { record: ResourceRecord }) {
  const [shown, setShown] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['orderRevisions', record.id, record.revisionNo],
    queryFn: () => fetched<RevisionSummary[]>('/srm/order/revisions', { id: record.id }),
  });
  if (list.isLoading) return <Spin />;
  return (
    <div data-testid="order-revisions">
      <Typography.Paragraph>当前版本：V{String(record.revisionNo ?? 0)}</Typography.Paragraph>
      <Table
        rowKey="revisionNo"
        size="small"
        pagination={false}
        locale={{ emptyText: '暂无历史版本' }}
        dataSource={list.data ?? []}
        columns={[
          { title: '版本', dataIndex: 'revisionNo', render: (v: number) => `V${v}` },
          { title: '当时状态', dataIndex: 'status', render: statusText },
          { title: '含税金额', dataIndex: 'amountInclTax' },
          { title: '变更原因', dataIndex: 'changeReason', render: (v: string | null) => v ?? '-' },
          { title: '变更时间', dataIndex: 'changedAt' },
          {
            title: '操作',
            render: (_: unknown, r: RevisionSummary) => (
              <Button
                type="link"
                size="small"
                onClick={() => setShown(shown === r.revisionNo ? null : r.revisionNo)}
                data-testid={`order-revision-view-${r.revisionNo}`}
              >
                {shown === r.revisionNo ? '收起' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {shown !== null ? <RevisionLines id={record.id} revisionNo={shown} /> : null}
    </div>
  );
}
