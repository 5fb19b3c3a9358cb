import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PORTAL_TYPE_LABELS, type PortalSourcingType } from '@procura/shared';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField } from '../../components/paged-table/list-params';

/** One portal sign-up (SRC-4) as `GET /portal/signup/list` answers it. */
type SignupRecord = {
  id: string;
  announcementId: string;
  title: string;
  code: string | null;
  type: string;
  supplierId: string;
  supplierName: string;
  username: string | null;
  realname: string | null;
  status: string;
  status_dictText?: string | null;
  createTime: string | null;
};

const SEARCH_FIELDS: SearchField[] = [
  { name: 'title', label: '公告标题', mode: 'like' },
  { name: 'supplierName', label: '供应商', mode: 'like' },
];

const dash = (value: string | null | undefined) => value || '-';

const COLUMNS: TableColumnsType<SignupRecord> = [
  { title: '公告标题', dataIndex: 'title', sorter: true, render: dash },
  { title: '项目编号', dataIndex: 'code', render: dash },
  {
    title: '寻源类型',
    dataIndex: 'type',
    render: (t: string) => PORTAL_TYPE_LABELS[t as PortalSourcingType] ?? dash(t),
  },
  { title: '供应商', dataIndex: 'supplierName', sorter: true, render: dash },
  {
    title: '报名账号',
    dataIndex: 'username',
    render: (u: string | null, r) => (u ? `${r.realname ?? ''}（${u}）` : '-'),
  },
  { title: '状态', dataIndex: 'status_dictText', render: (text: string | null, r) => text || dash(r.status) },
  { title: '报名时间', dataIndex: 'createTime', sorter: true, render: dash },
];

/** 报名记录: the suppliers that signed up to purchase announcements through the portal; read only. */
export default function SignupListPage() {
  return (
    <div data-testid="portal-signup-list">
      <PagedTable<SignupRecord>
        url="/portal/signup/list"
        rowKey="id"
        columns={COLUMNS}
        searchFields={SEARCH_FIELDS}
        toolbar={({ refresh, loading }) => (
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
            刷新
          </Button>
        )}
      />
    </div>
  );
}
