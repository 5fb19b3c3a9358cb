import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import { EventStatusTag } from '../sourcing/event-status-tag';
import { EVENT_STATUS, type EventRow } from '../sourcing/sourcing-api';
import { listAuctions, loadAuction, type AuctionDetail } from './auction-api';
import { AuctionDrawer } from './auction-drawer';
import { AuctionForm } from './auction-form';

type Search = { title?: string; status?: string };

/** 竞价管理 (domain §12): the buyer's auctions, the draft form with the rule block, and each auction's live console. */
export default function AuctionListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<AuctionDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.title?.trim()) params.title = search.title.trim();
  if (search.status) params.status = search.status;
  const list = useQuery({ queryKey: ['auction', 'list', params], queryFn: () => listAuctions(params) });
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
    <Card title="竞价管理">
      <Form
        form={form}
        name="auctionSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="auction-search"
      >
        <Form.Item name="title" label="标题">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 130 }}
            options={Object.entries(EVENT_STATUS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setSearch({});
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
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
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="竞价单加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<EventRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无竞价单' }}
        data-testid="auction-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
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
    </Card>
  );
}
