import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Input, Modal, Space, Spin, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVAL_APPEAL_DAYS, EVAL_DIMENSION_LABELS, type EvalDimension } from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import { evalApi, type MyEvalResult } from './eval-api';

const KEY = ['myEvalResults'];
const APPEAL_LABELS: Record<string, string> = {
  NONE: '未申诉',
  OPEN: '申诉处理中',
  UPHELD: '申诉成立',
  REJECTED: '申诉驳回',
};

/** 我的评估结果: the supplier's own published results (EVA-6) and its appeal within the window. */
export default function MyEvalResultsPage() {
  const query = useQuery({ queryKey: KEY, queryFn: evalApi.myResults });
  const [appealing, setAppealing] = useState<MyEvalResult | null>(null);
  return (
    <div data-testid="my-eval-results">
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
      {query.data && query.data.length === 0 ? <Empty description="暂无已发布的评估结果" /> : null}
      {query.data?.map((r) => (
        <Card
          key={r.id}
          style={{ marginBottom: 16 }}
          title={`${r.name}（${r.code}）`}
          extra={
            r.canAppeal ? (
              <Button onClick={() => setAppealing(r)} data-testid="eval-appeal">
                申诉
              </Button>
            ) : null
          }
        >
          <Descriptions column={3} size="small">
            <Descriptions.Item label="评估期间">{`${r.periodFrom} 至 ${r.periodTo}`}</Descriptions.Item>
            <Descriptions.Item label="总分">{r.totalScore}</Descriptions.Item>
            <Descriptions.Item label="等级">
              <Tag color={r.grade === 'D' ? 'red' : r.grade === 'C' ? 'orange' : 'green'} data-testid="eval-grade">
                {r.grade}
              </Tag>
            </Descriptions.Item>
            {r.rank !== null ? <Descriptions.Item label="排名">{r.rank}</Descriptions.Item> : null}
            <Descriptions.Item label="发布时间">{r.publishedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="申诉截止">{r.appealDeadline ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="维度得分" span={3}>
              <Space wrap>
                {r.dimensionScores.map((d) => (
                  <Tag
                    key={d.dimension}
                  >{`${EVAL_DIMENSION_LABELS[d.dimension as EvalDimension] ?? d.dimension}：${d.score ?? '不适用'}`}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="申诉" span={3}>
              <span data-testid="eval-appeal-status">{APPEAL_LABELS[r.appealStatus] ?? r.appealStatus}</span>
              {r.supplierAppeal ? `：${r.supplierAppeal}` : ''}
              {r.appealAnswer ? `（答复：${r.appealAnswer}）` : ''}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ))}
      {appealing ? <AppealModal result={appealing} onClose={() => setAppealing(null)} /> : null}
    </div>
  );
}

function AppealModal({ result, onClose }: { result: MyEvalResult; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const { busy: saving, run } = useCommand();
  const submit = () =>
    run(
      () => evalApi.appeal(result.id, reason),
      async () => {
        await queryClient.invalidateQueries({ queryKey: KEY });
        onClose();
      },
    );
  return (
    <Modal
      open
      title={`申诉 - ${result.name}`}
      okText="提交申诉"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: !reason.trim(), 'data-testid': 'eval-appeal-submit' }}
    >
      <p>
        每个评估结果可申诉一次，须在发布后{EVAL_APPEAL_DAYS}天内（截止 {result.appealDeadline}）提出。
      </p>
      <Input.TextArea
        rows={4}
        maxLength={2000}
        showCount
        placeholder="请填写申诉理由"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="eval-appeal-reason"
      />
    </Modal>
  );
}
