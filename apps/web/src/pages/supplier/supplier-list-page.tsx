import { useState } from 'react';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField } from '../../components/paged-table/list-params';
import { SupplierDetailDrawer } from './supplier-detail-drawer';
import { useDetailParam } from '../../lib/detail-param';

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
  {
    title: '信息状态',
    dataIndex: 'infoStatus_dictText',
    render: (text: string | null, r) => text || dash(r.infoStatus),
  },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, render: dash },
];

/** The buyer's supplier list; 详情 opens the master data, standing, papers, status log and lifecycle actions. */
export default function SupplierListPage() {
  const [openId, setOpenId] = useDetailParam();
  const [reload, setReload] = useState<(() => void) | null>(null);
  return (
    <>
      <PagedTable<SupplierRecord>
        url="/supplier/list"
        rowKey="id"
        columns={(list) => [
          ...COLUMNS,
          {
            title: '操作',
            key: 'action',
            render: (_: unknown, r: SupplierRecord) => (
              <Button
                type="link"
                size="small"
                data-testid={`supplier-detail-${r.code}`}
                onClick={() => {
                  setReload(() => list.refresh);
                  setOpenId(r.id);
                }}
              >
                详情
              </Button>
            ),
          },
        ]}
        searchFields={SEARCH_FIELDS}
        toolbar={({ refresh, loading }) => (
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
            刷新
          </Button>
        )}
      />
      <SupplierDetailDrawer supplierId={openId} onClose={() => setOpenId(null)} onChanged={() => reload?.()} />
    </>
  );
}
