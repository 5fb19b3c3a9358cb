import { useState } from 'react';
import {
  Alert,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Spin,
  Table,
  Tag,
  Button,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GRADE_CONSEQUENCE_LABELS, type GradeConsequence } from '@procura/shared';
import { Has } from '../../components/has';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { evalApi, type EvalResultRow } from './eval-api';

const consequenceText = (c: string) =>
  c
    .split(',')
    .filter(Boolean)
    .map((x) => GRADE_CONSEQUENCE_LABELS[x as GradeConsequence] ?? x)
    .join('、') || '无';

/** 结果: each supplier's total, grade, rank and consequence; open appeals answered (EVA-6) and proposed freezes decided (SST-1). */
export function EvalResultsDrawer({ record, open, onClose }: RowActionPanelProps) {
  const queryClient = useQueryClient();
  const key = ['evalResults', record.id];
  const query = useQuery({ queryKey: key, queryFn: () => evalApi.results(record.id), enabled: open });
  const [appeal, setAppeal] = useState<EvalResultRow | null>(null);
  const [proposal, setProposal] = useState<EvalResultRow | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  const columns: TableColumnsType<EvalResultRow> = [
    { title: '排名', dataIndex: 'rank', width: 60 },
    { title: '供应商', dataIndex: 'supplierName' },
    { title: '总分', dataIndex: 'totalScore', width: 80 },
    {
      title: '等级',
      dataIndex: 'grade',
      width: 70,
      render: (g: string) => <Tag color={g === 'D' ? 'red' : g === 'C' ? 'orange' : 'green'}>{g}</Tag>,
    },
    {
      title: '等级后果',
      dataIndex: 'consequence',
      render: (c: string, r) =>
        `${consequenceText(c)}${r.consequenceStatus === 'NONE' ? '' : `（${r.consequenceStatus_dictText ?? r.consequenceStatus}）`}`,
    },
    {
      title: '申诉',
      dataIndex: 'appealStatus_dictText',
      width: 90,
      render: (t: string | undefined, r) => t ?? r.appealStatus,
    },
    {
      title: '操作',
      width: 170,
      render: (_, r) => (
        <Space>
          {r.appealStatus === 'OPEN' ? (
            <Has code="evalProject:appeal">
              <Button size="small" type="link" onClick={() => setAppeal(r)} data-testid="eval-answer-appeal">
                处理申诉
              </Button>
            </Has>
          ) : null}
          {r.consequenceStatus === 'PENDING' ? (
            <Has code="supplier:freeze">
              <Button size="small" type="link" danger onClick={() => setProposal(r)}>
                确认冻结/淘汰
              </Button>
            </Has>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={`评估结果 - ${String(record.name ?? '')}`}
      destroyOnHidden
    >
      <div data-testid="eval-results">
        {query.isLoading ? <Spin /> : null}
        {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
        {query.data ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={query.data}
            columns={columns}
            locale={{ emptyText: '尚未计算结果' }}
            expandable={{
              rowExpandable: (r) => !!r.supplierAppeal,
              expandedRowRender: (r) => (
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label="申诉理由">{r.supplierAppeal}</Descriptions.Item>
                  <Descriptions.Item label="答复">{r.appealAnswer ?? '-'}</Descriptions.Item>
                </Descriptions>
              ),
            }}
          />
        ) : null}
      </div>
      {appeal ? (
        <AnswerAppealModal
          result={appeal}
          projectId={record.id}
          onClose={() => setAppeal(null)}
          onDone={() => (setAppeal(null), reload())}
        />
      ) : null}
      {proposal ? (
        <ProposalModal
          result={proposal}
          onClose={() => setProposal(null)}
          onDone={() => (setProposal(null), reload())}
        />
      ) : null}
    </Drawer>
  );
}

function AnswerAppealModal({
  result,
  projectId,
  onClose,
  onDone,
}: {
  result: EvalResultRow;
  projectId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{
    decision: 'UPHOLD' | 'REJECT';
    answer: string;
    scores?: Record<string, number | null>;
  }>();
  const decision = Form.useWatch('decision', form);
  const sheet = useQuery({ queryKey: ['evalSheet', projectId], queryFn: () => evalApi.sheet(projectId) });
  const manual = sheet.data?.structure.flatMap((d) => d.indicators).filter((i) => i.method === 'MANUAL') ?? [];
  const { busy: saving, run } = useCommand();

  const submit = async () => {
    let values: Awaited<ReturnType<typeof form.validateFields>>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const scores = Object.entries(values.scores ?? {})
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([indicatorId, v]) => ({ indicatorId, score: String(v) }));
    await run(
      () =>
        evalApi.answerAppeal({
          id: result.id,
          decision: values.decision,
          answer: values.answer,
          ...(values.decision === 'UPHOLD' ? { scores } : {}),
        }),
      onDone,
    );
  };

  return (
    <Modal
      open
      title={`处理申诉 - ${result.supplierName}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: saving, 'data-testid': 'eval-appeal-answer-submit' }}
      destroyOnHidden
    >
      <p>申诉理由：{result.supplierAppeal}</p>
      <Form form={form} layout="vertical" initialValues={{ decision: 'REJECT' }}>
        <Form.Item name="decision" label="处理结果">
          <Radio.Group
            options={[
              { value: 'REJECT', label: '驳回申诉（结果不变）' },
              { value: 'UPHOLD', label: '申诉成立（更正评分并重新发布）' },
            ]}
          />
        </Form.Item>
        {decision === 'UPHOLD'
          ? manual.map((i) => (
              <Form.Item key={i.id} name={['scores', i.id]} label={`更正「${i.name}」评分（不填则不变）`}>
                <InputNumber min={0} max={100} precision={2} />
              </Form.Item>
            ))
          : null}
        <Form.Item name="answer" label="答复" rules={[{ required: true, whitespace: true, message: '请填写答复' }]}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="eval-appeal-answer" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProposalModal({
  result,
  onClose,
  onDone,
}: {
  result: EvalResultRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const { busy: saving, run } = useCommand();
  const decide = (confirm: boolean) => run(() => evalApi.decideProposal({ id: result.id, confirm, reason }), onDone);
  return (
    <Modal
      open
      title={`等级后果 - ${result.supplierName}`}
      onCancel={onClose}
      footer={[
        <Button key="decline" loading={saving} disabled={!reason.trim()} onClick={() => void decide(false)}>
          驳回建议
        </Button>,
        <Button
          key="confirm"
          danger
          type="primary"
          loading={saving}
          disabled={!reason.trim()}
          onClick={() => void decide(true)}
        >
          确认执行
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title={`等级${result.grade}：${consequenceText(result.consequence)}。确认后供应商状态将变更。`}
        style={{ marginBottom: 12 }}
      />
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder="请填写原因"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
