import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { QUALIFICATION_TYPE_DICT } from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import { dictText, useDictItems } from '../../lib/dict';
import type { SupplierQualification } from '../../lib/supplier-api';

export const QUALIFICATION_STATUS_DICT = 'srm_qualification_status';
export const QUALIFICATION_STATUS_COLOR: Record<string, string> = {
  VALID: 'green',
  EXPIRING: 'orange',
  EXPIRED: 'red',
  REJECTED: 'red',
  PENDING_REVIEW: 'blue',
};

/** Stored files shown read-only through the upload widget (it fetches private files with the session). */
function FileLinks({ paths }: { paths: string }) {
  return <FileUpload value={paths} disabled />;
}

/** A supplier's certificates with validity and review state (domain §4.1); `action` adds a last column. */
export function QualificationTable({
  rows,
  loading,
  action,
}: {
  rows: readonly SupplierQualification[] | undefined;
  loading: boolean;
  action?: (q: SupplierQualification) => ReactNode;
}) {
  const types = useDictItems(QUALIFICATION_TYPE_DICT);
  const statuses = useDictItems(QUALIFICATION_STATUS_DICT);
  const columns: TableColumnsType<SupplierQualification> = [
    { title: '资质类型', dataIndex: 'typeCode', render: (v: string) => dictText(types.data, v) },
    { title: '证书编号', dataIndex: 'certNo' },
    { title: '到期日期', dataIndex: 'expiryDate', render: (v: string | null) => v || '长期' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: string) => <Tag color={QUALIFICATION_STATUS_COLOR[v]}>{dictText(statuses.data, v)}</Tag>,
    },
    { title: '审核意见', dataIndex: 'reviewComment', render: (v: string | null) => v || '-' },
    { title: '文件', dataIndex: 'files', render: (v: string) => <FileLinks paths={v} /> },
    ...(action ? [{ title: '操作', key: 'action', render: (_: unknown, q: SupplierQualification) => action(q) }] : []),
  ];
  return (
    <Table<SupplierQualification>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows ? [...rows] : []}
      pagination={false}
      locale={{ emptyText: '暂无资质' }}
      data-testid="qualification-table"
    />
  );
}
QualificationTable.FileLinks = FileLinks;
