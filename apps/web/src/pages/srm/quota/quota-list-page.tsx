import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listQuotas, QUOTA_STATUS, type QuotaRow } from './quota-api';
import { QuotaDetailDrawer, QuotaStatusTag } from './quota-detail';

type Search = { status?: string; material?: string };

/** 配额管理 (domain §14): arrangements drafted by split awards (QUO-9), searched by status and material, paged; the detail edits and submits. */
export default function QuotaListPage() {
  const client = useQueryClient();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.status) params.status = search.status;
  if (search.material?.trim()) params.materialName = search.material.trim();
  const list = useQuery({ queryKey: ['quota', 'list', params], queryFn: () => listQuotas(params) });

  return (
    <Card title="配额管理">
      <Form
        form={form}
        name="quotaSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="quota-search"
      >
        <Form.Item name="material" label="物料">
          <Input allowClear placeholder="物料编码或名称" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={Object.entries(QUOTA_STATUS).map(([value, label]) => ({ value, label }))}
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
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="配额加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<QuotaRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无配额，按数量拆分定标后会生成配额草稿' }}
        data-testid="quota-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '配额编号', dataIndex: 'code', width: 170 },
          { title: '物料', render: (_: unknown, r) => `${r.materialCode ?? ''} ${r.materialName}` },
          { title: '供应商配额', dataIndex: 'shares', ellipsis: true },
          { title: '有效期', width: 210, render: (_: unknown, r) => `${r.validFrom} 至 ${r.validTo}` },
          { title: '来源询价', dataIndex: 'sourceEventCode', width: 170, render: (v: string | null) => v ?? '-' },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <QuotaStatusTag status={v} /> },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setShown(r.id)} data-testid={`quota-open-${r.code}`}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <QuotaDetailDrawer
        id={shown}
        onClose={() => setShown(null)}
        onChanged={() => void client.invalidateQueries({ queryKey: ['quota', 'list'] })}
      />
    </Card>
  );
}
