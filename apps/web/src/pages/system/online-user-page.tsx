import { Button, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Has, useHasPermission } from '../../components/has';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField, SortState } from '../../components/paged-table/list-params';
import type { PagedList } from '../../components/paged-table/use-paged-list';
import { postAction } from '../../lib/http';
import { SUPPLIER_USER_TYPE, userKindLabel } from '../../lib/user-kind';

export type OnlineRecord = {
  /** The session id. */
  id: string;
  username: string;
  realname: string;
  userType: number;
  ip: string | null;
  userAgent: string | null;
  loginTime: string | null;
  expiresAt: string | null;
  /** The session of this very page: it cannot be forced out from here. */
  current: boolean;
};

const SEARCH_FIELDS: SearchField[] = [
  { name: 'username', label: '用户账号', mode: 'like' },
  { name: 'realname', label: '用户姓名', mode: 'like' },
];

/** The server sorts sessions by their start (`createdAt`), shown as 登录时间. */
const DEFAULT_SORT: SortState = { column: 'createdAt', order: 'desc' };

const dash = (value: string | null | undefined) => value || '-';

const COLUMNS: TableColumnsType<OnlineRecord> = [
  {
    title: '用户账号',
    dataIndex: 'username',
    sorter: true,
    render: (username: string, record) => (
      <>
        {username}
        {record.current ? (
          <Tag color="processing" style={{ marginInlineStart: 8 }}>
            当前会话
          </Tag>
        ) : null}
      </>
    ),
  },
  { title: '用户姓名', dataIndex: 'realname', render: dash },
  {
    title: '用户类型',
    dataIndex: 'userType',
    render: (userType: number) => userKindLabel(userType === SUPPLIER_USER_TYPE),
  },
  { title: '登录时间', dataIndex: 'loginTime', key: 'createdAt', sorter: true, render: dash },
  { title: '登录 IP', dataIndex: 'ip', render: dash },
  {
    title: '客户端',
    dataIndex: 'userAgent',
    width: 260,
    render: (agent: string | null) =>
      agent ? (
        <Tooltip title={agent}>
          <Typography.Text ellipsis style={{ maxWidth: 240 }}>
            {agent}
          </Typography.Text>
        </Tooltip>
      ) : (
        '-'
      ),
  },
  { title: '会话到期', dataIndex: 'expiresAt', render: dash },
];

/** 在线用户: the live sessions, with 强制退出 (never the administrator's own session) and refresh. */
export default function OnlineUserPage() {
  const canForce = useHasPermission('online:forceLogout');

  const forceLogout = (list: PagedList<OnlineRecord>, record: OnlineRecord) =>
    list.run(() => postAction('/sys/online/forceLogout', { id: record.id }));

  const columns = (list: PagedList<OnlineRecord>): TableColumnsType<OnlineRecord> =>
    canForce
      ? [
          ...COLUMNS,
          {
            title: '操作',
            key: 'action',
            fixed: 'right',
            render: (_: unknown, record) =>
              record.current ? (
                <Typography.Text type="secondary">-</Typography.Text>
              ) : (
                <Has code="online:forceLogout">
                  <Popconfirm
                    title={`确定强制退出用户“${record.username}”吗？`}
                    description="该会话将立即失效，用户需重新登录。"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => forceLogout(list, record)}
                  >
                    <a data-testid="online-force-logout">强制退出</a>
                  </Popconfirm>
                </Has>
              ),
          },
        ]
      : COLUMNS;

  return (
    <div data-testid="online-user-page">
      <PagedTable<OnlineRecord>
        url="/sys/online/list"
        rowKey="id"
        columns={columns}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={(list) => (
          <Button icon={<ReloadOutlined />} onClick={list.refresh} loading={list.loading} data-testid="online-refresh">
            刷新
          </Button>
        )}
      />
    </div>
  );
}
