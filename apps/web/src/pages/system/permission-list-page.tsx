import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Card, Divider, Popconfirm, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { menuTypeLabel } from '@procura/shared';
import { Has, useHasPermission } from '../../components/has';
import { deleteAction, getAction } from '../../lib/http';
import { menuIcon } from '../../shell/menu-icons';
import { DataRuleDrawer } from './data-rule-drawer';
import { PermissionFormDrawer } from './permission-form-drawer';
import type { PermissionNode } from './permission-form-drawer';

type FormState = { record?: PermissionNode; parent?: PermissionNode };

const TYPE_COLORS = ['blue', 'cyan', 'default'] as const;

/** Every key of the tree that has children. */
function parentKeys(nodes: readonly PermissionNode[], into: string[] = []): string[] {
  for (const n of nodes) {
    if (n.children?.length) {
      into.push(n.id);
      parentKeys(n.children, into);
    }
  }
  return into;
}

const countBelow = (node: PermissionNode): number =>
  (node.children ?? []).reduce((sum, c) => sum + 1 + countBelow(c), 0);

/**
 * 菜单管理: every menu, sub-menu and button as an expandable tree, with 编辑, 添加下级, 删除
 * (the whole subtree, after confirmation) and 数据规则 for menus.
 */
export default function PermissionListPage() {
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [form, setForm] = useState<FormState | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);
  const canEdit = useHasPermission('permission:edit');
  const canAdd = useHasPermission('permission:add');
  const canDelete = useHasPermission('permission:delete');

  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    setLoading(true);
    setVersion((v) => v + 1);
  }, []);

  useEffect(() => {
    let alive = true;
    getAction<PermissionNode[]>('/sys/permission/list').then(
      (answer) => {
        if (!alive) return;
        if (answer.success) setTree(answer.result ?? []);
        else message.warning(answer.message);
        setLoading(false);
      },
      // shown by the HTTP client
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [version, message]);

  const allParents = useMemo(() => parentKeys(tree), [tree]);
  const allExpanded = allParents.length > 0 && allParents.every((k) => expanded.includes(k));

  const remove = async (node: PermissionNode) => {
    try {
      const answer = await deleteAction('/sys/permission/delete', { id: node.id });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      load();
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<PermissionNode> = [
    { title: '菜单名称', dataIndex: 'name', width: 260 },
    {
      title: '菜单类型',
      dataIndex: 'menuType',
      width: 110,
      render: (t: number) => <Tag color={TYPE_COLORS[t] ?? 'default'}>{menuTypeLabel(t)}</Tag>,
    },
    {
      title: 'icon',
      dataIndex: 'icon',
      width: 160,
      render: (icon: string | null) =>
        icon ? (
          <Space size={4}>
            {menuIcon(icon)}
            <span>{icon}</span>
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '组件', dataIndex: 'component', ellipsis: true, render: (v: string | null) => v || '-' },
    { title: '路径', dataIndex: 'url', ellipsis: true, render: (v: string | null, n) => v || n.perms || '-' },
    { title: '排序', dataIndex: 'sortNo', width: 70 },
  ];
  if (canEdit || canAdd || canDelete) {
    columns.push({
      title: '操作',
      key: 'action',
      width: 260,
      render: (_: unknown, node) => (
        <Space separator={<Divider orientation="vertical" />} size={0}>
          <Has code="permission:edit">
            <a onClick={() => setForm({ record: node })}>编辑</a>
          </Has>
          {node.menuType !== 2 ? (
            <Has code="permission:add">
              <a onClick={() => setForm({ parent: node })}>添加下级</a>
            </Has>
          ) : null}
          {node.menuType !== 2 ? (
            <Has code="permission:edit">
              <a onClick={() => setRulesOf(node)}>
                数据规则{node.ruleFlag ? <Tag style={{ marginInlineStart: 4 }}>有</Tag> : null}
              </a>
            </Has>
          ) : null}
          <Has code="permission:delete">
            <Popconfirm
              title={
                countBelow(node) > 0
                  ? `确定删除吗？其下 ${countBelow(node)} 个菜单/按钮及数据规则也会一并删除`
                  : '确定删除吗?'
              }
              okText="确定"
              cancelText="取消"
              onConfirm={() => void remove(node)}
            >
              <a>删除</a>
            </Popconfirm>
          </Has>
        </Space>
      ),
    });
  }

  return (
    <Card variant="borderless" data-testid="permission-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Has code="permission:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({})} data-testid="permission-add">
            新增菜单
          </Button>
        </Has>
        <Button onClick={() => setExpanded(allExpanded ? [] : allParents)} data-testid="permission-expand">
          {allExpanded ? '全部折叠' : '全部展开'}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={load} loading={loading}>
          刷新
        </Button>
      </Space>
      <Table<PermissionNode>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
        scroll={{ x: 1100 }}
        data-testid="permission-table"
      />
      {form ? (
        <PermissionFormDrawer
          key={form.record?.id ?? `new-${form.parent?.id ?? ''}`}
          record={form.record}
          parent={form.parent}
          tree={tree}
          open
          onClose={() => setForm(null)}
          onSaved={(parentId) => {
            setForm(null);
            // Show where the row went: its parent (and the parent's parents) open.
            if (parentId)
              setExpanded((keys) => [...new Set([...keys, ...(ancestorsOf(tree, parentId) ?? []), parentId])]);
            load();
          }}
        />
      ) : null}
      {rulesOf ? (
        <DataRuleDrawer key={rulesOf.id} menu={rulesOf} open onClose={() => setRulesOf(null)} onChanged={load} />
      ) : null}
    </Card>
  );
}

/** The ids above a row, outermost first (null when it is not in the tree). */
function ancestorsOf(nodes: readonly PermissionNode[], id: string, path: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.id === id) return path;
    const found = ancestorsOf(n.children ?? [], id, [...path, n.id]);
    if (found) return found;
  }
  return null;
}
