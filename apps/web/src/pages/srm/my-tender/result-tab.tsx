import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Input, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { AWARD_STATUS, loadResult, OBJECTION_STATUS } from './my-tender-api';
import { useTenderCommand } from './tender-command';

/** TND-17/18/19: the candidates' publicity or the final result, and an objection during publicity. */
export function ResultTab({ eventId }: { eventId: string }) {
  const { message } = App.useApp();
  const { busy, refusal, run } = useTenderCommand();
  const [content, setContent] = useState('');
  const result = useQuery({ queryKey: ['myTender', 'result', eventId], queryFn: () => loadResult(eventId) });
  if (result.isPending) return <Spin />;
  if (result.isError)
    return <Alert type="error" showIcon title="评标结果加载失败" description={result.error.message} />;
  const r = result.data;
  const object = () => {
    if (!content.trim()) {
      message.warning('请填写异议内容');
      return;
    }
    void run(
      () => postAction('/srm/tender/supplier/objection/add', { eventId, content: content.trim() }),
      async () => {
        setContent('');
        await result.refetch();
      },
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-result">
      {!r.status ? (
        <Empty description="评标结果尚未公示" />
      ) : (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="状态">{AWARD_STATUS[r.status] ?? r.status}</Descriptions.Item>
          <Descriptions.Item label="公示期">{`${r.publicityStartAt ?? '-'} 至 ${r.publicityEndAt ?? '-'}`}</Descriptions.Item>
          {r.winner && (
            <Descriptions.Item label="中标人" span={2}>
              {r.winner}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="中标候选人" span={2}>
            {(r.candidates ?? []).map((c) => `${c.title}：${c.supplierName}`).join('；') || '-'}
          </Descriptions.Item>
          {r.committee && (
            <Descriptions.Item label="评标委员会" span={2}>
              {r.committee.map((m) => `${m.name}（${m.role}）`).join('、')}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {r.objections.length > 0 && (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={r.objections}
          columns={[
            { title: '我的异议', dataIndex: 'content' },
            { title: '提出时间', dataIndex: 'receivedAt', width: 170 },
            { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => OBJECTION_STATUS[v] ?? v },
            { title: '答复', dataIndex: 'answer', render: (v: string | null) => v ?? '-' },
          ]}
        />
      )}
      {(r.status === 'PUBLICITY' || r.status === 'SUSPENDED') && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            aria-label="异议内容"
            placeholder="对评标结果的异议（公示期内）"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            data-testid="tender-objection"
          />
          <Popconfirm title="确定提出异议？定标将暂停至采购人答复。" okText="提交" cancelText="取消" onConfirm={object}>
            <Button danger loading={busy} data-testid="tender-objection-submit">
              提出异议
            </Button>
          </Popconfirm>
        </Space>
      )}
      {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
    </Space>
  );
}
