import { useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Has } from '../../components/has';
import { PagedTable } from '../../components/paged-table/paged-table';
import type { SearchField } from '../../components/paged-table/list-params';
import { postAction } from '../../lib/http';
import type { SupplierQualification } from '../../lib/supplier-api';
import { QUALIFICATION_STATUS_COLOR, QualificationTable } from './qualification-table';
import { ReasonModal, type ReasonRequest } from './reason-modal';

type Row = SupplierQualification & { typeCode_dictText?: string | null; status_dictText?: string | null };

const SEARCH_FIELDS: SearchField[] = [{ name: 'supplierName', label: '企业名称', mode: 'like' }];

const COLUMNS: TableColumnsType<Row> = [
  { title: '企业名称', dataIndex: 'supplierName', sorter: true },
  { title: '资质类型', dataIndex: 'typeCode_dictText', render: (v: string | null, r) => v || r.typeCode },
  { title: '证书编号', dataIndex: 'certNo' },
  { title: '到期日期', dataIndex: 'expiryDate', sorter: true, render: (v: string | null) => v || '长期' },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    render: (v: string, r) => <Tag color={QUALIFICATION_STATUS_COLOR[v]}>{r.status_dictText || v}</Tag>,
  },
  { title: '文件', dataIndex: 'files', render: (v: string) => <QualificationTable.FileLinks paths={v} /> },
  { title: '提交时间', dataIndex: 'createTime', sorter: true },
];

/** The buyer's list of supplier certificates (domain §4.3): review the pending ones, watch the expiring ones. */
export default function QualificationListPage() {
  const { modal } = App.useApp();
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  return (
    <>
      <PagedTable<Row>
        url="/supplier/qualification/list"
        rowKey="id"
        searchFields={SEARCH_FIELDS}
        columns={(list) => [
          ...COLUMNS,
          {
            title: '操作',
            key: 'action',
            render: (_: unknown, q: Row) =>
              q.status === 'PENDING_REVIEW' ? (
                <Has code="supplier:qualification:review">
                  <Space>
                    <Button
                      size="small"
                      type="link"
                      data-testid={`qualification-approve-${q.certNo}`}
                      onClick={() =>
                        modal.confirm({
                          title: '审核通过',
                          content: `确认 ${q.supplierName ?? ''} 的资质（${q.certNo}）审核通过？`,
                          okText: '确定',
                          cancelText: '取消',
                          onOk: () =>
                            list.run(() => postAction('/supplier/qualification/review', { id: q.id, approve: true })),
                        })
                      }
                    >
                      通过
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() =>
                        setReason({
                          title: `驳回资质：${q.certNo}`,
                          label: '驳回意见',
                          onSubmit: (comment) =>
                            list.run(() =>
                              postAction('/supplier/qualification/review', { id: q.id, approve: false, comment }),
                            ),
                        })
                      }
                    >
                      驳回
                    </Button>
                  </Space>
                </Has>
              ) : null,
          },
        ]}
        toolbar={({ refresh, loading }) => (
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={loading}>
            刷新
          </Button>
        )}
      />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
    </>
  );
}
