import { useState } from 'react';
import { App, Button, Input, Popconfirm, Select, Space, Table } from 'antd';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  cell,
  GROUP_TEXT,
  loadBids,
  scoredBids,
  scoredCriteria,
  sheetBody,
  sheetErrors,
  type Bid,
  type Sheet,
} from './evaluation-api';

/** What the committee member sees of a project once declared: its bids and evaluation criteria. */
export type BidsView = NonNullable<Awaited<ReturnType<typeof loadBids>>>;

/** The score sheet (TND-12): one row per valid bid, one column per manual or pass/fail item. */
export function ScoreSheet({
  eventId,
  view,
  onSubmitted,
}: {
  eventId: string;
  view: BidsView;
  onSubmitted: () => void;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [sheet, setSheet] = useState<Sheet>({});
  const criteria = scoredCriteria(view.criteria);
  const submit = async () => {
    const errors = sheetErrors(view.bids, view.criteria, sheet);
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    await run(
      () => postAction('/srm/tender/evaluation/score/submit', sheetBody(eventId, view.bids, view.criteria, sheet)),
      onSubmitted,
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="score-sheet">
      <Table<Bid>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={scoredBids(view.bids)}
        columns={[
          { title: '投标人', dataIndex: 'supplierName' },
          ...criteria.map((c) => ({
            title: `${GROUP_TEXT[c.criterionGroup] ?? ''}·${c.name}${c.method === 'MANUAL' ? `（满分${c.maxScore}）` : '（合格/不合格）'}`,
            key: c.id,
            render: (_: unknown, b: Bid) =>
              c.method === 'PASS_FAIL' ? (
                <Select
                  aria-label={`${b.supplierName}${c.name}`}
                  style={{ width: 110 }}
                  value={sheet[cell(b.id, c.id)] as boolean | undefined}
                  options={[
                    { value: true, label: '合格' },
                    { value: false, label: '不合格' },
                  ]}
                  onChange={(v: boolean) => setSheet((s) => ({ ...s, [cell(b.id, c.id)]: v }))}
                />
              ) : (
                <Input
                  aria-label={`${b.supplierName}${c.name}`}
                  style={{ width: 90 }}
                  value={(sheet[cell(b.id, c.id)] as string | undefined) ?? ''}
                  onChange={(e) => setSheet((s) => ({ ...s, [cell(b.id, c.id)]: e.target.value }))}
                />
              ),
          })),
        ]}
      />
      <Popconfirm
        title="提交后不能修改，确定提交评分？"
        okText="提交"
        cancelText="取消"
        onConfirm={() => void submit()}
      >
        <Button type="primary" loading={busy} data-testid="score-submit">
          提交评分
        </Button>
      </Popconfirm>
    </Space>
  );
}
