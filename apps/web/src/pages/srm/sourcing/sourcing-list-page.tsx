import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Has } from '../../../components/has';
import { AWARD_MODES, EVENT_STATUS, listEvents, loadEvent, type EventDetail, type EventRow } from './sourcing-api';
import { EventStatusTag, SourcingDetailDrawer } from './sourcing-detail';
import { SourcingForm } from './sourcing-form';

type Search = { title?: string; status?: string };

/** 询价管理 (domain §10, §13): the buyer's RFQ list with search and paging, the draft form and the detail with its commands. */
export default function SourcingListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  // `?open=<id>` shows that RFQ at once (e.g. a draft just created from a requisition).
  const [query] = useSearchParams();
  const [shown, setShown] = useState<string | null>(query.get('open'));
  const [editing, setEditing] = useState<EventDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const params: Record<string, string> = { type: 'RFQ', pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.title?.trim()) params.title = search.title.trim();
  if (search.status) params.status = search.status;
  const list = useQuery({ queryKey: ['sourcing', 'list', params], queryFn: () => listEvents(params) });
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
    <Card title="询价管理">
      <Form
        form={form}
        name="sourcingSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="sourcing-search"
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
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="询价单加载失败"
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
        locale={{ emptyText: '暂无询价单' }}
        data-testid="sourcing-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
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
    </Card>
  );
}
