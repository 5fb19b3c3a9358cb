import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { STATUS_LOG_SOURCE_TEXT, type SupplierStatusLogRow } from '@procura/shared';
import { dictText, useDictItems } from '../../lib/dict';
import { MAIN_CATEGORY_DICT, SUPPLIER_STATUS_DICT } from './supplier-info-form';

const CATEGORY_STATUS_DICT = 'srm_supplier_category_status';

/** The supplier status log (SUP-6): who, when, from, to, why and the source document. */
export function StatusLogTable({
  rows,
  loading,
}: {
  rows: readonly SupplierStatusLogRow[] | undefined;
  loading: boolean;
}) {
  const company = useDictItems(SUPPLIER_STATUS_DICT);
  const category = useDictItems(CATEGORY_STATUS_DICT);
  const categories = useDictItems(MAIN_CATEGORY_DICT);
  const label = (r: SupplierStatusLogRow, value: string | null) =>
    value ? dictText(r.scope === 'CATEGORY' ? category.data : company.data, value) : '-';
  const columns: TableColumnsType<SupplierStatusLogRow> = [
    { title: '时间', dataIndex: 'at', width: 170 },
    {
      title: '范围',
      dataIndex: 'scope',
      render: (_: string, r) =>
        r.scope === 'CATEGORY' ? (
          <Tag color="blue">品类：{dictText(categories.data, r.categoryCode ?? '')}</Tag>
        ) : (
          <Tag>企业</Tag>
        ),
    },
    { title: '原状态', dataIndex: 'fromStatus', render: (v: string | null, r) => label(r, v) },
    { title: '新状态', dataIndex: 'toStatus', render: (v: string, r) => <Tag color="green">{label(r, v)}</Tag> },
    { title: '原因', dataIndex: 'reason', render: (v: string | null) => v || '-' },
    {
      title: '来源单据',
      dataIndex: 'sourceDocType',
      render: (v: string | null) => (v ? (STATUS_LOG_SOURCE_TEXT[v] ?? v) : '-'),
    },
    { title: '操作人', dataIndex: 'actorName', render: (v: string | null) => v || '-' },
  ];
  return (
    <Table<SupplierStatusLogRow>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows ? [...rows] : []}
      pagination={{ pageSize: 10 }}
      locale={{ emptyText: '暂无状态记录' }}
      data-testid="status-log-table"
    />
  );
}
