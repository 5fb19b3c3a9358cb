import { useState } from 'react';
import { dictText, useDictItems } from '../../../lib/dict';
import { Alert, App, Button, Descriptions, Drawer, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { quotaShareRefusal, quotaShareSum, quotaWorkflow, withoutRuleIds } from '@procura/shared';
import { WorkflowTimeline } from '../../../resources/workflow-actions';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  ADJUST_REASONS,
  loadQuota,
  QUOTA_BASIS,
  QUOTA_STATUS,
  QUOTA_STATUS_COLOR,
  type QuotaLineRow,
} from './quota-api';
import { QuotaForm } from './quota-form';

export function QuotaStatusTag({ status }: { status: string }) {
  return <Tag color={QUOTA_STATUS_COLOR[status] ?? 'default'}>{QUOTA_STATUS[status] ?? status}</Tag>;
}

/**
 * One quota arrangement: its material, validity, source award and event, the suppliers' shares
 * with their sum; a draft is edited and submitted for approval (QUO-1 checked first, QUO-2 by
 * the server), the approval in 审批中心 activates it.
 */
export function QuotaDetailDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const units = useDictItems('srm_unit');
  const { busy, run } = useCommand();
  const [editing, setEditing] = useState(false);
  const canEdit = useHasPermission('srm:quota:edit');
  const canSubmit = useHasPermission('srm:quota:submit');
  const detail = useQuery({ queryKey: ['quota', 'detail', id], queryFn: () => loadQuota(id!), enabled: id !== null });
  const q = detail.data;
  const done = async () => {
    await detail.refetch();
    onChanged();
  };

  const submit = () => {
    if (!q) return;
    // QUO-1 on the stored shares before anything is sent; QUO-2 is the server's.
    const refusal = quotaShareRefusal(
      q.lines.filter((l) => l.active === 1),
      true,
    );
    if (refusal) {
      message.warning(withoutRuleIds(refusal));
      return;
    }
    void run(() => postAction('/srm/quota/submit', { id: q.id }), done);
  };

  const draft = q?.status === 'DRAFT';
  const actions = q && draft && (
    <Space>
      {canEdit && (
        <Button onClick={() => setEditing(true)} data-testid="quota-edit">
          编辑
        </Button>
      )}
      {canSubmit && (
        <Popconfirm
          title={`确定提交配额 ${q.code} 审批？审批通过后生效，提交后不能修改。`}
          okText="提交"
          cancelText="取消"
          onConfirm={submit}
        >
          <Button type="primary" loading={busy} data-testid="quota-submit">
            提交审批
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Drawer
      title={q ? `配额 ${q.code}` : '配额'}
      open={id !== null}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      extra={actions}
    >
      {detail.isPending && id !== null && <Spin />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title="配额加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {q && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="quota-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="物料" span={2}>{`${q.materialCode ?? ''} ${q.materialName}`}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <QuotaStatusTag status={q.status} />
            </Descriptions.Item>
            <Descriptions.Item label="有效期">{`${q.validFrom} 至 ${q.validTo}`}</Descriptions.Item>
            <Descriptions.Item label="最小拆分数量">{q.minSplitQty ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="分配基准">{QUOTA_BASIS[q.basis] ?? q.basis}</Descriptions.Item>
            <Descriptions.Item label="来源询价" span={2}>
              {q.sourceEventCode ? `${q.sourceEventCode} ${q.sourceEventTitle ?? ''}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="来源物料行">
              {q.sourceLine
                ? `第${q.sourceLine.lineNo}行（${q.sourceLine.qty} ${dictText(units.data, q.sourceLine.unit ?? '')}）`
                : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="来源定标" span={2}>
              {q.sourceAwardCode
                ? `${q.sourceAwardCode}${q.sourceAwardApprovedAt ? `（${q.sourceAwardApprovedAt} 批准）` : ''}`
                : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="调整原因">{ADJUST_REASONS[q.adjustReason] ?? q.adjustReason}</Descriptions.Item>
            <Descriptions.Item label="版本">{`第${q.versionNo}版`}</Descriptions.Item>
            <Descriptions.Item label="生效时间">{q.activatedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{q.createTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="备注" span={3}>
              {q.remark || '-'}
            </Descriptions.Item>
          </Descriptions>
          {q.status === 'PENDING_APPROVAL' && (
            <Typography.Text type="secondary">
              该配额在 <Link to="/approval/todo">审批中心 › 我的待办</Link> 中审批，批准后生效。
            </Typography.Text>
          )}
          <Table<QuotaLineRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={q.lines}
            locale={{ emptyText: '没有供应商' }}
            data-testid="quota-lines"
            columns={[
              { title: '供应商', dataIndex: 'supplierName' },
              { title: '配额比例', dataIndex: 'quotaPct', width: 100, render: (v: number) => `${v}%` },
              { title: '基数', dataIndex: 'baseQty', width: 100 },
              { title: '已分配数量', dataIndex: 'allocatedQty', width: 110 },
              { title: '状态', dataIndex: 'active', width: 80, render: (v: number) => (v === 1 ? '有效' : '停用') },
            ]}
            summary={(rows) => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <span data-testid="quota-detail-sum">{`${quotaShareSum(rows.filter((l) => l.active === 1))}%`}</span>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} colSpan={3} />
              </Table.Summary.Row>
            )}
          />
          <Typography.Title level={5}>状态日志</Typography.Title>
          <WorkflowTimeline
            def={quotaWorkflow}
            path="/srm/quota"
            id={q.id}
            testId="quota-log"
            actionText={{ create: '创建' }}
          />
        </Space>
      )}
      {q && editing && (
        <QuotaForm
          key={`${q.id}:${q.version}`}
          quota={q}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await done();
          }}
        />
      )}
    </Drawer>
  );
}
