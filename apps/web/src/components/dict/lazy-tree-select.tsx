import { useEffect, useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import type { TreeSelectProps } from 'antd';
import type { TreeOption } from './dict-api';
import { splitValues } from './dict-api';

export type LazyTreeSelectProps = Omit<
  TreeSelectProps,
  'treeData' | 'loadData' | 'value' | 'onChange' | 'multiple' | 'onSelect' | 'onDeselect'
> & {
  multiple?: boolean;
  /** Comma-joined ids. */
  value?: string | null;
  onChange?: (value: string) => void;
};

type Sources = {
  /** The first level (`null`) or the children of a node. */
  loadLevel: (parent: string | null) => Promise<TreeOption[]>;
  /** Labels of stored ids, in their order. */
  loadLabels: (ids: string[]) => Promise<string[]>;
};

/**
 * A tree select whose levels load when opened, values kept as comma-joined ids (the tree and
 * category selects). A source change reloads the first level.
 */
export function LazyTreeSelect({
  loadLevel,
  loadLabels,
  multiple,
  value,
  onChange,
  ...props
}: LazyTreeSelectProps & Sources) {
  const [nodes, setNodes] = useState<TreeOption[]>([]);
  const [labels, setLabels] = useState<string[]>([]);
  const values = useMemo(() => splitValues(value), [value]);

  useEffect(() => {
    let alive = true;
    void loadLevel(null)
      .then((level) => alive && setNodes(level))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [loadLevel]);

  useEffect(() => {
    if (values.length === 0) return;
    let alive = true;
    void loadLabels(values)
      .then((t) => alive && setLabels(t))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [loadLabels, values]);

  const loadData: TreeSelectProps['loadData'] = async (node) => {
    const key = String(node.key);
    if (nodes.some((n) => n.parentId === key)) return;
    const children = await loadLevel(key);
    setNodes((all) => [...all, ...children.filter((c) => !all.some((n) => n.key === c.key))]);
  };

  const labelled = values.map((v, i) => ({ value: v, label: nodes.find((n) => n.key === v)?.title ?? labels[i] ?? v }));
  return (
    <TreeSelect
      allowClear
      treeDataSimpleMode={{ id: 'key', pId: 'pId' }}
      treeData={nodes}
      loadData={loadData}
      treeCheckable={multiple}
      multiple={multiple}
      labelInValue
      placeholder="请选择"
      style={{ width: '100%' }}
      {...props}
      value={multiple ? labelled : labelled[0]}
      onChange={(next: unknown) => {
        const list = (Array.isArray(next) ? next : next ? [next] : []) as { value: string }[];
        onChange?.(list.map((n) => n.value).join(','));
      }}
    />
  );
}
