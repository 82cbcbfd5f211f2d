import { create } from 'zustand';
import { formatHash, modalOf, parseHash, type QueryInput, type RouteLocation, toQuery } from './location';

/** A location as the router holds it: `key` changes on every navigation, so forms reopen fresh after a save. */
export interface RouterEntry extends RouteLocation {
  key: number;
}

interface RouterState {
  current: RouterEntry;
  /** the page under a modal route (kept mounted), or null when the current route is not a modal */
  background: RouterEntry | null;
  /** bumped by every location carrying `_reload=list`; lists reload when it changes */
  reloadToken: number;
  /** in-app pushes since the background page; closing a modal goes back that many entries */
  modalDepth: number;
}

let counter = 0;
let lastApplied = '';
let parentOf: (path: string) => RouteLocation | null = () => null;

/** The route table tells the router which list lies under a modal opened directly (a reload, a shared link). */
export function setModalParentResolver(resolver: (path: string) => RouteLocation | null): void {
  parentOf = resolver;
}

function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash;
}

function entryOf(location: RouteLocation): RouterEntry {
  counter += 1;
  return { ...location, key: counter };
}

export const useRouterStore = create<RouterState>(() => {
  const first = entryOf(parseHash(currentHash()));
  const background = modalOf(first) ? backgroundFor(first, null, null) : null;
  return {
    current: first,
    background,
    reloadToken: 0,
    modalDepth: 0,
  };
});

function backgroundFor(
  next: RouteLocation,
  previous: RouterEntry | null,
  previousBackground: RouterEntry | null,
): RouterEntry | null {
  // A modal over a modal keeps the page that was under the first one; a modal never lies over its own route.
  const candidate = previous && previous.path !== '/' && !modalOf(previous) ? previous : previousBackground;
  if (candidate && candidate.path !== next.path) return candidate;
  const parent = parentOf(next.path);
  return parent ? entryOf(parent) : null;
}

type How = 'push' | 'replace' | 'external';

function apply(location: RouteLocation, how: How): void {
  const state = useRouterStore.getState();
  const next = entryOf(location);
  const isModal = modalOf(next) !== null;
  const background = isModal ? backgroundFor(next, state.current, state.background) : null;
  let modalDepth = 0;
  if (isModal) {
    if (how === 'push') modalDepth = modalOf(state.current) ? state.modalDepth + 1 : 1;
    else if (how === 'replace') modalDepth = state.modalDepth;
  }
  useRouterStore.setState({
    current: next,
    background,
    modalDepth,
    reloadToken: next.query._reload === 'list' ? state.reloadToken + 1 : state.reloadToken,
  });
}

/** Goes to a route. Same hash again still applies (a save that reopens its own form must reload the list). */
export function navigate(path: string, query?: QueryInput, options: { replace?: boolean } = {}): void {
  const location = { path, query: toQuery(query) };
  const hash = formatHash(location);
  apply(location, options.replace ? 'replace' : 'push');
  lastApplied = hash;
  if (typeof window === 'undefined' || currentHash() === hash) return;
  if (options.replace) window.history.replaceState(window.history.state, '', hash);
  else window.history.pushState(window.history.state, '', hash);
}

export function navigateTo(location: RouteLocation, options: { replace?: boolean } = {}): void {
  navigate(location.path, location.query, options);
}

/** Closes the current modal: back through the in-app history when we pushed it, else to the page beneath. */
export function closeModal(): void {
  const { background, modalDepth } = useRouterStore.getState();
  if (modalDepth > 0 && typeof window !== 'undefined') {
    // the hashchange/popstate listener applies the page we return to
    window.history.go(-modalDepth);
    return;
  }
  const target = background ?? { path: '/', query: {} };
  navigate(target.path, target.query, { replace: true });
}

/** Follows the address bar: back/forward buttons and typed hashes. */
export function startHashListener(): () => void {
  const onChange = () => {
    const hash = currentHash();
    if (hash === lastApplied) return;
    lastApplied = hash;
    apply(parseHash(hash), 'external');
  };
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  lastApplied = currentHash();
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/** Re-reads the address bar; `fresh` as on page load, with no page before it (tests set the hash directly). */
export function syncFromHash(options: { fresh?: boolean } = {}): void {
  lastApplied = currentHash();
  if (options.fresh) useRouterStore.setState({ current: entryOf({ path: '/', query: {} }), background: null });
  apply(parseHash(lastApplied), 'external');
}

export function useLocation(): RouterEntry {
  return useRouterStore((s) => s.current);
}

export function useReloadToken(): number {
  return useRouterStore((s) => s.reloadToken);
}
