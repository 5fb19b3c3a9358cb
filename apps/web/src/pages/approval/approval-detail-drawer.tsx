import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Steps, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_ACTION_TEXT } from '@procura/shared';
import { approvalApi, type ApprovalDetail } from './approval-api';
import { ApprovalDocument } from './approval-document';

const DECISION_STATUS = { APPROVED: 'finish', REJECTED: 'error', PENDING: 'process', CANCELLED: 'wait' } as const;

/**
 * One approval: the document itself (as its module shows it), its steps with their decisions,
 * the history (who, when, what, comment), and 同意 / 驳回 for the holder of the pending task.
 */
export function ApprovalDetailDrawer({
  id,
  onClose,
  onDecide,
}: {
  id: string | null;
  onClose: () => void;
  onDecide: (detail: ApprovalDetail, action: 'approve' | 'reject') => void;
}) {
  const detail = useQuery({ queryKey: ['approval', id], queryFn: () => approvalApi.detail(id!), enabled: !!id });
  const d = detail.data;
  const actions = d?.myTaskId ? (
    <Space>
      <Button type="primary" onClick={() => onDecide(d, 'approve')} data-testid="approval-detail-approve">
        同意
      </Button>
      <Button danger onClick={() => onDecide(d, 'reject')} data-testid="approval-detail-reject">
        驳回
      </Button>
    </Space>
  ) : null;
  return (
    <Drawer title="审批详情" open={!!id} onClose={onClose} size="large" destroyOnHidden extra={actions}>
      {detail.isLoading ? <Skeleton active /> : null}
      {detail.error ? <Alert type="error" showIcon title={(detail.error as Error).message} /> : null}
      {d ? (
        <div data-testid="approval-detail">
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="标题" span={2}>
              {d.title}
            </Descriptions.Item>
            <Descriptions.Item label="单据类型">{d.docType_dictText}</Descriptions.Item>
            <Descriptions.Item label="状态">{d.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="金额">{d.amount ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交人">{d.submittedBy_dictText ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{d.submittedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{d.finishedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="抄送" span={2}>
              {d.ccUsers.map((u) => u.realname).join('、') || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            单据内容
          </Typography.Title>
          <ApprovalDocument document={d.document} openPage={d.openPage} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            审批步骤
          </Typography.Title>
          {d.steps.length === 0 ? (
            <Typography.Text type="secondary">无适用的审批步骤，已自动通过</Typography.Text>
          ) : (
            <Steps
              orientation="vertical"
              size="small"
              items={d.steps.map((step, i) => {
                const task = [...d.tasks].reverse().find((t) => t.step === i);
                return {
                  title: step.name,
                  status: task ? DECISION_STATUS[task.decision as keyof typeof DECISION_STATUS] : 'wait',
                  description: task?.decidedBy_dictText
                    ? `${task.decidedBy_dictText} ${task.decidedAt ?? ''} ${task.comment ?? ''}`
                    : step.minAmount
                      ? `金额达到 ${step.minAmount} 时审批`
                      : undefined,
                };
              })}
            />
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            审批记录
          </Typography.Title>
          <Timeline
            items={d.history.map((h) => ({
              key: h.id,
              content: (
                <span>
                  {h.at} {h.actorId_dictText} <b>{APPROVAL_ACTION_TEXT[h.action] ?? h.action}</b>
                  {h.comment ? `：${h.comment}` : ''}
                </span>
              ),
            }))}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
