import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useDetailParam } from '../../../lib/detail-param';
import { Has } from '../../../components/has';
import { PagedTable } from '../../../components/paged-table/paged-table';
import type { SearchField } from '../../../components/paged-table/list-params';
import { AWARD_MODES, EVENT_STATUS, loadEvent, type EventDetail, type EventRow } from './sourcing-api';
import { EventStatusTag, SourcingDetailDrawer } from './sourcing-detail';
import { SourcingForm } from './sourcing-form';

const SEARCH: readonly SearchField[] = [
  { name: 'title', label: '标题', mode: 'eq' },
  { name: 'status', label: '状态', options: EVENT_STATUS },
];

/** 询价管理 (domain §10, §13): the buyer's RFQ list with search and paging, the draft form and the detail with its commands. */
export default function SourcingListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  // `?open=<id>` shows that RFQ (a bookmark, a reload, a draft just created from a requisition).
  const [shown, setShown] = useDetailParam();
  const [editing, setEditing] = useState<EventDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['sourcing'] });

  const edit = async (id: string) => {
    try {
      setEditing(await loadEvent(id));
      setFormOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    }
  };

  return (
    <>
      <PagedTable<EventRow>
        title="询价管理"
        testId="sourcing"
        url="/srm/sourcing/event/list"
        fixedParams={{ type: 'RFQ' }}
        queryKey={['sourcing', 'list']}
        rowKey="id"
        searchFields={SEARCH}
        emptyText="暂无询价单"
        errorTitle="询价单加载失败"
        toolbar={() => (
          <Has code="srm:sourcing:add">
            <Button
              type="primary"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="sourcing-new"
            >
              新建询价单
            </Button>
          </Has>
        )}
        columns={[
          { title: '询价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
          { title: '定标方式', dataIndex: 'awardMode', width: 100, render: (v: string) => AWARD_MODES[v] ?? v },
          { title: '报价截止', dataIndex: 'responseDeadline', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`sourcing-open-${r.code}`}>
                  详情
                </Button>
                {r.status === 'DRAFT' && (
                  <Has code="srm:sourcing:edit">
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
      <SourcingDetailDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void refresh()}
        onEdit={(e) => {
          setEditing(e);
          setFormOpen(true);
        }}
      />
      {formOpen && (
        <SourcingForm
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
