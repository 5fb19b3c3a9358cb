import { useState } from 'react';
import { Button, Descriptions, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PO_STATUS_TEXT, type PoStatus } from '@procura/shared';
import { getAction } from '../../lib/http';
import type { ResourceRecord } from '../../resources/resource-types';

/** An order line as `GET /srm/order/lines` and the revisions return it. */
export type OrderLine = {
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

export const useOrderLines = (id: string, enabled = true) =>
  useQuery({
    queryKey: ['orderLines', id],
    enabled,
    queryFn: () => fetched<OrderLine[]>('/srm/order/lines', { id }),
  });

const statusText = (s: string) => PO_STATUS_TEXT[s as PoStatus] ?? s;

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
