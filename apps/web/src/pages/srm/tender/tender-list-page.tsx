import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import { listTenders, loadTender, METHODS, TENDER_STATUS, type TenderDetail, type TenderRow } from './tender-api';
import { TenderDetailDrawer } from './tender-detail';
import { TenderStatusTag } from './tender-info-tabs';
import { TenderForm } from './tender-form';

type Search = { title?: string; status?: string };

/** 招标管理 (domain §11): the buyer's tenders with search and paging, the draft form and the detail with its commands. */
export default function TenderListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<TenderDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.title?.trim()) params.title = search.title.trim();
  if (search.status) params.status = search.status;
  const list = useQuery({ queryKey: ['tender', 'list', params], queryFn: () => listTenders(params) });
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
    <Card title="招标管理">
      <Form
        form={form}
        name="tenderSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="tender-search"
      >
        <Form.Item name="title" label="项目名称">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 130 }}
            options={Object.entries(TENDER_STATUS).map(([value, label]) => ({ value, label }))}
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
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="招标项目加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<TenderRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无招标项目' }}
        data-testid="tender-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
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
    </Card>
  );
}
