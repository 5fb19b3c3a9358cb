import { useRef, useState } from 'react';
import { Popconfirm, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField, SortState } from '../../components/paged-table/list-params';
import type { PagedList } from '../../components/paged-table/use-paged-list';
import { approvalApi, type ApprovalRow } from './approval-api';
import { ApprovalDetailDrawer } from './approval-detail-drawer';
import { useDetailParam } from '../../lib/detail-param';
import { DecisionModal, type Decision } from './approval-decision-modal';

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

/** 我的待办 / 已办 / 我的申请 / 抄送我的: one list each, with detail, decisions (todo) and withdrawal (mine). */
export function ApprovalListPage({ kind }: { kind: ApprovalListKind }) {
  const [detail, setDetail] = useDetailParam();
  const [decision, setDecision] = useState<(Decision & { list: PagedList<ApprovalRow> }) | null>(null);
  const queryClient = useQueryClient();
  // The list the table shows, so a decision taken in the detail reloads it too.
  const shownList = useRef<PagedList<ApprovalRow> | null>(null);

  const columns = (list: PagedList<ApprovalRow>): TableColumnsType<ApprovalRow> => {
    shownList.current = list;
    return [
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
  };

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
      <ApprovalDetailDrawer
        id={detail}
        onClose={() => setDetail(null)}
        onDecide={(d, action) =>
          shownList.current &&
          setDecision({ row: { ...d, taskId: d.myTaskId ?? undefined }, action, list: shownList.current })
        }
      />
      <DecisionModal
        decision={decision}
        onClose={() => setDecision(null)}
        onDecide={async (comment) => {
          const done = await decision!.list.run(() =>
            decision!.action === 'approve'
              ? approvalApi.approve(decision!.row.taskId!, comment)
              : approvalApi.reject(decision!.row.taskId!, comment),
          );
          // An open detail shows the decision (and no longer offers it).
          if (done) void queryClient.invalidateQueries({ queryKey: ['approval', decision!.row.id] });
          return done;
        }}
      />
    </div>
  );
}

export const TodoListPage = () => <ApprovalListPage kind="todo" />;
export const DoneListPage = () => <ApprovalListPage kind="done" />;
export const MyApplicationsPage = () => <ApprovalListPage kind="mine" />;
export const CcListPage = () => <ApprovalListPage kind="cc" />;
