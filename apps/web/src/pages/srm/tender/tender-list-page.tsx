import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import { PagedTable } from '../../../components/paged-table/paged-table';
import type { SearchField } from '../../../components/paged-table/list-params';
import { loadTender, METHODS, TENDER_STATUS, type TenderDetail, type TenderRow } from './tender-api';
import { TenderDetailDrawer } from './tender-detail';
import { TenderStatusTag } from './tender-info-tabs';
import { TenderForm } from './tender-form';
import { useDetailParam } from '../../../lib/detail-param';

const SEARCH: readonly SearchField[] = [
  { name: 'title', label: '项目名称', mode: 'eq' },
  { name: 'status', label: '状态', options: TENDER_STATUS },
];

/** 招标管理 (domain §11): the buyer's tenders with search and paging, the draft form and the detail with its commands. */
export default function TenderListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [shown, setShown] = useDetailParam();
  const [editing, setEditing] = useState<TenderDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['tender'] });

  const edit = async (id: string) => {
    try {
      setEditing(await loadTender(id));
      setFormOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    }
  };

  return (
    <>
      <PagedTable<TenderRow>
        title="招标管理"
        testId="tender"
        url="/srm/tender/list"
        queryKey={['tender', 'list']}
        rowKey="id"
        searchFields={SEARCH}
        emptyText="暂无招标项目"
        errorTitle="招标项目加载失败"
        toolbar={() => (
          <Has code="srm:tender:add">
            <Button
              type="primary"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="tender-new"
            >
              新建招标项目
            </Button>
          </Has>
        )}
        columns={[
          { title: '项目编号', dataIndex: 'code', width: 170 },
          { title: '项目名称', dataIndex: 'title', ellipsis: true },
          { title: '招标方式', dataIndex: 'method', width: 100, render: (v: string) => METHODS[v] ?? v },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <TenderStatusTag status={v} /> },
          {
            title: '信封',
            dataIndex: 'envelopeMode',
            width: 80,
            render: (v: string) => (v === 'TWO' ? '双信封' : '单信封'),
          },
          { title: '投标截止', dataIndex: 'responseDeadline', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`tender-open-${r.code}`}>
                  详情
                </Button>
                {r.status === 'DRAFT' && (
                  <Has code="srm:tender:edit">
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
      <TenderDetailDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void refresh()}
        onEdit={(t) => {
          setEditing(t);
          setFormOpen(true);
        }}
        onCloned={(id) => setShown(id || null)}
      />
      {formOpen && (
        <TenderForm
          key={editing?.id ?? 'new'}
          open={formOpen}
          editing={editing}
          onClose={() => setFormOpen(false)}
          onSaved={(id) => {
            setFormOpen(false);
            void refresh();
            if (id) setShown(id);
          }}
        />
      )}
    </>
  );
}
