import { withoutRuleIds } from '@procura/shared';
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { getOrThrow } from '../../../lib/supplier-api';
import { useCommand } from '../../../lib/use-command';

/** 澄清 / 答疑 (domain §9.1, SRC-9): one list of questions, answers and clarifications per event. */
export type Clarification = {
  id: string;
  kind: string;
  question: string | null;
  answer: string | null;
  publishedAt: string | null;
  affectsResponses: number;
  createTime: string | null;
  /** Buyer side only: who asked. */
  askedBySupplierName?: string | null;
  /** Supplier side only: the supplier's own question. */
  mine?: boolean;
};
export type ClarificationList = {
  askDeadline: string | null;
  canAsk?: boolean;
  canPublish?: boolean;
  records: Clarification[];
};

export const KIND_TEXT: Record<string, string> = { QUESTION: '问题答复', CLARIFICATION: '澄清', AMENDMENT: '变更' };

export const loadClarifications = (eventId: string) =>
  getOrThrow<ClarificationList>('/srm/sourcing/clarification/list', { eventId });
export const loadMyClarifications = (eventId: string) =>
  getOrThrow<ClarificationList>('/srm/sourcing/supplier/clarification/list', { eventId });

function Item({ c, buyer, onAnswer }: { c: Clarification; buyer: boolean; onAnswer?: (c: Clarification) => void }) {
  return (
    <List.Item
      data-testid="clarification-item"
      actions={
        buyer && c.kind === 'QUESTION' && !c.publishedAt && onAnswer
          ? [
              <Button key="answer" size="small" type="link" onClick={() => onAnswer(c)}>
                答复
              </Button>,
            ]
          : undefined
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={2}>
        <Space wrap size={4}>
          <Tag color={c.kind === 'QUESTION' ? 'blue' : c.kind === 'AMENDMENT' ? 'orange' : 'green'}>
            {KIND_TEXT[c.kind] ?? c.kind}
          </Tag>
          {c.publishedAt ? (
            <Typography.Text type="secondary">发布于 {c.publishedAt}</Typography.Text>
          ) : (
            <Tag color="warning">待答复</Tag>
          )}
          {c.affectsResponses === 1 && <Tag color="red">影响报价</Tag>}
          {c.mine && <Tag>我的提问</Tag>}
          {buyer && c.askedBySupplierName && (
            <Typography.Text type="secondary">提问方：{c.askedBySupplierName}（仅采购方可见）</Typography.Text>
          )}
        </Space>
        {c.question && <Typography.Text>问：{c.question}</Typography.Text>}
        {c.answer && (
          <Typography.Text strong>
            {c.question ? '答：' : ''}
            {withoutRuleIds(c.answer)}
          </Typography.Text>
        )}
      </Space>
    </List.Item>
  );
}

/** What the buyer publishes: an answer to a question (`questionId`) or a clarification of its own. */
export type ClarificationInput = { questionId?: string; answer: string; affectsResponses: boolean };

/** The inquiry's and auction's routes; a tender passes its own (TND-3 deadline push, audit chain). */
const publishForEvent = (eventId: string) => (c: ClarificationInput) =>
  c.questionId
    ? postAction('/srm/sourcing/clarification/answer', {
        id: c.questionId,
        answer: c.answer,
        affectsResponses: c.affectsResponses,
      })
    : postAction('/srm/sourcing/clarification/publish', {
        eventId,
        answer: c.answer,
        affectsResponses: c.affectsResponses,
      });

/** The buyer's 澄清 tab: every question with its asker, answer one, or publish a clarification to all participants. */
export function BuyerClarifications({
  eventId,
  publish = publishForEvent(eventId),
  permission = 'srm:sourcing:clarify',
  affectsLabel = '影响报价',
  onPublished,
}: {
  eventId: string;
  publish?: (c: ClarificationInput) => ReturnType<typeof postAction>;
  permission?: string;
  affectsLabel?: string;
  onPublished?: () => void | Promise<void>;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const canClarify = useHasPermission(permission);
  const list = useQuery({
    queryKey: ['sourcing', 'clarifications', eventId],
    queryFn: () => loadClarifications(eventId),
  });
  const [answering, setAnswering] = useState<Clarification | null>(null);
  const [text, setText] = useState('');
  const [affects, setAffects] = useState(false);
  const refresh = async () => {
    setAnswering(null);
    setText('');
    setAffects(false);
    await client.invalidateQueries({ queryKey: ['sourcing', 'clarifications', eventId] });
    await onPublished?.();
  };
  const send = () => {
    if (!text.trim()) {
      message.warning(answering ? '请填写答复' : '请填写澄清内容');
      return;
    }
    void run(
      () =>
        publish({ ...(answering ? { questionId: answering.id } : {}), answer: text.trim(), affectsResponses: affects }),
      refresh,
    );
  };
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const data = list.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="buyer-clarifications">
      <Typography.Text type="secondary">
        提问截止：{data.askDeadline ?? '-'}。答复与澄清将同时发送给全部参与供应商，不显示提问方。
      </Typography.Text>
      {data.records.length === 0 ? (
        <Empty description="暂无问题或澄清" />
      ) : (
        <List
          size="small"
          dataSource={data.records}
          renderItem={(c) => (
            <Item
              c={c}
              buyer
              onAnswer={
                canClarify && data.canPublish
                  ? (q) => {
                      setAnswering(q);
                      setText('');
                    }
                  : undefined
              }
            />
          )}
        />
      )}
      {canClarify && data.canPublish && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{answering ? `答复：${answering.question ?? ''}` : '发布澄清'}</Typography.Text>
          <Input.TextArea
            rows={3}
            maxLength={5000}
            placeholder={answering ? '答复内容（必填）' : '澄清内容（必填）'}
            value={text}
            onChange={(ev) => setText(ev.target.value)}
            data-testid="clarification-text"
          />
          <Space>
            <Checkbox checked={affects} onChange={(ev) => setAffects(ev.target.checked)}>
              {affectsLabel}
            </Checkbox>
            <Button type="primary" loading={busy} onClick={send} data-testid="clarification-send">
              {answering ? '发布答复' : '发布澄清'}
            </Button>
            {answering && <Button onClick={() => setAnswering(null)}>取消答复</Button>}
          </Space>
        </Space>
      )}
    </Space>
  );
}

/** The supplier's 澄清 tab: published clarifications and its own questions; ask until the deadline. */
export function SupplierClarifications({ eventId }: { eventId: string }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const list = useQuery({
    queryKey: ['mySourcing', 'clarifications', eventId],
    queryFn: () => loadMyClarifications(eventId),
  });
  const [question, setQuestion] = useState('');
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const data = list.data;
  const ask = () => {
    if (!question.trim()) {
      message.warning('请填写问题');
      return;
    }
    void run(
      () => postAction('/srm/sourcing/supplier/clarification/ask', { eventId, question: question.trim() }),
      async () => {
        setQuestion('');
        await client.invalidateQueries({ queryKey: ['mySourcing', 'clarifications', eventId] });
      },
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="supplier-clarifications">
      {data.records.length === 0 ? (
        <Empty description="暂无澄清" />
      ) : (
        <List size="small" dataSource={data.records} renderItem={(c) => <Item c={c} buyer={false} />} />
      )}
      {data.canAsk ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            提问截止：{data.askDeadline ?? '-'}。答复将发布给全部参与供应商，不显示提问方。
          </Typography.Text>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            placeholder="问题（必填）"
            value={question}
            onChange={(ev) => setQuestion(ev.target.value)}
            data-testid="clarification-question"
          />
          <Button type="primary" loading={busy} onClick={ask} data-testid="clarification-ask">
            提交问题
          </Button>
        </Space>
      ) : (
        <Typography.Text type="secondary">
          提问已截止或当前不能提问（截止时间：{data.askDeadline ?? '-'}）
        </Typography.Text>
      )}
    </Space>
  );
}
