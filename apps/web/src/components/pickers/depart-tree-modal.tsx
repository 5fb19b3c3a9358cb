import { useMemo, useState } from 'react';
import type { Key } from 'react';
import { Empty, Input, Modal, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { departsById, fetchDepartTree, toTreeData } from './depart-tree';
import { useOnOpen } from './use-on-open';
import type { DepartNode, TreeNode } from './depart-tree';

type Props = {
  open: boolean;
  /** Several departments (checkboxes) or one. */
  multi?: boolean;
  /** Department ids chosen before. */
  value?: readonly string[];
  onOk: (departs: Pick<DepartNode, 'id' | 'departName' | 'orgCode'>[]) => void;
  onCancel: () => void;
};

const filterTree = (nodes: TreeNode[], word: string): TreeNode[] =>
  nodes.flatMap((n) => {
    const children = n.children ? filterTree(n.children, word) : [];
    return n.title.includes(word) || children.length ? [{ ...n, ...(children.length ? { children } : {}) }] : [];
  });

/** 选择部门: the department tree, searchable by name; one department or several. */
export function DepartTreeModal({ open, multi = false, value, onOk, onCancel }: Props) {
  const tree = useQuery({ queryKey: ['depart-tree'], queryFn: fetchDepartTree, enabled: open });
  const initial = (): Key[] => [...(value ?? [])];
  const [checked, setChecked] = useState<Key[]>(initial);
  const [word, setWord] = useState('');
  useOnOpen(open, () => setChecked(initial()));
  const data = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const shown = word ? filterTree(data, word) : data;
  const byId = useMemo(() => departsById(tree.data ?? []), [tree.data]);

  return (
    <Modal
      open={open}
      title="选择部门"
      width={600}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() =>
        onOk(
          checked
            .flatMap((k) => (byId.has(String(k)) ? [byId.get(String(k))!] : []))
            .map(({ id, departName, orgCode }) => ({ id, departName, orgCode })),
        )
      }
      data-testid="depart-tree-modal"
    >
      <Input.Search allowClear placeholder="请输入部门名称" onSearch={setWord} style={{ marginBottom: 8 }} />
      <Spin spinning={tree.isFetching}>
        {shown.length === 0 && !tree.isFetching ? (
          <Empty description="暂无部门" />
        ) : (
          <Tree
            checkable={multi}
            checkStrictly
            defaultExpandAll
            key={`${shown.length}-${word}`}
            treeData={shown}
            checkedKeys={multi ? checked : undefined}
            selectedKeys={multi ? undefined : checked}
            onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
            // A click on a name picks it; with checkboxes it toggles its box.
            onSelect={(keys, info) =>
              setChecked((prev) =>
                !multi
                  ? keys
                  : prev.includes(info.node.key)
                    ? prev.filter((k) => k !== info.node.key)
                    : [...prev, info.node.key],
              )
            }
            style={{ maxHeight: 400, overflow: 'auto' }}
          />
        )}
      </Spin>
    </Modal>
  );
}
