import { useState } from 'react';
import type { Key } from 'react';
import { App, Button, Divider, Modal, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { batchIds, LIST_MESSAGES } from '../../components/paged-table/list-params';
import { deleteAction, getAction, putAction } from '../../lib/http';
import { SUPPLIER_USER_TYPE, userKindLabel } from '../../lib/user-kind';

export type DeletedUser = {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  userType?: number;
  createTime?: string | null;
  /** When it was deleted (its last change). */
  updateTime?: string | null;
};

const dash = (value: string | null | undefined) => value || '-';

const COLUMNS: TableColumnsType<DeletedUser> = [
  { title: '用户账号', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'realname', render: dash },
  { title: '手机号', dataIndex: 'phone', render: dash },
  {
    title: '用户类型',
    dataIndex: 'userType',
    render: (userType?: number) => (userType === undefined ? '-' : userKindLabel(userType === SUPPLIER_USER_TYPE)),
  },
  { title: '删除时间', dataIndex: 'updateTime', render: dash },
];

/**
 * 回收站: users deleted from 用户管理 (logical delete). 还原 brings them back (the list behind
 * is refreshed through `onRestored`); 彻底删除 removes them for good. Both ask first, one row
 * or the selection.
 */
export function UserRecycleBinModal({
  open,
  onClose,
  onRestored,
}: {
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<Key[]>([]);
  const bin = useQuery({
    queryKey: ['user-recycle-bin'],
    enabled: open,
    // Always what the server holds now: users are deleted elsewhere meanwhile.
    staleTime: 0,
    gcTime: 0,
    queryFn: async (): Promise<DeletedUser[]> => {
      const answer = await getAction<DeletedUser[]>('/sys/user/recycleBin');
      if (!answer.success) {
        message.warning(answer.message);
        return [];
      }
      return answer.result;
    },
  });

  const users = bin.data ?? [];
  const names = (ids: string[]) =>
    ids
      .map((id) => users.find((u) => u.id === id)?.username)
      .filter(Boolean)
      .join('、');

  const run = async (call: () => Promise<{ success: boolean; message: string }>, restored: boolean) => {
    try {
      const answer = await call();
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      setSelected([]);
      await bin.refetch();
      if (restored) onRestored();
    } catch {
      // shown by the HTTP client
    }
  };

  const restore = (ids: string[]) =>
    modal.confirm({
      title: '还原用户',
      content: `确定还原用户 ${names(ids)} 吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(() => putAction('/sys/user/putRecycleBin', { userIds: batchIds(ids) }), true),
    });

  const purge = (ids: string[]) =>
    modal.confirm({
      title: '彻底删除用户',
      content: `确定彻底删除这 ${ids.length} 个用户（${names(ids)}）吗？彻底删除后无法恢复！`,
      okText: '确定',
      okType: 'danger',
      cancelText: '取消',
      onOk: () => run(() => deleteAction('/sys/user/deleteRecycleBin', { userIds: batchIds(ids) }), false),
    });

  const withSelection = (action: (ids: string[]) => void) => () => {
    if (selected.length === 0) {
      message.warning(LIST_MESSAGES.selectOne);
      return;
    }
    action(selected.map(String));
  };

  const columns: TableColumnsType<DeletedUser> = [
    ...COLUMNS,
    {
      title: '操作',
      key: 'action',
      render: (_: unknown, record) => (
        <Space separator={<Divider orientation="vertical" />} size={0}>
          <a onClick={() => restore([record.id])} data-testid="recycle-bin-restore-row">
            还原
          </a>
          <a onClick={() => purge([record.id])} data-testid="recycle-bin-purge-row">
            彻底删除
          </a>
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} title="用户回收站" width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="recycle-bin-modal">
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<UndoOutlined />} onClick={withSelection(restore)} data-testid="recycle-bin-restore">
            批量还原
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={withSelection(purge)} data-testid="recycle-bin-purge">
            批量彻底删除
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void bin.refetch()} loading={bin.isFetching}>
            刷新
          </Button>
        </Space>
        <Table<DeletedUser>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={users}
          loading={bin.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </div>
    </Modal>
  );
}
