import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Input, InputNumber, Modal, Space, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { autoScore, type AnswerValue } from '@procura/shared';
import { Has } from '../../components/has';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { AnswerFields } from './answer-fields';
import { questionnaireApi } from './questionnaire-api';

/** 审阅: the supplier's answers; option answers are scored automatically, the reviewer scores the rest (QT-5) or returns it once (QT-4). */
export function ReviewDrawer({ record, open, onClose, onDone }: RowActionPanelProps) {
  const detail = useQuery({
    queryKey: ['questionnaire', record.id],
    queryFn: () => questionnaireApi.detail(record.id),
    enabled: open,
  });
  const [manual, setManual] = useState<Record<string, number | null>>({});
  const [comment, setComment] = useState('');
  const [returning, setReturning] = useState(false);
  const [dueAt, setDueAt] = useState<Dayjs | null>(null);
  const { busy: saving, run } = useCommand();
  const data = detail.data;
  const reviewable = data?.questionnaire.status === 'SUBMITTED';
  const values: Record<string, AnswerValue> = Object.fromEntries(
    (data?.answers ?? []).map((a) => [a.questionId, a.value]),
  );

  const done = (send: () => ReturnType<typeof questionnaireApi.review>) => run(send, onDone ?? onClose);
  const review = () =>
    done(() =>
      questionnaireApi.review({
        id: record.id,
        comment: comment || null,
        scores: Object.entries(manual)
          .filter(([, v]) => v !== null)
          .map(([questionId, v]) => ({ questionId, score: String(v) })),
      }),
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={`审阅问卷 - ${String(record.supplierName ?? '')}`}
      extra={
        reviewable ? (
          <Has code="questionnaire:review">
            <Space>
              <Button loading={saving} onClick={() => setReturning(true)}>
                退回
              </Button>
              <Button type="primary" loading={saving} onClick={() => void review()} data-testid="questionnaire-review">
                审阅完成
              </Button>
            </Space>
          </Has>
        ) : null
      }
    >
      {detail.isLoading ? <Spin /> : null}
      {detail.isError ? <Alert type="error" title={(detail.error as Error).message} /> : null}
      {data ? (
        <>
          {!reviewable ? (
            <Alert
              type="info"
              style={{ marginBottom: 12 }}
              title={`当前状态不可审阅${data.questionnaire.score ? `，得分 ${data.questionnaire.score}` : ''}`}
            />
          ) : null}
          <AnswerFields
            questions={data.questions}
            values={values}
            readOnly
            answers={data.answers}
            extra={(q, a) => {
              const auto = autoScore(q, a?.value ?? null);
              if (!q.maxScore) return null;
              if (auto !== null) return <Tag color="blue">{`自动得分 ${auto} / ${q.maxScore}`}</Tag>;
              return reviewable ? (
                <Space>
                  <span>{`评分（满分${q.maxScore}）`}</span>
                  <InputNumber
                    min={0}
                    max={Number(q.maxScore)}
                    precision={2}
                    value={manual[q.id] ?? null}
                    onChange={(v) => setManual((m) => ({ ...m, [q.id]: v }))}
                  />
                </Space>
              ) : (
                <Tag>{`得分 ${a?.score ?? '-'} / ${q.maxScore}`}</Tag>
              );
            }}
          />
          {reviewable ? (
            <Input.TextArea
              style={{ marginTop: 16 }}
              rows={3}
              maxLength={1000}
              placeholder="审阅意见"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          ) : null}
        </>
      ) : null}
      <Modal
        open={returning}
        title="退回问卷（只能退回一次）"
        onCancel={() => setReturning(false)}
        okButtonProps={{ loading: saving, disabled: !dueAt || !comment.trim() }}
        onOk={() =>
          void done(() =>
            questionnaireApi.returnOnce({ id: record.id, dueAt: dueAt!.format('YYYY-MM-DD HH:mm:ss'), comment }),
          )
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            placeholder="新的截止时间"
            value={dueAt}
            onChange={setDueAt}
          />
          <Input.TextArea
            rows={3}
            maxLength={1000}
            placeholder="退回原因"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Space>
      </Modal>
    </Drawer>
  );
}
