import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Drawer, Space, Spin, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { getAction, postAction } from '../lib/http';
import type { RowActionPanelProps } from './resource-types';

type PermissionNode = { key: string; title: string; children: PermissionNode[] | null };
type TreeAnswer = { treeList: PermissionNode[]; ids: string[] };

const toTreeData = (nodes: readonly PermissionNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, children: n.children ? toTreeData(n.children) : undefined }));

/** Every key of a tree that has children (parents are sent half-checked, not preselected as checked). */
function parentKeys(nodes: readonly PermissionNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) {
      into.add(n.key);
      parentKeys(n.children, into);
    }
  }
  return into;
}

/**
 * 授权: the menus and buttons a role holds, as a checkable tree. Checked and half-checked
 * nodes are saved, so a granted button's menu and its parents are granted too.
 */
export function RolePermissionDrawer({ record, open, onClose }: RowActionPanelProps) {
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermissionNode[] | null>(null);
  const [checked, setChecked] = useState<Key[]>([]);
  const [halfChecked, setHalfChecked] = useState<Key[]>([]);
  const [previous, setPrevious] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        const [treeAnswer, held] = await Promise.all([
          getAction<TreeAnswer>('/sys/role/queryTreeList'),
          getAction<string[]>('/sys/permission/queryRolePermission', { roleId: record.id }),
        ]);
        if (!alive) return;
        const list = treeAnswer.result?.treeList ?? [];
        const ids = held.result ?? [];
        // A parent held only partly must not check all its children: keep only leaves as checked.
        const parents = parentKeys(list);
        setTree(list);
        setPrevious(ids);
        setChecked(ids.filter((id) => !parents.has(id)));
        setHalfChecked(ids.filter((id) => parents.has(id)));
      } catch {
        if (alive) setTree([]);
      }
    })();
    return () => {
      alive = false;
    };
  }, [record.id]);

  const save = async () => {
    setSaving(true);
    try {
      const ids = [...new Set([...checked, ...halfChecked].map(String))];
      const answer = await postAction('/sys/permission/saveRolePermission', { roleId: record.id, permissionIds: ids.join(','), lastpermissionIds: previous.join(',') });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      setPrevious(ids);
      onClose();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  const name = typeof record.roleName === 'string' ? record.roleName : '';
  return (
    <Drawer
      open={open}
      title={`角色权限配置${name ? ` - ${name}` : ''}`}
      size={520}
      onClose={onClose}
      data-testid="role-permission-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={tree === null} onClick={() => void save()} data-testid="role-permission-save">
            保存
          </Button>
        </Space>
      }
    >
      {tree === null ? (
        <Spin />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          treeData={toTreeData(tree)}
          checkedKeys={checked}
          onCheck={(keys, info) => {
            setChecked(Array.isArray(keys) ? keys : keys.checked);
            setHalfChecked(info.halfCheckedKeys ?? []);
          }}
        />
      )}
    </Drawer>
  );
}
