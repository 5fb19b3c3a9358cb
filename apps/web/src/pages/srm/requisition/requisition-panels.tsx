import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { APPROVAL_ACTION_TEXT } from '@procura/shared';
import { DictText } from '../../../components/dict/dict-select';
import { Has } from '../../../components/has';
import type { ResourceRecord, RowActionPanelProps } from '../../../resources/resource-types';
import { RowCommandModal } from '../../../resources/row-command-modal';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { CreateOrderModal } from './create-order-modal';
import { CreateRfqModal } from './create-rfq-modal';
import { QuotaSplitButton } from './quota-split-orders';
import { loadRequisition, type RequisitionDetail, type RequisitionLineRow } from './requisition-api';
import { RequisitionForm } from './requisition-form';

/** Header states in which lines are consumed (PR-3, PR-4). */
export const CONSUMABLE = ['APPROVED', 'PARTIALLY_PROCESSED', 'PROCESSED'];

export const detailOf = (record: ResourceRecord) => record as unknown as RequisitionDetail;

/** Approved, not cancelled, with quantity left on some line: what sourcing and orders may take (PR-3, PR-6). */
export const consumable = (record: ResourceRecord) => {
  const r = detailOf(record);
  return CONSUMABLE.includes(r.status) && !r.cancelledAt && (r.lines ?? []).some((l) => Number(l.qtyRemaining) > 0);
};

/** 新建采购申请 in the list's toolbar: the draft form, then the new draft's detail. */
export function RequisitionToolbar({ onChanged, onOpen }: { onChanged: () => void; onOpen: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Has code="srm:requisition:add">
      <Button type="primary" onClick={() => setOpen(true)} data-testid="requisition-new">
        新建采购申请
      </Button>
      <RequisitionForm
        open={open}
        editing={null}
        onClose={() => setOpen(false)}
        onSaved={(id) => {
          setOpen(false);
          onChanged();
          onOpen(id);
        }}
      />
    </Has>
  );
}

/** 编辑 a draft or a rejected requisition (PR-4): the same form, with the lines read afresh. */
export function RequisitionEditPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  const detail = useQuery({
    queryKey: ['requisition', 'edit', record.id],
    queryFn: () => loadRequisition(record.id),
    gcTime: 0,
  });
  if (detail.isError)
    return <Alert type="error" showIcon title="采购申请加载失败" description={detail.error.message} />;
  if (!detail.data) return open ? <Spin /> : null;
  return <RequisitionForm open={open} editing={detail.data} onClose={onClose} onSaved={() => (onDone ?? onClose)()} />;
}

/** 提交 after a confirmation, with the version as read: an edit in between refuses it. */
export function RequisitionSubmitPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  const { busy, run } = useCommand();
  return (
    <Modal
      open={open}
      title="提交审批"
      okText="提交"
      cancelText="取消"
      okButtonProps={{ loading: busy, 'data-testid': 'requisition-submit-ok' }}
      onCancel={onClose}
      onOk={() =>
        void run(
          () => postAction('/srm/requisition/submit', { id: record.id, version: record.version }),
          onDone ?? onClose,
        )
      }
      destroyOnHidden
    >
      {`确定提交采购申请 ${String(record.code ?? '')} 审批？提交后不能修改。`}
    </Modal>
  );
}

/** 取消剩余数量 (PR-5): only what is neither in sourcing nor ordered, with a reason. */
export function RequisitionCancelPanel(props: RowActionPanelProps) {
  return (
    <RowCommandModal
      {...props}
      path="/srm/requisition/cancel"
      title={`取消剩余数量 - ${String(props.record.code ?? '')}`}
      okText="确定取消"
      danger
      testId="requisition-cancel"
    >
      {() => (
        <>
          <Typography.Paragraph>只取消尚未寻源、未下单的数量；已在寻源或已下单的数量保持不变。</Typography.Paragraph>
          <Form.Item
            name="reason"
            label="取消原因"
            rules={[
              { required: true, whitespace: true, message: '请填写取消原因' },
              { max: 500, message: '取消原因不能超过500个字符' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="requisition-cancel-reason" />
          </Form.Item>
        </>
      )}
    </RowCommandModal>
  );
}

/** 创建询价 from the detail's approved lines with quantity left (PR-6a). */
export function RequisitionRfqPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  return <CreateRfqModal requisition={detailOf(record)} open={open} onClose={onClose} onCreated={onDone ?? onClose} />;
}

/** 转订单 from the detail's approved lines with quantity left (PR-3, PR-6c). */
export function RequisitionOrderPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  return (
    <CreateOrderModal requisition={detailOf(record)} open={open} onClose={onClose} onCreated={onDone ?? onClose} />
  );
}

/**
 * The lines with their quantity ledger (PR-3): the line set's own view. On an approved
 * requisition each line with quantity left offers 按配额拆分 when its material has a quota (QUO-4).
 */
export function RequisitionLinesView({ record }: { record: ResourceRecord }) {
  const r = detailOf(record);
  const client = useQueryClient();
  // An order made by the split moves the ledger: the detail is read again.
  const reload = () => client.invalidateQueries({ queryKey: ['resource-detail', '/srm/requisition', r.id] });
  const columns: TableColumnsType<RequisitionLineRow> = [
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
  if (CONSUMABLE.includes(r.status) && !r.cancelledAt)
    columns.push({
      title: '转订单',
      width: 110,
      render: (_: unknown, l: RequisitionLineRow) => <QuotaSplitButton line={l} onDone={reload} />,
    });
  return (
    <Card size="small" title={`采购明细（${(r.lines ?? []).length}）`} style={{ marginBottom: 16 }}>
      <Table<RequisitionLineRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 1300 }}
        dataSource={r.lines ?? []}
        columns={columns}
        data-testid="requisition-lines"
      />
    </Card>
  );
}

/** The approval's history, and where it is decided (PR-2); the lock after approval (PR-4). */
export function RequisitionApprovalPanel({ record }: { record: ResourceRecord }) {
  const r = detailOf(record);
  return (
    <>
      {r.status === 'PENDING_APPROVAL' && (
        <Typography.Paragraph type="secondary">
          该申请在 <Link to="/approval/todo">审批中心 › 我的待办</Link> 中审批。
        </Typography.Paragraph>
      )}
      {CONSUMABLE.includes(r.status) && (
        <Typography.Paragraph type="secondary">
          已审批的申请数量已锁定；如需变更，请取消剩余数量后重新申请。
        </Typography.Paragraph>
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={r.approvalHistory ?? []}
        locale={{ emptyText: '尚未提交审批' }}
        data-testid="requisition-approval-history"
        columns={[
          { title: '时间', dataIndex: 'at', width: 170 },
          { title: '操作', dataIndex: 'action', width: 100, render: (v: string) => APPROVAL_ACTION_TEXT[v] ?? v },
          { title: '操作人', dataIndex: 'actorName', width: 120 },
          { title: '意见', dataIndex: 'comment', render: (v: string | null) => v || '-' },
        ]}
      />
    </>
  );
}
