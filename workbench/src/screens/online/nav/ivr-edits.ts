import { IVR_ROOT_KEYS, type IvrHotlineConfig, type IvrNode, type IvrPath, ivrChildrenAt } from '@qcdesk/contracts';

/**
 * Where a node's problems are keyed, as the save's paths run (`hotlineConfig` dropped): `['ivrRoutes', 0, 2]` →
 * `ivrRoutes.0.nodes.2`, `['InScore', 1]` → `inScore.nodes.1`.
 */
export function ivrErrorPath(path: IvrPath): string {
  const [section, ...indices] = path;
  const start = section === 'ivrRoutes' ? 'ivrRoutes' : section === 'InScore' ? 'inScore.nodes' : 'outScore.nodes';
  return indices.length === 0 ? start : `${start}.${indices.join('.nodes.')}`;
}

/** How many nodes lie under a node (what its deletion takes with it). */
export function countBelow(node: IvrNode): number {
  return node.nodes.reduce((n, child) => n + 1 + countBelow(child), 0);
}

/**
 * The path of `node` (this very object) in the tree, or null when it is no longer there: a node without a key is
 * found this way after a confirmation, so that a tree replaced meanwhile never loses another node in its place.
 */
export function pathOfNode(config: IvrHotlineConfig, node: IvrNode): IvrPath | null {
  const search = (at: IvrPath): IvrPath | null => {
    const children = ivrChildrenAt(config, at) ?? [];
    for (let i = 0; i < children.length; i++) {
      const here = [...at, i] as unknown as IvrPath;
      if (children[i] === node) return here;
      const below = search(here);
      if (below !== null) return below;
    }
    return null;
  };
  for (const section of ['ivrRoutes', ...IVR_ROOT_KEYS] as const) {
    const found = search([section]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The single move that turns `before` into `after` (the order a drag hands back: one item taken out and put back
 * elsewhere), or null when nothing moved.
 */
export function movedIndex<T>(before: readonly T[], after: readonly T[]): { from: number; to: number } | null {
  let first = 0;
  while (first < before.length && before[first] === after[first]) first++;
  if (first === before.length) return null;
  let last = before.length - 1;
  while (last > first && before[last] === after[last]) last--;
  // moved down: the first changed item now sits at the last changed place; else it came up from there
  return after[last] === before[first] ? { from: first, to: last } : { from: last, to: first };
}
