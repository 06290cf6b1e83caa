/**
 * Small groups in the NR-1 results (docs/decisions/026 §4, 040): a sector
 * whose group is too small is never shown; its answers are pooled into its
 * parent's row instead. Whether a group is "too small" is the caller's
 * decision (the server decides on a noisy count released by the disclosure
 * layer, never on the exact one). A shown row is always "own answers +
 * answers of hidden children", never a subtree total next to its children,
 * so no subtraction of shown rows can reveal a hidden one (complementary
 * suppression by construction).
 */

export type TreeNode = { id: string; parentId: string | null };
export type Pooled<T> = { id: string; items: T[] };

/**
 * Walks the tree bottom-up; `shows` is asked once per node that holds any
 * items (its own plus those its hidden children passed up). Nodes that are
 * not shown are listed in `hidden` whether or not they held anything, so the
 * list says nothing about who answered.
 */
export async function poolSmallGroups<T>(
  nodes: TreeNode[],
  itemsOf: (id: string) => T[],
  shows: (id: string, items: T[]) => boolean | Promise<boolean>,
): Promise<{ shown: Pooled<T>[]; hidden: string[] }> {
  const children = new Map<string | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId && nodes.some((n) => n.id === node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const shown: Pooled<T>[] = [];
  const hidden: string[] = [];
  /** Returns the items this node passes up to its parent (when it is hidden). */
  const visit = async (node: TreeNode): Promise<T[]> => {
    let items = [...itemsOf(node.id)];
    for (const child of children.get(node.id) ?? []) items = items.concat(await visit(child));
    if (items.length > 0 && (await shows(node.id, items))) {
      shown.push({ id: node.id, items });
      return [];
    }
    hidden.push(node.id);
    return items;
  };
  for (const root of children.get(null) ?? []) await visit(root);
  return { shown, hidden };
}

/** The hidden nodes whose items a shown row holds: its descendants up to the next shown ones. */
export function pooledInto(nodes: TreeNode[], rowId: string, shownIds: ReadonlySet<string>): string[] {
  const pooled: string[] = [];
  const walk = (parentId: string) => {
    for (const node of nodes) {
      if (node.parentId !== parentId || shownIds.has(node.id)) continue;
      pooled.push(node.id);
      walk(node.id);
    }
  };
  walk(rowId);
  return pooled;
}
