import { useState } from 'react';
import { DictText } from '../../../components/dict/dict-select';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { APPROVAL_ACTION_TEXT, requisitionWorkflow } from '@procura/shared';
import { WorkflowTimeline } from '../../../resources/workflow-actions';
import { useHasPermission } from '../../../components/has';
import { CreateOrderModal } from './create-order-modal';
import { CreateRfqModal } from './create-rfq-modal';
import { QuotaSplitButton } from './quota-split-orders';
import { deleteAction, postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  loadRequisition,
  LOG_ACTIONS,
  PR_STATUS,
  PR_STATUS_COLOR,
  PURCHASE_TYPES,
  type RequisitionDetail,
  type RequisitionLineRow,
} from './requisition-api';

const CONSUMABLE = ['APPROVED', 'PARTIALLY_PROCESSED', 'PROCESSED'];

export function StatusTag({ status }: { status: string }) {
  return <Tag color={PR_STATUS_COLOR[status] ?? 'default'}>{PR_STATUS[status] ?? status}</Tag>;
}

/**
 * One requisition: header, lines with their quantity ledger (PR-3), approval history and state
 * log; the commands its status allows (submit, withdraw, delete, cancel the rest), each confirmed.
 */
export function RequisitionDetailDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (r: RequisitionDetail) => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [cancelling, setCancelling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const canEdit = useHasPermission('srm:requisition:edit');
  const canDelete = useHasPermission('srm:requisition:delete');
  const canSubmit = useHasPermission('srm:requisition:submit');
  const canCancel = useHasPermission('srm:requisition:cancel');
  const canRfq = useHasPermission('srm:sourcing:add');
  const [creatingRfq, setCreatingRfq] = useState(false);
  const canOrder = useHasPermission('purchaseOrder:add');
  const [creatingOrder, setCreatingOrder] = useState(false);
  const detail = useQuery({
    queryKey: ['requisition', 'detail', id],
    queryFn: () => loadRequisition(id!),
    enabled: id !== null,
  });
  const r = detail.data;
  const done = async () => {
    await detail.refetch();
    onChanged();
  };

  const lineColumns: TableColumnsType<RequisitionLineRow> = [
    { title: '行号', dataIndex: 'lineNo', width: 50 },
    {
      title: '物料',
      render: (_: unknown, l: RequisitionLineRow) =>
        l.materialCode ? (
          `${l.materialCode} ${l.materialName ?? ''}`
        ) : (
          <span>
            {l.materialName}
            <Tag style={{ marginLeft: 4 }}>非目录</Tag>
          </span>
        ),
    },
    { title: '规格型号', dataIndex: 'spec', render: (v: string | null) => v || '-' },
    { title: '分类', dataIndex: 'categoryName', render: (v: string | null) => v || '-' },
    { title: '数量', dataIndex: 'qty', width: 80 },
    { title: '单位', dataIndex: 'unit', width: 60, render: (v: string) => <DictText code="srm_unit" value={v} /> },
    { title: '需求日期', dataIndex: 'needByDate', width: 110 },
    { title: '预估单价', dataIndex: 'estimatedUnitPrice', width: 100, render: (v: string | null) => v ?? '-' },
    { title: '金额', dataIndex: 'amount', width: 100 },
    { title: '已寻源', dataIndex: 'qtyInSourcing', width: 70 },
    { title: '已下单', dataIndex: 'qtyOrdered', width: 70 },
    { title: '已取消', dataIndex: 'qtyCancelled', width: 70 },
    { title: '剩余', dataIndex: 'qtyRemaining', width: 70 },
    { title: '行状态', dataIndex: 'lineStatus_dictText', width: 80 },
  ];
  // 按配额拆分 (QUO-4): on lines with quantity left whose material has an arrangement in force.
  if (r && CONSUMABLE.includes(r.status) && !r.cancelledAt)
    lineColumns.push({
      title: '转订单',
      width: 110,
      render: (_: unknown, l: RequisitionLineRow) => <QuotaSplitButton line={l} onDone={done} />,
    });

  const actions = r && (
    <Space>
      {(r.status === 'DRAFT' || r.status === 'REJECTED') && canEdit && (
        <Button onClick={() => onEdit(r)} data-testid="requisition-edit">
          编辑
        </Button>
      )}
      {(r.status === 'DRAFT' || r.status === 'REJECTED') && canSubmit && (
        <Popconfirm
          title={`确定提交采购申请 ${r.code} 审批？提交后不能修改。`}
          okText="提交"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/requisition/submit', { id: r.id, version: r.version }), done)}
        >
          <Button type="primary" loading={busy} data-testid="requisition-submit">
            提交审批
          </Button>
        </Popconfirm>
      )}
      {r.status === 'PENDING_APPROVAL' && canSubmit && (
        <Popconfirm
          title={`确定撤回采购申请 ${r.code}？审批将被取消，申请回到草稿。`}
          okText="撤回"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/requisition/withdraw', { id: r.id }), done)}
        >
          <Button loading={busy} data-testid="requisition-withdraw">
            撤回
          </Button>
        </Popconfirm>
      )}
      {r.status === 'DRAFT' && canDelete && (
        <Popconfirm
          title={`确定删除采购申请草稿 ${r.code}？`}
          okText="删除"
          cancelText="取消"
          onConfirm={() =>
            run(
              () => deleteAction('/srm/requisition/delete', { id: r.id }),
              () => {
                onChanged();
                onClose();
              },
            )
          }
        >
          <Button danger loading={busy} data-testid="requisition-delete">
            删除
          </Button>
        </Popconfirm>
      )}
      {CONSUMABLE.includes(r.status) && !r.cancelledAt && canRfq && r.lines.some((l) => Number(l.qtyRemaining) > 0) && (
        <Button type="primary" onClick={() => setCreatingRfq(true)} data-testid="requisition-create-rfq">
          创建询价
        </Button>
      )}
      {CONSUMABLE.includes(r.status) &&
        !r.cancelledAt &&
        canOrder &&
        r.lines.some((l) => Number(l.qtyRemaining) > 0) && (
          <Button onClick={() => setCreatingOrder(true)} data-testid="requisition-create-order">
            转订单
          </Button>
        )}
      {CONSUMABLE.includes(r.status) && !r.cancelledAt && canCancel && (
        <Button
          danger
          onClick={() => {
            setCancelReason('');
            setCancelling(true);
          }}
          data-testid="requisition-cancel"
        >
          取消剩余数量
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      title={r ? `采购申请 ${r.code}` : '采购申请'}
      open={id !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={actions}
    >
      {detail.isPending && id !== null && <Spin />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title="采购申请加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {r && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="requisition-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="标题" span={2}>
              {r.title}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label="采购类型">{PURCHASE_TYPES[r.purchaseType] ?? r.purchaseType}</Descriptions.Item>
            <Descriptions.Item label="紧急程度">
              {r.urgency === 'URGENT' ? `紧急：${r.urgentReason ?? ''}` : '普通'}
            </Descriptions.Item>
            <Descriptions.Item label="预算金额">{`${r.budgetAmount} ${r.currency}`}</Descriptions.Item>
            <Descriptions.Item label="申请人">{r.requesterName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="需求部门">{r.departmentName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="采购员">{r.buyerName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{r.submittedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="审批通过">{r.approvedAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="交货地点">{r.deliveryPlace ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="采购用途" span={3}>
              {r.reason ?? '-'}
            </Descriptions.Item>
            {r.cancelledAt && (
              <Descriptions.Item
                label="取消剩余数量"
                span={3}
              >{`${r.cancelledAt}：${r.cancelReason ?? ''}`}</Descriptions.Item>
            )}
          </Descriptions>
          {r.status === 'PENDING_APPROVAL' && (
            <Typography.Text type="secondary">
              该申请在 <Link to="/approval/todo">审批中心 › 我的待办</Link> 中审批。
            </Typography.Text>
          )}
          {CONSUMABLE.includes(r.status) && (
            <Typography.Text type="secondary">
              已审批的申请数量已锁定；如需变更，请取消剩余数量后重新申请。
            </Typography.Text>
          )}
          <Tabs
            items={[
              {
                key: 'lines',
                label: `采购明细（${r.lines.length}）`,
                children: (
                  <Table<RequisitionLineRow>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    scroll={{ x: 1300 }}
                    dataSource={r.lines}
                    columns={lineColumns}
                    data-testid="requisition-lines"
                  />
                ),
              },
              {
                key: 'approval',
                label: '审批记录',
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={r.approvalHistory}
                    locale={{ emptyText: '尚未提交审批' }}
                    data-testid="requisition-approval-history"
                    columns={[
                      { title: '时间', dataIndex: 'at', width: 170 },
                      {
                        title: '操作',
                        dataIndex: 'action',
                        width: 100,
                        render: (v: string) => APPROVAL_ACTION_TEXT[v] ?? v,
                      },
                      { title: '操作人', dataIndex: 'actorName', width: 120 },
                      { title: '意见', dataIndex: 'comment', render: (v: string | null) => v || '-' },
                    ]}
                  />
                ),
              },
              {
                key: 'logs',
                label: '状态日志',
                children: (
                  <WorkflowTimeline
                    def={requisitionWorkflow}
                    path="/srm/requisition"
                    id={r.id}
                    testId="requisition-log"
                    actionText={LOG_ACTIONS}
                  />
                ),
              },
            ]}
          />
        </Space>
      )}
      {r && creatingRfq && (
        <CreateRfqModal
          requisition={r}
          open={creatingRfq}
          onClose={() => setCreatingRfq(false)}
          onCreated={() => {
            setCreatingRfq(false);
            onClose();
          }}
        />
      )}
      {r && creatingOrder && (
        <CreateOrderModal
          requisition={r}
          open={creatingOrder}
          onClose={() => setCreatingOrder(false)}
          onCreated={() => {
            setCreatingOrder(false);
            onClose();
          }}
        />
      )}
      <Modal
        title="取消剩余数量"
        open={cancelling}
        okText="确定取消"
        cancelText="返回"
        okButtonProps={{ danger: true, loading: busy, disabled: !cancelReason.trim() }}
        onCancel={() => setCancelling(false)}
        onOk={() => {
          if (!r) return;
          if (!cancelReason.trim()) {
            message.warning('请填写取消原因');
            return;
          }
          void run(
            () => postAction('/srm/requisition/cancel', { id: r.id, reason: cancelReason.trim() }),
            async () => {
              setCancelling(false);
              await done();
            },
          );
        }}
      >
        <Typography.Paragraph>只取消尚未寻源、未下单的数量；已在寻源或已下单的数量保持不变。</Typography.Paragraph>
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="取消原因（必填）"
          value={cancelReason}
          onChange={(e) => setCancelReason(e.target.value)}
          data-testid="requisition-cancel-reason"
        />
      </Modal>
    </Drawer>
  );
}
