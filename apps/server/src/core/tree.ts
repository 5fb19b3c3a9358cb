/**
 * Links rows into a forest, keeping their order: a row whose parent is absent is a root.
 * `attach` adds a child to its parent node (each tree shape keeps its own leaf flags).
 */
export function toForest<R extends { id: string; parentId: string | null }, N>(
  rows: R[],
  toNode: (row: R) => N,
  attach: (parent: N, child: N) => void,
): N[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) attach(parent, node);
    else roots.push(node);
  }
  return roots;
}
