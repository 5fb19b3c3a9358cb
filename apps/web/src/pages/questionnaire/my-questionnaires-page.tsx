import { useState } from 'react';
import { Alert, App, Button, Drawer, Space, Spin, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerValue } from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import { AnswerFields } from './answer-fields';
import { questionnaireApi, type QuestionnaireHead } from './questionnaire-api';

const KEY = ['myQuestionnaires'];
const STATUS: Record<string, [string, string]> = {
  SENT: ['待填写', 'blue'],
  IN_PROGRESS: ['填写中', 'processing'],
  SUBMITTED: ['已提交', 'green'],
  REVIEWED: ['已审阅', 'green'],
  EXPIRED: ['已过期', 'default'],
};
const open = (s: string) => s === 'SENT' || s === 'IN_PROGRESS';

/** 问卷: the supplier's own questionnaires; answers are saved until submitted or due (QT-4). */
export default function MyQuestionnairesPage() {
  const query = useQuery({ queryKey: KEY, queryFn: questionnaireApi.mine });
  const [current, setCurrent] = useState<QuestionnaireHead | null>(null);
  return (
    <div data-testid="my-questionnaires">
      {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
      <Table
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        locale={{ emptyText: '暂无问卷' }}
        pagination={false}
        columns={[
          { title: '问卷编号', dataIndex: 'code' },
          { title: '问卷', dataIndex: 'templateName' },
          { title: '截止时间', dataIndex: 'dueAt' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={STATUS[s]?.[1]}>{STATUS[s]?.[0] ?? s}</Tag>,
          },
          { title: '得分', dataIndex: 'score', render: (s: string | null) => s ?? '-' },
          {
            title: '操作',
            render: (_, r) => (
              <Button type="link" onClick={() => setCurrent(r)}>
                {open(r.status) ? '填写' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {current ? <AnswerDrawer head={current} onClose={() => setCurrent(null)} /> : null}
    </div>
  );
}

function AnswerDrawer({ head, onClose }: { head: QuestionnaireHead; onClose: () => void }) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['myQuestionnaire', head.id],
    queryFn: () => questionnaireApi.myDetail(head.id),
  });
  // Saved answers, overlaid with what is typed here.
  const [typed, setTyped] = useState<Record<string, AnswerValue>>({});
  const values: Record<string, AnswerValue> = {
    ...Object.fromEntries((detail.data?.answers ?? []).map((a) => [a.questionId, a.value])),
    ...typed,
  };
  const { busy: saving, run } = useCommand();
  const status = detail.data?.questionnaire.status ?? head.status;
  const editable = open(status);

  const send = (submit: boolean) =>
    run(
      () =>
        questionnaireApi.save(
          head.id,
          Object.entries(values).map(([questionId, value]) => ({ questionId, value })),
          submit,
        ),
      async () => {
        await queryClient.invalidateQueries({ queryKey: KEY });
        if (submit) onClose();
      },
    );

  return (
    <Drawer
      open
      size="large"
      title={`${head.templateName}（${head.code}）`}
      onClose={() => {
        void queryClient.invalidateQueries({ queryKey: KEY });
        onClose();
      }}
      extra={
        editable ? (
          <Space>
            <Button loading={saving} onClick={() => void send(false)} data-testid="questionnaire-save">
              保存
            </Button>
            <Button
              type="primary"
              loading={saving}
              data-testid="questionnaire-submit"
              onClick={() => modal.confirm({ title: '确定提交吗？提交后不能再修改', onOk: () => send(true) })}
            >
              提交
            </Button>
          </Space>
        ) : null
      }
    >
      {detail.isLoading ? <Spin /> : null}
      {detail.isError ? <Alert type="error" title={(detail.error as Error).message} /> : null}
      {detail.data ? (
        <>
          <Alert
            style={{ marginBottom: 16 }}
            type={editable ? 'info' : 'success'}
            title={
              editable
                ? `请在 ${detail.data.questionnaire.dueAt} 前提交。`
                : `状态：${STATUS[status]?.[0] ?? status}${detail.data.questionnaire.score ? `，得分 ${detail.data.questionnaire.score}` : ''}`
            }
            description={
              detail.data.questionnaire.reviewerComment
                ? `审阅意见：${detail.data.questionnaire.reviewerComment}`
                : undefined
            }
          />
          <AnswerFields
            questions={detail.data.questions}
            values={values}
            readOnly={!editable}
            onChange={(id, v) => setTyped((x) => ({ ...x, [id]: v }))}
          />
        </>
      ) : null}
    </Drawer>
  );
}
