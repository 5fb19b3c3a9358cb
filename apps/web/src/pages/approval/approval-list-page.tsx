import { useState } from 'react';
import { Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField, SortState } from '../../components/paged-table/list-params';
import type { PagedList } from '../../components/paged-table/use-paged-list';
import { approvalApi, type ApprovalRow } from './approval-api';
import { ApprovalDetailDrawer } from './approval-detail-drawer';
import { useDetailParam } from '../../lib/detail-param';

export type ApprovalListKind = 'todo' | 'done' | 'mine' | 'cc';

const SEARCH_FIELDS: SearchField[] = [{ name: 'title', label: '标题', mode: 'like' }];
const SORT: SortState = { column: 'submittedAt', order: 'desc' };
const STATUS_COLOR: Record<string, string> = {
  RUNNING: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};
const dash = (v: string | null | undefined) => v || '-';

const BASE_COLUMNS: TableColumnsType<ApprovalRow> = [
  { title: '标题', dataIndex: 'title', sorter: true },
  { title: '单据类型', dataIndex: 'docType_dictText' },
  { title: '金额', dataIndex: 'amount', render: dash },
  { title: '提交人', dataIndex: 'submittedBy_dictText', render: dash },
  { title: '提交时间', dataIndex: 'submittedAt', sorter: true, render: dash },
  {
    title: '状态',
    dataIndex: 'status',
    render: (s: string, r) => <Tag color={STATUS_COLOR[s]}>{r.status_dictText}</Tag>,
  },
];

type Decision = { row: ApprovalRow; action: 'approve' | 'reject' };

/** The approver's decision: the comment (required to reject) and the confirmation in one dialog. */
function DecisionModal({
  decision,
  onClose,
  onDecide,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDecide: (comment: string) => Promise<boolean>;
}) {
  const [form] = Form.useForm<{ comment: string }>();
  const [busy, setBusy] = useState(false);
  const reject = decision?.action === 'reject';
  return (
    <Modal
      open={!!decision}
      title={reject ? '驳回' : '同意'}
      okText={reject ? '确定驳回' : '确定同意'}
      okButtonProps={{ danger: reject, loading: busy, ...{ 'data-testid': 'approval-decision-ok' } }}
      cancelText="取消"
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        // An invalid form shows its messages under the field; nothing is sent.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { comment } = values;
        setBusy(true);
        try {
          if (await onDecide(comment ?? '')) onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{decision?.row.title}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label="审批意见"
          rules={reject ? [{ required: true, whitespace: true, message: '请填写驳回意见' }] : []}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            data-testid="approval-comment"
            placeholder={reject ? '请填写驳回原因' : '可选'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 我的待办 / 已办 / 我的申请 / 抄送我的: one list each, with detail, decisions (todo) and withdrawal (mine). */
export function ApprovalListPage({ kind }: { kind: ApprovalListKind }) {
  const [detail, setDetail] = useDetailParam();
  const [decision, setDecision] = useState<(Decision & { list: PagedList<ApprovalRow> }) | null>(null);

  const columns = (list: PagedList<ApprovalRow>): TableColumnsType<ApprovalRow> => [
    ...BASE_COLUMNS,
    ...(kind === 'todo' ? [{ title: '当前步骤', dataIndex: 'stepName' }] : []),
    ...(kind === 'done'
      ? [
          { title: '我的处理', dataIndex: 'action_dictText' },
          { title: '意见', dataIndex: 'comment', render: dash },
          { title: '处理时间', dataIndex: 'decidedAt', render: dash },
        ]
      : []),
    {
      title: '操作',
      key: 'action',
      fixed: 'right' as const,
      render: (_: unknown, row: ApprovalRow) => (
        <Space>
          <a onClick={() => setDetail(row.id)} data-testid="approval-view">
            详情
          </a>
          {kind === 'todo' ? (
            <>
              <a onClick={() => setDecision({ row, action: 'approve', list })} data-testid="approval-approve">
                同意
              </a>
              <a onClick={() => setDecision({ row, action: 'reject', list })} data-testid="approval-reject">
                驳回
              </a>
            </>
          ) : null}
          {kind === 'mine' && row.status === 'RUNNING' ? (
            <Popconfirm
              title="确定撤回该申请吗？"
              description="撤回后审批终止，单据回到草稿。"
              okText="确定"
              cancelText="取消"
              onConfirm={() => list.run(() => approvalApi.withdraw(row.id))}
            >
              <a data-testid="approval-withdraw">撤回</a>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`approval-${kind}-page`}>
      <PagedTable<ApprovalRow>
        url={`/approval/${kind}/list`}
        rowKey={
          kind === 'done'
            ? ('historyId' as keyof ApprovalRow & string)
            : kind === 'todo'
              ? ('taskId' as keyof ApprovalRow & string)
              : 'id'
        }
        columns={columns}
        searchFields={SEARCH_FIELDS}
        defaultSort={SORT}
      />
      <ApprovalDetailDrawer id={detail} onClose={() => setDetail(null)} />
      <DecisionModal
        decision={decision}
        onClose={() => setDecision(null)}
        onDecide={(comment) =>
          decision!.list.run(() =>
            decision!.action === 'approve'
              ? approvalApi.approve(decision!.row.taskId!, comment)
              : approvalApi.reject(decision!.row.taskId!, comment),
          )
        }
      />
    </div>
  );
}

export const TodoListPage = () => <ApprovalListPage kind="todo" />;
export const DoneListPage = () => <ApprovalListPage kind="done" />;
export const MyApplicationsPage = () => <ApprovalListPage kind="mine" />;
export const CcListPage = () => <ApprovalListPage kind="cc" />;
