import { useState } from 'react';
import { Alert, Button, Card, Drawer, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  checkQuestion,
  checkTemplateScores,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionInput,
} from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { questionnaireApi } from './questionnaire-api';

const blank = (): QuestionInput => ({
  text: '',
  kind: 'SINGLE',
  required: true,
  options: [
    { value: 'A', label: '', score: null },
    { value: 'B', label: '', score: null },
  ],
  maxScore: null,
});
const str = (v: number | null) => (v === null ? null : String(v));

/** 题目配置: the questions of a draft template (QT-1), with option scores checked against the question's full marks (QT-2). */
export function QuestionEditorDrawer({ record, open, onClose }: RowActionPanelProps) {
  const editable = record.status === 'DRAFT';
  const scored = Number(record.scored) === 1;
  const query = useQuery({
    queryKey: ['questions', record.id],
    queryFn: () => questionnaireApi.questions(record.id),
    enabled: open,
  });
  const [edited, setEdited] = useState<QuestionInput[] | null>(null);
  const questions = edited ?? query.data ?? [];
  const setQuestions = (change: (q: QuestionInput[]) => QuestionInput[]) => setEdited(change(questions));
  const { busy: saving, run } = useCommand();

  const shape = questions.map((q, i) => checkQuestion(q, i + 1)).find(Boolean) ?? null;
  const scores =
    scored && questions.length
      ? checkTemplateScores(record.totalScore == null ? null : String(record.totalScore), questions)
      : null;
  const update = (i: number, change: Partial<QuestionInput>) =>
    setQuestions((x) => x.map((q, k) => (k === i ? { ...q, ...change } : q)));

  const save = () => run(() => questionnaireApi.saveQuestions(record.id, questions), onClose);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={`题目配置 - ${String(record.name ?? '')}（第${String(record.versionNo ?? 1)}版）`}
      extra={
        editable ? (
          <Button
            type="primary"
            loading={saving}
            disabled={!!shape}
            onClick={() => void save()}
            data-testid="questions-save"
          >
            保存
          </Button>
        ) : null
      }
    >
      <div data-testid="question-editor">
        {!editable ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="启用后的问卷模板不能修改，请创建新版本" />
        ) : null}
        {query.isLoading ? <Spin /> : null}
        {shape ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={shape} /> : null}
        {!shape && scores ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`启用前需满足：${scores}`} />
        ) : null}
        {questions.map((q, i) => (
          <Card
            key={i}
            size="small"
            style={{ marginBottom: 12 }}
            title={`第${i + 1}题`}
            extra={
              editable ? (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setQuestions((x) => x.filter((_, k) => k !== i))}
                />
              ) : null
            }
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                disabled={!editable}
                rows={2}
                maxLength={2000}
                placeholder="题目"
                value={q.text}
                onChange={(e) => update(i, { text: e.target.value })}
              />
              <Space wrap>
                <Select
                  disabled={!editable}
                  value={q.kind}
                  style={{ width: 110 }}
                  options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))}
                  onChange={(kind) =>
                    update(i, {
                      kind,
                      options: kind === 'SINGLE' || kind === 'MULTI' ? (q.options ?? blank().options) : null,
                    })
                  }
                />
                <span>必答</span>
                <Switch disabled={!editable} checked={q.required} onChange={(required) => update(i, { required })} />
                <Input
                  disabled={!editable}
                  style={{ width: 140 }}
                  placeholder="分组"
                  value={q.groupName ?? ''}
                  onChange={(e) => update(i, { groupName: e.target.value || null })}
                />
                {scored ? (
                  <InputNumber
                    disabled={!editable}
                    min={0}
                    precision={2}
                    placeholder="满分"
                    value={q.maxScore == null ? null : Number(q.maxScore)}
                    onChange={(v) => update(i, { maxScore: str(v) })}
                  />
                ) : null}
                {q.kind === 'NUMBER' ? (
                  <>
                    <InputNumber
                      disabled={!editable}
                      placeholder="最小值"
                      value={q.numberMin == null ? null : Number(q.numberMin)}
                      onChange={(v) => update(i, { numberMin: str(v) })}
                    />
                    <InputNumber
                      disabled={!editable}
                      placeholder="最大值"
                      value={q.numberMax == null ? null : Number(q.numberMax)}
                      onChange={(v) => update(i, { numberMax: str(v) })}
                    />
                  </>
                ) : null}
                {q.kind === 'MULTI' ? (
                  <InputNumber
                    disabled={!editable}
                    min={1}
                    placeholder="最多可选"
                    value={q.maxSelections ?? null}
                    onChange={(v) => update(i, { maxSelections: v })}
                  />
                ) : null}
              </Space>
              {(q.options ?? []).map((o, j) => (
                <Space key={j}>
                  <Input
                    disabled={!editable}
                    style={{ width: 80 }}
                    placeholder="选项值"
                    value={o.value}
                    onChange={(e) =>
                      update(i, { options: q.options!.map((x, k) => (k === j ? { ...x, value: e.target.value } : x)) })
                    }
                  />
                  <Input
                    disabled={!editable}
                    style={{ width: 260 }}
                    placeholder="选项内容"
                    value={o.label}
                    onChange={(e) =>
                      update(i, { options: q.options!.map((x, k) => (k === j ? { ...x, label: e.target.value } : x)) })
                    }
                  />
                  {scored ? (
                    <InputNumber
                      disabled={!editable}
                      min={0}
                      precision={2}
                      placeholder="分值"
                      value={o.score == null ? null : Number(o.score)}
                      onChange={(v) =>
                        update(i, { options: q.options!.map((x, k) => (k === j ? { ...x, score: str(v) } : x)) })
                      }
                    />
                  ) : null}
                  {editable ? (
                    <Button
                      type="link"
                      danger
                      onClick={() => update(i, { options: q.options!.filter((_, k) => k !== j) })}
                    >
                      删除
                    </Button>
                  ) : null}
                </Space>
              ))}
              {editable && q.options ? (
                <Button
                  size="small"
                  type="dashed"
                  onClick={() =>
                    update(i, {
                      options: [
                        ...q.options!,
                        { value: String.fromCharCode(65 + q.options!.length), label: '', score: null },
                      ],
                    })
                  }
                >
                  添加选项
                </Button>
              ) : null}
            </Space>
          </Card>
        ))}
        {editable ? (
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setQuestions((x) => [...x, blank()])}
            data-testid="question-add"
          >
            添加题目
          </Button>
        ) : null}
      </div>
    </Drawer>
  );
}
