/**
 * Small groups in the NR-1 results (docs/decisions/026, after 012 and 014):
 * a sector with fewer than PRIVACY_MIN_GROUP answers is never shown; its
 * answers are pooled into its parent's row instead. A shown row is always
 * "own answers + answers of hidden children", never a subtree total next to
 * its children, so no subtraction of shown rows can reveal a hidden one
 * (complementary suppression by construction).
 */
import { isGroupWithheld } from "./team-metrics.ts";

export type TreeNode = { id: string; parentId: string | null };
export type Pooled<T> = { id: string; items: T[]; pooledFrom: string[] };

export function poolSmallGroups<T>(
  nodes: TreeNode[],
  itemsOf: (id: string) => T[],
  minGroup: number,
): { shown: Pooled<T>[]; hidden: string[] } {
  const children = new Map<string | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId && nodes.some((n) => n.id === node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const shown: Pooled<T>[] = [];
  const hidden: string[] = [];
  /** Returns the items this node passes up to its parent (when it is hidden). */
  const visit = (node: TreeNode): { items: T[]; ids: string[] } => {
    let items = [...itemsOf(node.id)];
    let pooledFrom: string[] = [];
    for (const child of children.get(node.id) ?? []) {
      const up = visit(child);
      items = items.concat(up.items);
      pooledFrom = pooledFrom.concat(up.ids);
    }
    if (items.length === 0) return { items: [], ids: [] };
    if (isGroupWithheld(items.length, minGroup)) {
      hidden.push(node.id);
      return { items, ids: [node.id, ...pooledFrom] };
    }
    shown.push({ id: node.id, items, pooledFrom });
    return { items: [], ids: [] };
  };
  for (const root of children.get(null) ?? []) visit(root);
  return { shown, hidden };
}
