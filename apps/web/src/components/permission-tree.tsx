import { useCallback, useEffect, useState } from 'react';
import type { Key } from 'react';
import { App, Spin, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { getAction, postAction } from '../lib/http';
import type { QueryParams } from '../lib/http';

/** `ruleFlag`: the menu has data rules (a role picks which apply: `RoleDataRuleDrawer`). */
export type PermissionNode = { key: string; title: string; ruleFlag?: boolean; children: PermissionNode[] | null };
type TreeAnswer = { treeList: PermissionNode[]; ids: string[] };

/** Where the checkable tree of every menu and button comes from (jeecg-api.md §7.7). */
export const PERMISSION_TREE_URL = '/sys/role/queryTreeList';

const toTreeData = (nodes: readonly PermissionNode[], ruleMark: boolean): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.key,
    title:
      ruleMark && n.ruleFlag ? (
        <span>
          {n.title}{' '}
          <Tag color="blue" style={{ marginInlineStart: 4 }}>
            数据规则
          </Tag>
        </span>
      ) : (
        n.title
      ),
    children: n.children ? toTreeData(n.children, ruleMark) : undefined,
  }));

function findNode(nodes: readonly PermissionNode[], key: string): PermissionNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const found = findNode(n.children ?? [], key);
    if (found) return found;
  }
  return null;
}

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

type GrantState = {
  holder: string;
  tree: PermissionNode[];
  previous: string[];
  checked: Key[];
  halfChecked: Key[];
  touched: boolean;
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && b.every((id) => a.includes(id));

export type PermissionGrants = {
  /** Null while loading. */
  tree: PermissionNode[] | null;
  checked: Key[];
  /** Whether the checks differ from what was loaded or last saved. */
  dirty: boolean;
  saving: boolean;
  onCheck: (keys: Key[] | { checked: Key[]; halfChecked: Key[] }, info: { halfCheckedKeys?: Key[] }) => void;
  /** Posts the checked and half-checked ids; `body` gets them and the previously held ids. Resolves whether it saved. */
  save: (url: string, body: (ids: string[], previous: string[]) => Record<string, unknown>) => Promise<boolean>;
};

/**
 * The menus and buttons a holder (a role, a department) has, as checks on the whole menu tree.
 * Checked and half-checked nodes are saved, so a granted button's menu and its parents are
 * granted too. `heldParams` null: nothing to load yet.
 */
export function usePermissionGrants(heldUrl: string, heldParams: QueryParams | null): PermissionGrants {
  const { message } = App.useApp();
  // Everything loaded belongs to one holder: a state for another holder reads as loading.
  const [state, setState] = useState<GrantState | null>(null);
  const [saving, setSaving] = useState(false);
  const paramsKey = heldParams ? JSON.stringify(heldParams) : null;
  const holder = paramsKey === null ? null : `${heldUrl}?${paramsKey}`;
  const live = state && state.holder === holder ? state : null;

  useEffect(() => {
    if (holder === null || paramsKey === null) return;
    let alive = true;
    void (async () => {
      let next: GrantState = { holder, tree: [], previous: [], checked: [], halfChecked: [], touched: false };
      try {
        const [treeAnswer, held] = await Promise.all([
          getAction<TreeAnswer>(PERMISSION_TREE_URL),
          getAction<string[]>(heldUrl, JSON.parse(paramsKey) as QueryParams),
        ]);
        const list = treeAnswer.result?.treeList ?? [];
        const ids = held.result ?? [];
        // A parent held only partly must not check all its children: keep only leaves as checked.
        const parents = parentKeys(list);
        next = {
          ...next,
          tree: list,
          previous: ids,
          checked: ids.filter((id) => !parents.has(id)),
          halfChecked: ids.filter((id) => parents.has(id)),
        };
      } catch {
        // shown by the HTTP client; an empty tree
      }
      if (alive) setState(next);
    })();
    return () => {
      alive = false;
    };
  }, [heldUrl, holder, paramsKey]);

  const onCheck = useCallback<PermissionGrants['onCheck']>((keys, info) => {
    setState(
      (s) =>
        s && {
          ...s,
          checked: Array.isArray(keys) ? keys : keys.checked,
          halfChecked: info.halfCheckedKeys ?? [],
          touched: true,
        },
    );
  }, []);

  const current = live ? [...new Set([...live.checked, ...live.halfChecked].map(String))] : [];
  const dirty = live !== null && live.touched && !sameSet(current, live.previous);

  const save: PermissionGrants['save'] = async (url, body) => {
    if (!live) return false;
    setSaving(true);
    try {
      const answer = await postAction(url, body(current, live.previous));
      if (!answer.success) {
        message.warning(answer.message);
        return false;
      }
      message.success(answer.message);
      setState((s) => s && { ...s, previous: current, touched: false });
      return true;
    } catch {
      // shown by the HTTP client
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { tree: live?.tree ?? null, checked: live?.checked ?? [], dirty, saving, onCheck, save };
}

/**
 * The checkable menu/button tree of `usePermissionGrants`, a spinner while it loads. With
 * `onSelectRules`, menus that have data rules are marked and clicking one names it.
 */
export function PermissionTree({
  grants,
  onSelectRules,
}: {
  grants: PermissionGrants;
  onSelectRules?: (node: PermissionNode) => void;
}) {
  if (grants.tree === null) return <Spin />;
  const tree = grants.tree;
  return (
    <Tree
      checkable
      defaultExpandAll
      treeData={toTreeData(tree, onSelectRules !== undefined)}
      checkedKeys={grants.checked}
      onCheck={grants.onCheck}
      selectedKeys={[]}
      onSelect={(_, info) => {
        const node = findNode(tree, String(info.node.key));
        if (node?.ruleFlag && onSelectRules) onSelectRules(node);
      }}
    />
  );
}
