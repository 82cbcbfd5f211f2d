/** A hash route: `#/qc/scheme/config?id=7&_modal=large` is `{path: '/qc/scheme/config', query: {id: '7', _modal: 'large'}}`. */
export interface RouteLocation {
  path: string;
  query: Readonly<Record<string, string>>;
}

export type ModalSize = 'small' | 'large' | 'full';

export function parseHash(hash: string): RouteLocation {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const [rawPath = '', rawQuery = ''] = splitOnce(text, '?');
  const path = rawPath === '' ? '/' : rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQuery)) query[key] = value;
  return { path, query };
}

export function formatHash(location: RouteLocation): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(location.query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, value);
  }
  const query = params.toString();
  return `#${location.path}${query === '' ? '' : `?${query}`}`;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

export function modalOf(location: RouteLocation): ModalSize | null {
  const size = location.query._modal;
  return size === 'small' || size === 'large' || size === 'full' ? size : null;
}

/** The spec's drawer widths (px, or 80 % of the window for navigation and service-time editors). */
export const DRAWER_WIDTHS = ['600', '736', '900', '80%'] as const;
export type DrawerWidth = (typeof DRAWER_WIDTHS)[number];

/** `_drawer=600|736|900|80%` opens the route as a drawer from the right over the page beneath. */
export function drawerOf(location: RouteLocation): DrawerWidth | null {
  const width = location.query._drawer;
  return (DRAWER_WIDTHS as readonly string[]).includes(width ?? '') ? (width as DrawerWidth) : null;
}

/** A route opened over the page beneath it: a modal (`_modal`) or a drawer (`_drawer`); null for a page. */
export type Overlay = { kind: 'modal'; size: ModalSize } | { kind: 'drawer'; width: DrawerWidth };

export function overlayOf(location: RouteLocation): Overlay | null {
  const size = modalOf(location);
  if (size) return { kind: 'modal', size };
  const width = drawerOf(location);
  return width ? { kind: 'drawer', width } : null;
}

const listPaths = new Set<string>();

/** The route table names the entity lists: they keep their place in the query and stay mounted while it changes. */
export function markListPaths(paths: Iterable<string>): void {
  for (const path of paths) listPaths.add(path);
}

export function isListPath(path: string): boolean {
  return listPaths.has(path);
}

/**
 * The identity of a page for keeping it mounted: its path and query without the router's own flags. A list is its
 * path alone, as its query is only its place (filters, page), which it follows while staying mounted.
 */
export function pageKey(location: RouteLocation): string {
  const query: Record<string, string> = {};
  if (listPaths.has(location.path)) return formatHash({ path: location.path, query });
  for (const [key, value] of Object.entries(location.query)) {
    if (key !== '_modal' && key !== '_drawer' && key !== '_reload') query[key] = value;
  }
  return formatHash({ path: location.path, query });
}

export type QueryInput = Record<string, string | number | boolean | null | undefined>;

export function toQuery(input: QueryInput | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return query;
}
