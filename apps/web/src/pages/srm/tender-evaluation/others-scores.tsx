import { Table } from 'antd';
import type { ScoreRow } from './evaluation-api';
import type { BidsView } from './score-sheet';

/** The other members' scores, shown only once the member submitted their own (TND-12). */
export function OthersScores({ rows, view }: { rows: ScoreRow[]; view: BidsView }) {
  const name = (id: string) => view.bids.find((b) => b.id === id)?.supplierName ?? id;
  const item = (id: string) => view.criteria.find((c) => c.id === id)?.name ?? id;
  return (
    <Table<ScoreRow>
      rowKey={(r) => `${r.memberId}:${r.responseId}:${r.criterionId}`}
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="scores-table"
      columns={[
        { title: '评委', dataIndex: 'userName' },
        { title: '投标人', render: (_: unknown, r) => name(r.responseId) },
        { title: '评审项', render: (_: unknown, r) => item(r.criterionId) },
        { title: '得分', render: (_: unknown, r) => (r.passed === null ? r.score : r.passed ? '合格' : '不合格') },
      ]}
    />
  );
}
