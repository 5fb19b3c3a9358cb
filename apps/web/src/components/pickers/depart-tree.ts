import { getAction } from '../../lib/http';

/** A department tree node as `/sys/sysDepart/queryTreeList` answers it (children null on leaves). */
export type DepartNode = {
  key: string;
  id: string;
  title: string;
  departName: string;
  orgCode: string;
  children: DepartNode[] | null;
};
export type TreeNode = { key: string; title: string; children?: TreeNode[] };

export const toTreeData = (nodes: DepartNode[]): TreeNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.departName,
    ...(n.children?.length ? { children: toTreeData(n.children) } : {}),
  }));

/** Every department of the tree, flat, by id. */
export function departsById(nodes: DepartNode[], out = new Map<string, DepartNode>()): Map<string, DepartNode> {
  for (const n of nodes) {
    out.set(n.id, n);
    if (n.children) departsById(n.children, out);
  }
  return out;
}

export async function fetchDepartTree(): Promise<DepartNode[]> {
  const body = await getAction<DepartNode[]>('/sys/sysDepart/queryTreeList');
  return body.success ? (body.result ?? []) : [];
}
