import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeFormValues, ChangeHistoryRow, ChangeRequestRow, PageResult } from '@procura/shared';
import { CHANGE_SECTION_LABELS } from '@procura/shared';
import { postAction } from '../../lib/http';
import { getOrThrow } from '../../lib/supplier-api';
import { useCommand } from '../../lib/use-command';
import { ChangeDiffTable, ChangeHistoryTable, ChangeStatusTag } from './change-tables';
import { ChangeRequestForm, type ChangeDraft } from './change-request-form';

const KEY = ['supplierChange', 'mine'] as const;

/** The supplier's own change history (CHG-6); also a tab of 企业信息. */
export function OwnChangeHistory() {
  const rows = useQuery({
    queryKey: ['supplierChange', 'myHistory'],
    queryFn: () => getOrThrow<ChangeHistoryRow[]>('/supplierChange/myHistory'),
  });
  return <ChangeHistoryTable rows={rows.data} loading={rows.isPending} />;
}

/** 变更申请 (domain §5): a new request from the current values, drafts to edit, my requests with status and withdraw. */
export default function MyChangeRequestsPage() {
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const { busy, run } = useCommand();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ChangeDraft | null>(null);
  const current = useQuery({
    queryKey: ['supplierChange', 'current'],
    queryFn: () => getOrThrow<ChangeFormValues>('/supplierChange/current'),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['supplierChange'] });
  const edit = async (id: string) => {
    try {
      setDraft(await getOrThrow<ChangeDraft>('/supplierChange/draft', { id }));
      setOpen(true);
    } catch (error) {
      // E.g. the draft was withdrawn in another window.
      message.warning(error instanceof Error ? error.message : '加载失败');
      void refresh();
    }
  };
  const withdraw = (r: ChangeRequestRow) => (
    <Popconfirm
      title={
        r.status === 'DRAFT'
          ? `确定撤回草稿 ${r.code}？撤回后不能再编辑或提交。`
          : `确定撤回变更申请 ${r.code}？审批将被取消。`
      }
      okText="撤回"
      cancelText="取消"
      onConfirm={() => run(() => postAction('/supplierChange/withdraw', { id: r.id }), refresh)}
    >
      <Button size="small" type="link" danger loading={busy} data-testid="change-withdraw">
        撤回
      </Button>
    </Popconfirm>
  );
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => getOrThrow<PageResult<ChangeRequestRow>>('/supplierChange/mine', { pageSize: '100' }),
  });
  const hasOpen = (list.data?.records ?? []).some((r) => r.status === 'SUBMITTED');

  const requests = (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          data-testid="change-new"
          loading={current.isPending}
          onClick={() => {
            if (hasOpen) {
              modal.warning({
                title: '已有审批中的变更申请',
                content:
                  '请等待审批结束或撤回后再提交（同一时间只能有一张审批中的变更申请；草稿不受限制，可在列表中编辑）。',
              });
              return;
            }
            setDraft(null);
            setOpen(true);
          }}
        >
          发起变更申请
        </Button>
      </Space>
      <Table<ChangeRequestRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无变更申请' }}
        data-testid="my-change-table"
        expandable={{ expandedRowRender: (r) => <ChangeDiffTable changes={r.changes} /> }}
        columns={[
          { title: '变更单号', dataIndex: 'code', width: 170 },
          {
            title: '变更内容',
            dataIndex: 'sections',
            render: (v: string[]) => v.map((x) => CHANGE_SECTION_LABELS[x] ?? x).join('、'),
          },
          { title: '变更原因', dataIndex: 'reason', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <ChangeStatusTag status={v} /> },
          {
            title: '提交时间',
            dataIndex: 'submittedAt',
            width: 170,
            render: (v: string | null, r) => v ?? <span style={{ color: '#999' }}>{`${r.updatedAt} 保存`}</span>,
          },
          { title: '审批意见', dataIndex: 'decisionComment', render: (v: string | null) => v || '-' },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) =>
              r.status === 'DRAFT' ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    loading={busy}
                    onClick={() => void edit(r.id)}
                    data-testid="change-edit"
                  >
                    编辑
                  </Button>
                  {withdraw(r)}
                </Space>
              ) : r.status === 'SUBMITTED' ? (
                withdraw(r)
              ) : null,
          },
        ]}
      />
    </>
  );

  return (
    <Card title="变更申请">
      <Tabs
        items={[
          { key: 'requests', label: '我的变更申请', children: requests },
          { key: 'history', label: '变更历史', children: <OwnChangeHistory /> },
        ]}
      />
      <ChangeRequestForm
        open={open}
        current={current.data}
        draft={draft}
        allowDraft
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          void refresh();
        }}
      />
    </Card>
  );
}
