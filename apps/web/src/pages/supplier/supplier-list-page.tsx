import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField } from '../../components/paged-table/list-params';

type SupplierRecord = {
  id: string;
  code: string;
  name: string;
  uscc: string;
  legalPerson?: string | null;
  contactName?: string | null;
  contactMobile?: string | null;
  status?: string | null;
  status_dictText?: string | null;
  infoStatus?: string | null;
  infoStatus_dictText?: string | null;
  createTime?: string | null;
};

const SEARCH_FIELDS: SearchField[] = [{ name: 'name', label: '企业名称', mode: 'like' }];

const dash = (value: string | null | undefined) => value || '-';

const COLUMNS: TableColumnsType<SupplierRecord> = [
  { title: '供应商编码', dataIndex: 'code', render: dash },
  { title: '企业名称', dataIndex: 'name', render: dash },
  { title: '统一社会信用代码', dataIndex: 'uscc', render: dash },
  { title: '法定代表人', dataIndex: 'legalPerson', render: dash },
  { title: '联系人', dataIndex: 'contactName', render: dash },
  { title: '联系电话', dataIndex: 'contactMobile', render: dash },
  { title: '状态', dataIndex: 'status_dictText', render: (text: string | null, r) => text || dash(r.status) },
  { title: '信息状态', dataIndex: 'infoStatus_dictText', render: (text: string | null, r) => text || dash(r.infoStatus) },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, render: dash },
];

export default function SupplierListPage() {
  return (
    <PagedTable<SupplierRecord>
      url="/supplier/list"
      rowKey="id"
      columns={COLUMNS}
      searchFields={SEARCH_FIELDS}
      toolbar={({ refresh, loading }) => (
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
          刷新
        </Button>
      )}
    />
  );
}
