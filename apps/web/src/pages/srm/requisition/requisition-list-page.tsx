import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Has } from '../../../components/has';
import {
  listRequisitions,
  loadRequisition,
  PR_STATUS,
  PURCHASE_TYPES,
  type RequisitionDetail,
  type RequisitionRow,
} from './requisition-api';
import { RequisitionDetailDrawer, StatusTag } from './requisition-detail';
import { RequisitionForm } from './requisition-form';

type Search = { code?: string; title?: string; status?: string };

/** 采购申请 (domain §8): the list with search and paging, the draft form and the detail with its commands. */
export default function RequisitionListPage() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<RequisitionDetail | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.code) params.code = `*${search.code.trim()}*`;
  if (search.title) params.title = `*${search.title.trim()}*`;
  if (search.status) params.status = search.status;
  const list = useQuery({ queryKey: ['requisition', 'list', params], queryFn: () => listRequisitions(params) });
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
    <Card title="采购申请">
      <Form
        form={form}
        name="requisitionSearch"
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        data-testid="requisition-search"
      >
        <Form.Item name="code" label="申请单号">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="title" label="标题">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={Object.entries(PR_STATUS).map(([value, label]) => ({ value, label }))}
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
      </Space>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="采购申请加载失败"
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <Table<RequisitionRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无采购申请' }}
        data-testid="requisition-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
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
    </Card>
  );
}
