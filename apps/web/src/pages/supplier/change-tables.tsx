import { Table, Tag } from 'antd';
import type { ChangeHistoryRow, ChangeValue } from '@procura/shared';
import { CHANGE_SECTION_LABELS, CHANGE_STATUS_LABELS, changeValueText } from '@procura/shared';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'warning',
  SUBMITTED: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

export function ChangeStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLOR[status] ?? 'default'}>{CHANGE_STATUS_LABELS[status] ?? status}</Tag>;
}

/** A request's field-by-field old and new values (domain §5 `changes`). */
export function ChangeDiffTable({ changes }: { changes: readonly ChangeValue[] }) {
  return (
    <Table<ChangeValue>
      rowKey={(r) => `${r.entityId ?? ''}${r.field}`}
      size="small"
      pagination={false}
      dataSource={[...changes]}
      data-testid="change-diff"
      columns={[
        { title: '分类', dataIndex: 'section', width: 100, render: (v: string) => CHANGE_SECTION_LABELS[v] ?? v },
        { title: '字段', dataIndex: 'label', width: 200 },
        {
          title: '变更前',
          dataIndex: 'oldValue',
          render: (v: string, r) => (
            <span style={{ textDecoration: 'line-through', color: '#999' }}>
              {changeValueText(r.field, v) || '（空）'}
            </span>
          ),
        },
        {
          title: '变更后',
          dataIndex: 'newValue',
          render: (v: string, r) => <strong>{changeValueText(r.field, v) || '（删除）'}</strong>,
        },
      ]}
    />
  );
}

/** Applied changes of a supplier (CHG-6): who asked, who approved, when, old and new, request no. */
export function ChangeHistoryTable({
  rows,
  loading,
}: {
  rows: readonly ChangeHistoryRow[] | undefined;
  loading: boolean;
}) {
  return (
    <Table<ChangeHistoryRow>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows ? [...rows] : []}
      pagination={{ pageSize: 10 }}
      locale={{ emptyText: '暂无变更记录' }}
      data-testid="change-history-table"
      columns={[
        { title: '生效时间', dataIndex: 'changedAt', width: 170 },
        { title: '变更单号', dataIndex: 'requestCode', width: 160 },
        { title: '字段', dataIndex: 'label' },
        {
          title: '变更前',
          dataIndex: 'oldValue',
          render: (v: string | null, r) => changeValueText(r.field, v) || '（空）',
        },
        {
          title: '变更后',
          dataIndex: 'newValue',
          render: (v: string | null, r) => changeValueText(r.field, v) || '（空）',
        },
        { title: '申请人', dataIndex: 'requestedBy' },
        { title: '审批人', dataIndex: 'approvedBy', render: (v: string | null) => v || '-' },
      ]}
    />
  );
}
