import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import type { TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Has } from '../../components/has';
import { deleteAction, getAction, postAction, putAction } from '../../lib/http';

type Category = { id: string; pid: string | null; name: string; code: string; hasChild: string; children?: Category[] };
type Page = { records: Category[]; total: number };
type Editing = { mode: 'add'; parent: Category | null } | { mode: 'edit'; record: Category };

const PAGE_SIZE = 10;

/** The tree rows: roots with their loaded children; a row with children not loaded yet gets `[]` (expandable). */
function withChildren(rows: Category[], children: ReadonlyMap<string, Category[]>): Category[] {
  return rows.map((r) => {
    const loaded = children.get(r.id);
    if (loaded) return { ...r, children: loaded.length ? withChildren(loaded, children) : undefined };
    return { ...r, children: r.hasChild === '1' ? [] : undefined };
  });
}

/** 分类字典: the category tree; codes are generated per level by the server (A01, A01A01, …). */
export default function CategoryListPage() {
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const [children, setChildren] = useState<ReadonlyMap<string, Category[]>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const roots = useQuery({
    queryKey: ['category-roots', pageNo],
    queryFn: async () => {
      const body = await getAction<Page>('/sys/category/rootList', { pageNo, pageSize: PAGE_SIZE });
      return body.success ? body.result : { records: [], total: 0 };
    },
  });
  const rows = useMemo(() => withChildren(roots.data?.records ?? [], children), [roots.data, children]);

  const loadChildren = async (pid: string) => {
    const body = await getAction<Category[]>('/sys/category/childList', { pid });
    if (body.success) setChildren((m) => new Map(m).set(pid, body.result));
  };

  /** After a change below `pid` (null: the roots) the affected level is read again. */
  const refresh = async (pid: string | null) => {
    if (pid) {
      await loadChildren(pid);
      setExpanded((keys) => (keys.includes(pid) ? keys : [...keys, pid]));
    } else await roots.refetch();
  };

  const open = (next: Editing) => {
    form.setFieldsValue({ name: next.mode === 'edit' ? next.record.name : '' });
    setEditing(next);
  };

  const save = async () => {
    if (!editing) return;
    let name: string;
    try {
      ({ name } = await form.validateFields());
    } catch {
      return; // The form shows what is missing.
    }
    setSaving(true);
    try {
      const body =
        editing.mode === 'add'
          ? await postAction('/sys/category/add', { name, pid: editing.parent?.id ?? '' })
          : await putAction('/sys/category/edit', { id: editing.record.id, name });
      if (!body.success) {
        void message.error(body.message);
        return;
      }
      void message.success(body.message || '保存成功');
      setEditing(null);
      await refresh(editing.mode === 'add' ? (editing.parent?.id ?? null) : editing.record.pid);
    } catch {
      // The HTTP client has shown the server's message; the form stays open.
    } finally {
      setSaving(false);
    }
  };

  const remove = async (record: Category) => {
    const body = await deleteAction('/sys/category/delete', { id: record.id });
    if (!body.success) {
      void message.warning(body.message);
      return;
    }
    void message.success(body.message);
    await refresh(record.pid);
  };

  const columns: TableProps<Category>['columns'] = [
    { title: '分类名称', dataIndex: 'name' },
    { title: '分类编码', dataIndex: 'code', width: 220 },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, record) => (
        <Space>
          <Has code="category:add">
            <a onClick={() => open({ mode: 'add', parent: record })}>添加下级</a>
          </Has>
          <Has code="category:edit">
            <a onClick={() => open({ mode: 'edit', record })}>编辑</a>
          </Has>
          <Has code="category:delete">
            <Popconfirm
              title="确定删除该分类吗？"
              description="有下级分类的分类不能删除"
              okText="确定"
              cancelText="取消"
              onConfirm={() => remove(record)}
            >
              <a>删除</a>
            </Popconfirm>
          </Has>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="分类字典"
      extra={
        <Has code="category:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add', parent: null })}>
            新增分类
          </Button>
        </Has>
      }
    >
      <Table<Category>
        rowKey="id"
        size="middle"
        loading={roots.isFetching}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: '暂无分类' }}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, record) => {
            setExpanded((keys) => (open ? [...keys, record.id] : keys.filter((k) => k !== record.id)));
            if (open && record.children?.length === 0) void loadChildren(record.id);
          },
        }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: roots.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (page) => {
            setPageNo(page);
            setExpanded([]);
          },
        }}
      />
      <Modal
        open={editing !== null}
        title={
          !editing
            ? ''
            : editing.mode === 'edit'
              ? '编辑分类'
              : editing.parent
                ? `添加下级分类（${editing.parent.name}）`
                : '新增分类'
        }
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        destroyOnHidden
        forceRender
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="分类名称"
            rules={[
              { required: true, whitespace: true, message: '请输入分类名称' },
              { max: 100, message: '分类名称最多100个字符' },
            ]}
          >
            <Input placeholder="请输入分类名称" maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
