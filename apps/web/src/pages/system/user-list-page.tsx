import { useState } from 'react';
import { App, Button, Divider, Popconfirm, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, LockOutlined, PlusOutlined, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import { Has, useHasPermission } from '../../components/has';
import { PagedTable } from '../../components/paged-table/paged-table';
import { batchIds, LIST_MESSAGES } from '../../components/paged-table/list-params';
import type { SearchField } from '../../components/paged-table/list-params';
import type { PagedList } from '../../components/paged-table/use-paged-list';
import { putAction } from '../../lib/http';
import { SUPPLIER_USER_TYPE, userKindLabel } from '../../lib/user-kind';
import { ResetPasswordModal } from './reset-password-modal';
import { UserExportButton } from './user-export-button';
import { ImportButton } from '../../resources/import-button';
import { UserFormDrawer } from './user-form-drawer';
import { UserRecycleBinModal } from './user-recycle-bin-modal';
import type { UserFormMode, UserKind } from './user-form-drawer';

type UserRecord = {
  id: string;
  username: string;
  realname: string;
  sex?: number | null;
  sex_dictText?: string | null;
  phone?: string | null;
  workNo?: string | null;
  status?: number;
  status_dictText?: string | null;
  userType?: number;
  userType_dictText?: string | null;
  createTime?: string | null;
};

const SEARCH_FIELDS: SearchField[] = [
  { name: 'username', label: '用户账号', mode: 'like' },
  { name: 'realname', label: '用户姓名', mode: 'like' },
];

const URLS = { list: '/sys/user/list', delete: '/sys/user/delete' };

const dash = (value: string | null | undefined) => value || '-';

const COLUMNS: TableColumnsType<UserRecord> = [
  { title: '用户账号', dataIndex: 'username', sorter: true },
  { title: '用户姓名', dataIndex: 'realname', render: dash },
  { title: '性别', dataIndex: 'sex_dictText', render: dash },
  { title: '手机号', dataIndex: 'phone', render: dash },
  { title: '状态', dataIndex: 'status_dictText', render: dash },
  {
    title: '用户类型',
    dataIndex: 'userType_dictText',
    render: (text: string | null | undefined, record) =>
      text || (record.userType === undefined ? '-' : userKindLabel(record.userType === SUPPLIER_USER_TYPE)),
  },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, render: dash },
];

type FormState = {
  mode: UserFormMode;
  kind: UserKind;
  userId?: string;
  workNo?: string | null;
  list: PagedList<UserRecord>;
};

export default function UserListPage() {
  const { message, modal } = App.useApp();
  const canEdit = useHasPermission('user:edit');
  const canDelete = useHasPermission('user:delete');
  const [form, setForm] = useState<FormState | null>(null);
  const [resetting, setResetting] = useState<string | null>(null);
  // The recycle bin is opened from a list, which it refreshes after a restore.
  const [recycleBin, setRecycleBin] = useState<PagedList<UserRecord> | null>(null);

  const setStatus = (list: PagedList<UserRecord>, status: '1' | '2') => {
    const keys = list.selectedRowKeys;
    if (keys.length === 0) {
      message.warning(LIST_MESSAGES.selectOne);
      return;
    }
    modal.confirm({
      title: '确认操作',
      content: `确定${status === '2' ? '冻结' : '解冻'}选中的${keys.length}个账号吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => list.run(() => putAction('/sys/user/frozenBatch', { ids: batchIds(keys), status })),
    });
  };

  const columns = (list: PagedList<UserRecord>): TableColumnsType<UserRecord> =>
    canEdit || canDelete
      ? [
          ...COLUMNS,
          {
            title: '操作',
            key: 'action',
            fixed: 'right',
            render: (_: unknown, record) => (
              <Space separator={<Divider orientation="vertical" />} size={0}>
                <Has code="user:edit">
                  <a
                    onClick={() =>
                      setForm({
                        mode: 'edit',
                        kind: record.userType === 2 ? 'supplier' : 'internal',
                        userId: record.id,
                        workNo: record.workNo,
                        list,
                      })
                    }
                  >
                    编辑
                  </a>
                </Has>
                <Has code="user:edit">
                  <a onClick={() => setResetting(record.username)}>重置密码</a>
                </Has>
                <Has code="user:delete">
                  <Popconfirm
                    title="确定删除吗?"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => list.remove(record.id)}
                  >
                    <a>删除</a>
                  </Popconfirm>
                </Has>
              </Space>
            ),
          },
        ]
      : COLUMNS;

  return (
    <>
      <PagedTable<UserRecord>
        url={URLS}
        rowKey="id"
        columns={columns}
        selectable={canEdit}
        searchFields={SEARCH_FIELDS}
        toolbar={(list) => (
          <Space wrap>
            <Has code="user:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setForm({ mode: 'add', kind: 'internal', list })}
              >
                新增用户
              </Button>
              <Button
                icon={<PlusOutlined />}
                onClick={() => setForm({ mode: 'add', kind: 'supplier', list })}
                data-testid="add-supplier-user"
              >
                新增供应商用户
              </Button>
            </Has>
            <Has code="user:edit">
              <Button icon={<LockOutlined />} onClick={() => setStatus(list, '2')}>
                冻结
              </Button>
              <Button icon={<UnlockOutlined />} onClick={() => setStatus(list, '1')}>
                解冻
              </Button>
            </Has>
            <Has code="user:delete">
              <Button icon={<DeleteOutlined />} onClick={() => setRecycleBin(list)} data-testid="user-recycle-bin">
                回收站
              </Button>
            </Has>
            <UserExportButton list={list} />
            <Has code="user:import">
              <ImportButton path="/sys/user/importExcel" onImported={list.refresh} />
            </Has>
            <Has code="user:list">
              <Button icon={<ReloadOutlined />} onClick={list.refresh} loading={list.loading}>
                刷新
              </Button>
            </Has>
          </Space>
        )}
      />
      {form ? (
        <UserFormDrawer
          key={`${form.mode}-${form.kind}-${form.userId ?? ''}`}
          mode={form.mode}
          kind={form.kind}
          userId={form.userId}
          workNo={form.workNo}
          open
          onClose={() => setForm(null)}
          onSaved={() => {
            form.list.refresh();
            setForm(null);
          }}
        />
      ) : null}
      {resetting ? <ResetPasswordModal username={resetting} open onClose={() => setResetting(null)} /> : null}
      {recycleBin ? (
        <UserRecycleBinModal open onClose={() => setRecycleBin(null)} onRestored={recycleBin.refresh} />
      ) : null}
    </>
  );
}
