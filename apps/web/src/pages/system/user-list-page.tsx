import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Has } from '../../components/has';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField } from '../../components/paged-table/list-params';
import { SUPPLIER_USER_TYPE, userKindLabel } from '../../lib/user-kind';

type UserRecord = {
  id: string;
  username: string;
  realname: string;
  sex?: number | null;
  sex_dictText?: string | null;
  phone?: string | null;
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

export default function UserListPage() {
  return (
    <PagedTable<UserRecord>
      url="/sys/user/list"
      rowKey="id"
      columns={COLUMNS}
      searchFields={SEARCH_FIELDS}
      toolbar={({ refresh, loading }) => (
        <Has code="user:list">
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
            刷新
          </Button>
        </Has>
      )}
    />
  );
}
