import { useState } from 'react';
import { Alert, App, Button, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { CLARIFICATION_KIND, loadClarifications } from './my-tender-api';
import { useTenderCommand } from './tender-command';

/** SRC-9: published clarifications (never naming the asker) and the supplier's own questions; 提问 until the deadline. */
export function ClarificationTab({ eventId }: { eventId: string }) {
  const { message } = App.useApp();
  const { busy, refusal, run } = useTenderCommand();
  const [question, setQuestion] = useState('');
  const list = useQuery({
    queryKey: ['myTender', 'clarifications', eventId],
    queryFn: () => loadClarifications(eventId),
  });
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title="澄清加载失败" description={list.error.message} />;
  const ask = () => {
    if (!question.trim()) {
      message.warning('请填写问题');
      return;
    }
    void run(
      () => postAction('/srm/sourcing/supplier/clarification/ask', { eventId, question: question.trim() }),
      async () => {
        setQuestion('');
        await list.refetch();
      },
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-clarifications">
      <Typography.Text type="secondary">{`提问截止：${list.data.askDeadline ?? '-'}。答复将匿名发布给全部参与供应商。`}</Typography.Text>
      <List
        bordered
        dataSource={list.data.records}
        locale={{ emptyText: '暂无澄清' }}
        renderItem={(c) => (
          <List.Item>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space>
                <Tag>{CLARIFICATION_KIND[c.kind] ?? c.kind}</Tag>
                {c.mine && <Tag color="blue">我的提问</Tag>}
                {c.affectsResponses ? <Tag color="orange">影响投标</Tag> : null}
                <Typography.Text type="secondary">
                  {c.publishedAt ?? `提问于 ${c.createTime ?? ''}，待答复`}
                </Typography.Text>
              </Space>
              {c.question && <Typography.Text>{`问：${c.question}`}</Typography.Text>}
              {c.answer && (
                <Typography.Text strong>{`${c.kind === 'QUESTION' ? '答' : '内容'}：${c.answer}`}</Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
      {list.data.canAsk && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            aria-label="提问内容"
            placeholder="对招标文件的疑问"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            data-testid="tender-question"
          />
          <Button type="primary" loading={busy} onClick={ask} data-testid="tender-ask">
            提问
          </Button>
        </Space>
      )}
      {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
    </Space>
  );
}
