import { withoutRuleIds } from '@procura/shared';
import { Table } from 'antd';
import type { RankedRow } from './evaluation-api';

/** The report's ranking (TND-13): price, technical, business and total scores, rank, and why a bid was rejected (TND-14). */
export function RankingTable({ rows }: { rows: RankedRow[] }) {
  return (
    <Table<RankedRow>
      rowKey="responseId"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="ranking-table"
      columns={[
        { title: '排名', dataIndex: 'rank', render: (v: number | null) => v ?? '-' },
        { title: '投标人', dataIndex: 'supplierName' },
        { title: '投标总价', dataIndex: 'price' },
        { title: '价格分', dataIndex: 'priceScore' },
        { title: '技术分', dataIndex: 'techScore' },
        { title: '商务分', dataIndex: 'businessScore' },
        { title: '总分', dataIndex: 'total' },
        { title: '否决理由', dataIndex: 'rejectReason', render: (v: string | null) => (v ? withoutRuleIds(v) : v) },
      ]}
    />
  );
}
