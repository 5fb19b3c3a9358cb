import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import { PagedTable } from '../../../components/paged-table/paged-table';
import type { SearchField } from '../../../components/paged-table/list-params';
import { EventStatusTag } from '../sourcing/event-status-tag';
import { EVENT_STATUS, type EventRow } from '../sourcing/sourcing-api';
import { loadAuction, type AuctionDetail } from './auction-api';
import { AuctionDrawer } from './auction-drawer';
import { AuctionForm } from './auction-form';
import { useDetailParam } from '../../../lib/detail-param';

const SEARCH: readonly SearchField[] = [
  { name: 'title', label: '标题', mode: 'eq' },
  { name: 'status', label: '状态', options: EVENT_STATUS },
];

/** 竞价管理 (domain §12): the buyer's auctions, the draft form with the rule block, and each auction's live console. */
export default function AuctionListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [shown, setShown] = useDetailParam();
  const [editing, setEditing] = useState<AuctionDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['auction'] });

  const edit = async (id: string) => {
    try {
      setEditing(await loadAuction(id));
      setFormOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    }
  };

  return (
    <>
      <PagedTable<EventRow>
        title="竞价管理"
        testId="auction"
        url="/srm/sourcing/event/list"
        fixedParams={{ type: 'AUCTION' }}
        queryKey={['auction', 'list']}
        rowKey="id"
        searchFields={SEARCH}
        emptyText="暂无竞价单"
        errorTitle="竞价单加载失败"
        toolbar={() => (
          <Has code="srm:auction:add">
            <Button
              type="primary"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="auction-new"
            >
              新建竞价单
            </Button>
          </Has>
        )}
        columns={[
          { title: '竞价单号', dataIndex: 'code', width: 170 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
          { title: '结束时间', dataIndex: 'responseDeadline', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`auction-open-${r.code}`}>
                  详情
                </Button>
                {r.status === 'DRAFT' && (
                  <Has code="srm:auction:add">
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
      <AuctionDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void refresh()}
        onEdit={(e) => {
          setEditing(e);
          setFormOpen(true);
        }}
      />
      {formOpen && (
        <AuctionForm
          key={editing?.id ?? 'new'}
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
