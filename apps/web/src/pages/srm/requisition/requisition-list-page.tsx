import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import { PagedTable } from '../../../components/paged-table/paged-table';
import type { SearchField } from '../../../components/paged-table/list-params';
import {
  loadRequisition,
  PR_STATUS,
  PURCHASE_TYPES,
  type RequisitionDetail,
  type RequisitionRow,
} from './requisition-api';
import { RequisitionDetailDrawer, StatusTag } from './requisition-detail';
import { RequisitionForm } from './requisition-form';
import { useDetailParam } from '../../../lib/detail-param';

const SEARCH: readonly SearchField[] = [
  { name: 'code', label: '申请单号' },
  { name: 'title', label: '标题' },
  { name: 'status', label: '状态', options: PR_STATUS },
];

/** 采购申请 (domain §8): the list with search and paging, the draft form and the detail with its commands. */
export default function RequisitionListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [shown, setShown] = useDetailParam();
  const [editing, setEditing] = useState<RequisitionDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['requisition'] });

  const edit = async (id: string) => {
    try {
      setEditing(await loadRequisition(id));
      setFormOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    }
  };

  return (
    <>
      <PagedTable<RequisitionRow>
        title="采购申请"
        testId="requisition"
        url="/srm/requisition/list"
        queryKey={['requisition', 'list']}
        rowKey="id"
        searchFields={SEARCH}
        emptyText="暂无采购申请"
        errorTitle="采购申请加载失败"
        toolbar={() => (
          <Has code="srm:requisition:add">
            <Button
              type="primary"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="requisition-new"
            >
              新建采购申请
            </Button>
          </Has>
        )}
        columns={[
          { title: '申请单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '采购类型', dataIndex: 'purchaseType', width: 90, render: (v: string) => PURCHASE_TYPES[v] ?? v },
          {
            title: '预算金额',
            dataIndex: 'budgetAmount',
            width: 120,
            align: 'right',
            render: (v: string, r) => `${v} ${r.currency}`,
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <StatusTag status={v} /> },
          { title: '申请人', dataIndex: 'requesterName', width: 100 },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => setShown(r.id)}
                  data-testid={`requisition-open-${r.code}`}
                >
                  详情
                </Button>
                {(r.status === 'DRAFT' || r.status === 'REJECTED') && (
                  <Has code="srm:requisition:edit">
                    <Button size="small" type="link" onClick={() => void edit(r.id)}>
                      编辑
                    </Button>
                  </Has>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RequisitionDetailDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void refresh()}
        onEdit={(r) => {
          setEditing(r);
          setFormOpen(true);
        }}
      />
      <RequisitionForm
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSaved={(id) => {
          setFormOpen(false);
          void refresh();
          setShown(id);
        }}
      />
    </>
  );
}
