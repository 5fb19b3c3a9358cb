import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChangeRequestRow, PageResult } from '@procura/shared';
import { CHANGE_SECTION_LABELS, CHANGE_STATUS_LABELS } from '@procura/shared';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import { getOrThrow } from '../../lib/supplier-api';
import { ChangeDiffTable, ChangeStatusTag } from './change-tables';

type Search = { code?: string; supplierName?: string; status?: string };

/** 供应商变更 (domain §5): the buyer's list (suppliers' drafts are theirs alone) and the request's diff; the decision is taken in 审批中心. */
export default function ChangeRequestListPage() {
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<ChangeRequestRow | null>(null);
  const params: Record<string, string> = { pageNo: String(page.pageNo), pageSize: String(page.pageSize) };
  if (search.code) params.code = `*${search.code}*`;
  if (search.supplierName) params.supplierName = `*${search.supplierName}*`;
  if (search.status) params.status = search.status;
  const list = useQuery({
    queryKey: ['supplierChange', 'list', params],
    queryFn: () => getOrThrow<PageResult<ChangeRequestRow>>('/supplierChange/list', params),
  });

  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setSearch(v);
          setPage((p) => ({ ...p, pageNo: 1 }));
          void list.refetch();
        }}
      >
        <Form.Item name="code" label="变更单号">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="supplierName" label="供应商">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={Object.entries(CHANGE_STATUS_LABELS)
              .filter(([value]) => value !== 'DRAFT')
              .map(([value, label]) => ({ value, label }))}
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
      <Table<ChangeRequestRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无变更申请' }}
        data-testid="change-list-table"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '变更单号', dataIndex: 'code', width: 170 },
          { title: '供应商', dataIndex: 'supplierName' },
          {
            title: '变更内容',
            dataIndex: 'sections',
            render: (v: string[]) => v.map((x) => CHANGE_SECTION_LABELS[x] ?? x).join('、'),
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: string) => <ChangeStatusTag status={v} /> },
          { title: '提交时间', dataIndex: 'submittedAt', width: 170 },
          {
            title: '操作',
            width: 80,
            render: (_: unknown, r) => (
              <Button size="small" type="link" onClick={() => setShown(r)}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        title={shown ? `变更申请 ${shown.code}` : ''}
        open={shown !== null}
        onClose={() => setShown(null)}
        size="large"
        destroyOnHidden
      >
        {shown && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="change-detail">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="供应商">{shown.supplierName}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <ChangeStatusTag status={shown.status} />
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{shown.submittedAt}</Descriptions.Item>
              <Descriptions.Item label="审批时间">{shown.decidedAt ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="变更原因" span={2}>
                {shown.reason}
              </Descriptions.Item>
              <Descriptions.Item label="证明材料" span={2}>
                <StoredFileLinks paths={shown.files} />
              </Descriptions.Item>
              <Descriptions.Item label="审批意见" span={2}>
                {shown.decisionComment ?? '-'}
              </Descriptions.Item>
            </Descriptions>
            <ChangeDiffTable changes={shown.changes} />
            {shown.status === 'SUBMITTED' && (
              <Typography.Text type="secondary">
                该申请在 <Link to="/approval/todo">审批中心 › 我的待办</Link> 中审批。
              </Typography.Text>
            )}
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
