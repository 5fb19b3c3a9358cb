import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { loadAward, OBJECTION_STAGE, OBJECTION_STATUS, type TenderObjection } from './award-api';

/**
 * 异议 in the buyer's tender detail: objections to the documents (TND-4, the tender is suspended
 * until all are answered) and to the result during publicity (TND-18, the award is suspended);
 * each answered once, within 3 days.
 */
export function ObjectionsPanel({
  eventId,
  canAnswer,
  onChanged,
}: {
  eventId: string;
  canAnswer: boolean;
  onChanged: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const view = useQuery({ queryKey: ['tender', 'award', eventId], queryFn: () => loadAward(eventId) });
  const [answering, setAnswering] = useState<TenderObjection | null>(null);
  const [answer, setAnswer] = useState('');
  if (view.isPending) return <Spin />;
  if (view.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="异议加载失败"
        description={view.error.message}
        action={
          <Button size="small" onClick={() => void view.refetch()}>
            重试
          </Button>
        }
      />
    );
  const send = () => {
    if (!answer.trim()) {
      message.warning('请填写答复内容');
      return;
    }
    void run(
      () => postAction('/srm/tender/objection/answer', { id: answering!.id, answer: answer.trim() }),
      async () => {
        setAnswering(null);
        await view.refetch();
        await onChanged();
      },
    );
  };
  return (
    <>
      <Table<TenderObjection>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={view.data.objections}
        locale={{ emptyText: '暂无异议' }}
        data-testid="tender-objections"
        columns={[
          { title: '异议对象', dataIndex: 'stage', width: 140, render: (v: string) => OBJECTION_STAGE[v] ?? v },
          { title: '提出人', dataIndex: 'supplierName', width: 180 },
          { title: '异议内容', dataIndex: 'content' },
          { title: '提出时间', dataIndex: 'receivedAt', width: 170 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: string) => <Tag color={v === 'RECEIVED' ? 'orange' : 'green'}>{OBJECTION_STATUS[v] ?? v}</Tag>,
          },
          {
            title: '答复',
            dataIndex: 'answer',
            render: (v: string | null, o) => (v ? `${v}（${o.answeredAt ?? ''}）` : '-'),
          },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, o) =>
              o.status === 'RECEIVED' && canAnswer ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    setAnswer('');
                    setAnswering(o);
                  }}
                  data-testid={`objection-answer-${o.id}`}
                >
                  答复
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        title={answering ? `答复异议：${answering.supplierName}` : '答复异议'}
        open={answering !== null}
        okText="提交答复"
        cancelText="取消"
        confirmLoading={busy}
        onCancel={() => setAnswering(null)}
        onOk={send}
      >
        <Typography.Paragraph type="secondary">{answering?.content}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          答复将通知提出异议的投标人，提交后不能修改；全部异议答复后，招标活动或中标候选人公示恢复。
        </Typography.Paragraph>
        <Input.TextArea
          rows={4}
          maxLength={2000}
          aria-label="答复内容"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          data-testid="objection-answer-text"
        />
      </Modal>
    </>
  );
}
