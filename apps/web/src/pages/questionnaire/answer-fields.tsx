import type { ReactNode } from 'react';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { QUESTION_KIND_LABELS, type AnswerValue } from '@procura/shared';
import type { Answer, Question } from './questionnaire-api';

type Props = {
  questions: Question[];
  values: Record<string, AnswerValue>;
  onChange?: (questionId: string, value: AnswerValue) => void;
  readOnly?: boolean;
  /** Shown beside each question (the reviewer's score column). */
  extra?: (q: Question, answer: Answer | undefined) => ReactNode;
  answers?: Answer[];
};

const text = (v: AnswerValue) => (typeof v === 'string' ? v : '');

/** One control per question kind (§6); read only for reviewers and for submitted questionnaires. */
export function AnswerFields({ questions, values, onChange, readOnly, extra, answers = [] }: Props) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large" data-testid="answer-fields">
      {questions.map((q, i) => {
        const value = values[q.id] ?? null;
        const set = (v: AnswerValue) => onChange?.(q.id, v);
        let control: ReactNode;
        switch (q.kind) {
          case 'SINGLE':
            control = (
              <Radio.Group
                disabled={readOnly}
                value={value}
                onChange={(e) => set(e.target.value as string)}
                options={(q.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
              />
            );
            break;
          case 'MULTI':
            control = (
              <Checkbox.Group
                disabled={readOnly}
                value={Array.isArray(value) ? value : []}
                onChange={(v) => set(v as string[])}
                options={(q.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
              />
            );
            break;
          case 'YES_NO':
            control = (
              <Radio.Group
                disabled={readOnly}
                value={value}
                onChange={(e) => set(e.target.value as string)}
                options={[
                  { value: 'Y', label: '是' },
                  { value: 'N', label: '否' },
                ]}
              />
            );
            break;
          case 'NUMBER':
            control = (
              <InputNumber
                disabled={readOnly}
                style={{ width: 200 }}
                value={text(value) === '' ? null : Number(value)}
                min={q.numberMin != null ? Number(q.numberMin) : undefined}
                max={q.numberMax != null ? Number(q.numberMax) : undefined}
                onChange={(v) => set(v === null ? null : String(v))}
              />
            );
            break;
          case 'DATE':
            control = (
              <DatePicker
                disabled={readOnly}
                value={text(value) ? dayjs(text(value)) : null}
                onChange={(d) => set(d ? d.format('YYYY-MM-DD') : null)}
              />
            );
            break;
          default:
            control = (
              <Input.TextArea
                disabled={readOnly}
                rows={3}
                maxLength={4000}
                value={text(value)}
                onChange={(e) => set(e.target.value)}
                placeholder={q.kind === 'FILE' ? '请填写附件地址或说明' : undefined}
              />
            );
        }
        return (
          <div key={q.id} data-testid={`question-${i + 1}`}>
            <Typography.Text strong>
              {q.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
              {`${i + 1}. ${q.text}`}
            </Typography.Text>
            <Typography.Text type="secondary">{`（${QUESTION_KIND_LABELS[q.kind]}${q.kind === 'MULTI' && q.maxSelections ? `，最多选${q.maxSelections}项` : ''}）`}</Typography.Text>
            <div style={{ marginTop: 8 }}>{control}</div>
            {extra ? (
              <div style={{ marginTop: 4 }}>
                {extra(
                  q,
                  answers.find((a) => a.questionId === q.id),
                )}
              </div>
            ) : null}
          </div>
        );
      })}
    </Space>
  );
}
