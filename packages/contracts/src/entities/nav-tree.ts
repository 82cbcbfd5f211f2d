/**
 * The IVR tree of a hotline navigation as the editor changes it (online-service-config §3.7, §4, §5): pure functions
 * over an `IvrHotlineConfig`, each answering a new config (the old one is left as it was). A place in the tree is a
 * path: the list it starts in — the route tree `ivrRoutes` or one of the fixed roots `InScore` / `OutScore` — then
 * the index at each level. `['InScore']` is that root itself; `['ivrRoutes', 0, 2]` is `ivrRoutes[0].nodes[2]`.
 */
import type { MessageCode } from '../messages/catalogue.js';
import {
  defaultNodeName,
  IVR_ROOT_KEYS,
  type IvrHotlineConfig,
  type IvrNode,
  type IvrRootKey,
  NAV_LIMITS,
} from './cs-nav.js';

export type IvrSection = 'ivrRoutes' | IvrRootKey;
export type IvrPath = readonly [IvrSection, ...number[]];

/** The messages the editor shows (spec §4, §8: 删除成功, 未找到该节点; the root refusal ours). */
export const IVR_MESSAGES = {
  removed: 'nav.ivr.removed',
  missing: 'nav.ivr.nodeMissing',
  rootFixed: 'nav.ivr.rootFixed',
  tooDeep: 'nav.ivr.tooDeep',
} as const satisfies Record<string, MessageCode>;

/** What an edit answers: the new config, or the unchanged one and why nothing changed. */
export type IvrEdit =
  | { readonly ok: true; readonly config: IvrHotlineConfig; readonly path: IvrPath; readonly message?: MessageCode }
  | { readonly ok: false; readonly config: IvrHotlineConfig; readonly message: MessageCode };

const SECTION_FIELD = { ivrRoutes: null, InScore: 'inScore', OutScore: 'outScore' } as const;

export function isIvrRootKey(key: unknown): key is IvrRootKey {
  return IVR_ROOT_KEYS.includes(key as IvrRootKey);
}

/** Whether `path` is one of the two fixed roots (which cannot be deleted, spec §4). */
export function isIvrRootPath(path: readonly unknown[]): boolean {
  return path.length === 1 && isIvrRootKey(path[0]);
}

/** The list of nodes a section starts with. */
function sectionNodes(config: IvrHotlineConfig, section: IvrSection): IvrNode[] {
  const field = SECTION_FIELD[section];
  return field === null ? config.ivrRoutes : config[field].nodes;
}

function withSectionNodes(config: IvrHotlineConfig, section: IvrSection, nodes: IvrNode[]): IvrHotlineConfig {
  const field = SECTION_FIELD[section];
  return field === null ? { ...config, ivrRoutes: nodes } : { ...config, [field]: { ...config[field], nodes } };
}

/** The node at `path` (a root answers its `{key, nodes}`), or null when there is none. */
export function ivrNodeAt(
  config: IvrHotlineConfig,
  path: IvrPath,
): IvrNode | { key: IvrRootKey; nodes: IvrNode[] } | null {
  const [section, ...indices] = path;
  if (indices.length === 0) {
    if (!isIvrRootKey(section)) return null;
    return { key: section, nodes: sectionNodes(config, section) };
  }
  let nodes = sectionNodes(config, section);
  let node: IvrNode | undefined;
  for (const i of indices) {
    node = nodes[i];
    if (node === undefined) return null;
    nodes = node.nodes;
  }
  return node ?? null;
}

/** The children under `path` (the section's own list for a bare section), or null when the place does not exist. */
export function ivrChildrenAt(config: IvrHotlineConfig, path: IvrPath): IvrNode[] | null {
  if (path.length === 1) return sectionNodes(config, path[0]);
  return (ivrNodeAt(config, path) as IvrNode | null)?.nodes ?? null;
}

/** The path of the node with `key` (a root key answers the root), or null. */
export function findIvrPath(config: IvrHotlineConfig, key: string): IvrPath | null {
  if (isIvrRootKey(key)) return [key];
  const search = (nodes: IvrNode[], at: IvrPath): IvrPath | null => {
    for (let i = 0; i < nodes.length; i++) {
      const here = [...at, i] as unknown as IvrPath;
      if (nodes[i]!.key === key) return here;
      const below = search(nodes[i]!.nodes, here);
      if (below !== null) return below;
    }
    return null;
  };
  for (const section of ['ivrRoutes', ...IVR_ROOT_KEYS] as const) {
    const found = search(sectionNodes(config, section), [section]);
    if (found !== null) return found;
  }
  return null;
}

/** Every node key in the tree, for a fresh one. */
function keysOf(config: IvrHotlineConfig): Set<string> {
  const keys = new Set<string>();
  const walk = (nodes: IvrNode[]) => {
    for (const node of nodes) {
      if (node.key) keys.add(node.key);
      walk(node.nodes);
    }
  };
  for (const section of ['ivrRoutes', ...IVR_ROOT_KEYS] as const) walk(sectionNodes(config, section));
  return keys;
}

/** A key no node of the tree has: `n1`, `n2`, … */
export function newIvrKey(config: IvrHotlineConfig): string {
  const taken = keysOf(config);
  let n = taken.size + 1;
  while (taken.has(`n${n}`)) n++;
  return `n${n}`;
}

/** The config with the children under `path` replaced (the path must exist). */
function replaceChildren(config: IvrHotlineConfig, path: IvrPath, change: (nodes: IvrNode[]) => IvrNode[]) {
  const [section, ...indices] = path;
  const rebuild = (nodes: IvrNode[], rest: number[]): IvrNode[] => {
    if (rest.length === 0) return change(nodes);
    const [i, ...more] = rest as [number, ...number[]];
    return nodes.map((node, j) => (j === i ? { ...node, nodes: rebuild(node.nodes, more) } : node));
  };
  return withSectionNodes(config, section, rebuild(sectionNodes(config, section), indices));
}

/**
 * Adds a node (default name 节点-N, a fresh key) at the end of the children of `parent` (a section, a root, or a
 * node). A parent that is gone answers 未找到该节点; one at the deepest level answers the depth limit.
 */
export function addIvrNode(config: IvrHotlineConfig, parent: IvrPath, node: Partial<IvrNode> = {}): IvrEdit {
  const children = ivrChildrenAt(config, parent);
  if (children === null) return { ok: false, config, message: IVR_MESSAGES.missing };
  if (parent.length - 1 >= NAV_LIMITS.ivrDepthMax) return { ok: false, config, message: IVR_MESSAGES.tooDeep };
  const added: IvrNode = {
    name: defaultNodeName(children.length + 1),
    type: 'ROUTE',
    nodes: [],
    ...node,
    key: node.key ?? newIvrKey(config),
  };
  return {
    ok: true,
    config: replaceChildren(config, parent, (nodes) => [...nodes, added]),
    path: [...parent, children.length] as unknown as IvrPath,
  };
}

/** Changes the fields of the node at `path` (name, code, dn); a node that is gone answers 未找到该节点. */
export function updateIvrNode(
  config: IvrHotlineConfig,
  path: IvrPath,
  patch: Partial<Pick<IvrNode, 'name' | 'code' | 'dn'>>,
): IvrEdit {
  if (path.length < 2 || ivrNodeAt(config, path) === null) return { ok: false, config, message: IVR_MESSAGES.missing };
  const parent = path.slice(0, -1) as unknown as IvrPath;
  const index = path[path.length - 1] as number;
  return {
    ok: true,
    config: replaceChildren(config, parent, (nodes) => nodes.map((n, i) => (i === index ? { ...n, ...patch } : n))),
    path,
  };
}

/**
 * Removes the node at `path`, or with `key`, and everything under it (spec §4, §5): the two fixed roots are refused,
 * a node that is gone answers 未找到该节点, success 删除成功.
 */
export function removeIvrNode(config: IvrHotlineConfig, at: IvrPath | string): IvrEdit {
  const path = typeof at === 'string' ? findIvrPath(config, at) : at;
  if (path !== null && isIvrRootPath(path)) return { ok: false, config, message: IVR_MESSAGES.rootFixed };
  if (path === null || path.length < 2 || ivrNodeAt(config, path) === null)
    return { ok: false, config, message: IVR_MESSAGES.missing };
  const parent = path.slice(0, -1) as unknown as IvrPath;
  const index = path[path.length - 1] as number;
  return {
    ok: true,
    config: replaceChildren(config, parent, (nodes) => nodes.filter((_, i) => i !== index)),
    path: parent,
    message: IVR_MESSAGES.removed,
  };
}

/** Moves the node at `path` to position `to` among its siblings (drag to reorder). */
export function moveIvrNode(config: IvrHotlineConfig, path: IvrPath, to: number): IvrEdit {
  if (path.length < 2 || ivrNodeAt(config, path) === null) return { ok: false, config, message: IVR_MESSAGES.missing };
  const parent = path.slice(0, -1) as unknown as IvrPath;
  const from = path[path.length - 1] as number;
  const siblings = ivrChildrenAt(config, parent)!;
  const target = Math.max(0, Math.min(siblings.length - 1, to));
  return {
    ok: true,
    config: replaceChildren(config, parent, (nodes) => {
      const next = [...nodes];
      const [moved] = next.splice(from, 1);
      next.splice(target, 0, moved!);
      return next;
    }),
    path: [...parent, target] as unknown as IvrPath,
  };
}
