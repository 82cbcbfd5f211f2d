import { create } from 'zustand';
import { formatHash, isListPath, overlayOf, parseHash, type QueryInput, type RouteLocation, toQuery } from './location';

/** A location as the router holds it: `key` changes on every navigation, so forms reopen fresh after a save. */
export interface RouterEntry extends RouteLocation {
  key: number;
}

/** A route a modal was opened from, `steps` history entries back from the current one. */
export interface Opener {
  location: RouteLocation;
  steps: number;
}

interface RouterState {
  current: RouterEntry;
  /** the page under a modal route (kept mounted), or null when the current route is not a modal */
  background: RouterEntry | null;
  /** bumped by every location carrying `_reload=list`; lists reload when it changes */
  reloadToken: number;
  /**
   * the routes the current modal was opened from, nearest last (the page beneath, then each modal stacked on it);
   * closing the modal goes back to the nearest. Kept in each history entry's state, so back and forward restore it.
   */
  openers: Opener[];
}

let counter = 0;
let lastApplied = '';
let parentOf: (path: string) => RouteLocation | null = () => null;

/**
 * The route table tells the router which list lies under a modal opened directly (a reload, a shared link). The store
 * reads the address bar when this module loads, before the route table has said so: a modal found there without a page
 * beneath gets its parent now (issue 15, defect 4: a reloaded detail showed a blank page and closed to the home).
 */
export function setModalParentResolver(resolver: (path: string) => RouteLocation | null): void {
  parentOf = resolver;
  const { current, background } = useRouterStore.getState();
  if (background === null && overlayOf(current)) {
    const parent = parentOf(current.path);
    if (parent) useRouterStore.setState({ background: entryOf(parent) });
  }
}

/**
 * Asked before the app leaves the current route (a form with unsaved edits): true to leave, false to stay, or the
 * user's answer. Only in-app navigation asks; the browser's own back button and reload are the page's business
 * (`beforeunload`).
 */
export type LeaveGuard = () => boolean | Promise<boolean>;
let leaveGuard: LeaveGuard | null = null;

/** Installs the guard; answers the function that removes it (if it is still the one installed). */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = null;
  };
}

function whenMayLeave(go: () => void): void {
  const answer = leaveGuard ? leaveGuard() : true;
  if (answer === true) go();
  else if (answer !== false) void answer.then((ok) => ok && go());
}

function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash;
}

const OPENERS = 'qcdeskOpeners';

/** The openers kept in the current history entry's state by `navigate` (none for a typed or first hash). */
function openersInHistory(): Opener[] {
  if (typeof window === 'undefined') return [];
  const kept = (window.history.state as Record<string, unknown> | null)?.[OPENERS];
  if (!Array.isArray(kept)) return [];
  return kept.filter(
    (o): o is Opener =>
      typeof o === 'object' &&
      o !== null &&
      typeof o.steps === 'number' &&
      o.steps > 0 &&
      typeof o.location === 'object',
  );
}

function historyStateWith(openers: Opener[]): Record<string, unknown> {
  const state = typeof window === 'undefined' ? null : (window.history.state as Record<string, unknown> | null);
  return { ...(state && typeof state === 'object' ? state : {}), [OPENERS]: openers };
}

function entryOf(location: RouteLocation): RouterEntry {
  counter += 1;
  return { ...location, key: counter };
}

export const useRouterStore = create<RouterState>(() => {
  const first = entryOf(parseHash(currentHash()));
  const background = overlayOf(first) ? backgroundFor(first, null, null) : null;
  return {
    current: first,
    background,
    reloadToken: 0,
    openers: background ? openersInHistory() : [],
  };
});

function backgroundFor(
  next: RouteLocation,
  previous: RouterEntry | null,
  previousBackground: RouterEntry | null,
): RouterEntry | null {
  // A modal over a modal keeps the page that was under the first one; a modal never lies over its own route.
  const candidate = previous && previous.path !== '/' && !overlayOf(previous) ? previous : previousBackground;
  if (candidate && candidate.path !== next.path) return candidate;
  const parent = parentOf(next.path);
  return parent ? entryOf(parent) : null;
}

type How = 'push' | 'replace' | 'external';

function withoutFlags(location: RouteLocation): RouteLocation {
  return { path: location.path, query: location.query };
}

/** Where closing the modal `next` returns to, as it is reached `how`. */
function openersFor(next: RouteLocation, how: How, state: RouterState): Opener[] {
  if (!overlayOf(next)) return [];
  if (how === 'external') return openersInHistory();
  const { current, openers } = state;
  if (how === 'push') {
    if (!overlayOf(current)) return current.path === '/' ? [] : [{ location: withoutFlags(current), steps: 1 }];
    // a modal over a modal: closing it returns to the one beneath, closing that to what it was opened from
    return [...openers.map((o) => ({ ...o, steps: o.steps + 1 })), { location: withoutFlags(current), steps: 1 }];
  }
  // a modal that replaces itself by the route it was opened from (a save back to the detail) is that route again
  const nearest = openers.at(-1);
  return nearest && nearest.location.path === next.path ? openers.slice(0, -1) : openers;
}

/** The last place of each list this session (its query by path), for the side menu to bring it back. */
const lastPlaces = new Map<string, Readonly<Record<string, string>>>();

function rememberPlace(location: RouteLocation): void {
  if (overlayOf(location) || !isListPath(location.path)) return;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(location.query)) if (!key.startsWith('_')) query[key] = value;
  lastPlaces.set(location.path, query);
}

/**
 * Where a side-menu entry leads: the list as it was last left this session (its filters, page, sort), or the entry
 * itself. A remembered place that contradicts the entry's own query (another tab) is not used.
 */
export function lastPlaceOf(entry: RouteLocation): RouteLocation {
  const kept = lastPlaces.get(entry.path);
  if (kept === undefined) return entry;
  for (const [key, value] of Object.entries(entry.query)) if (kept[key] !== value) return entry;
  return { path: entry.path, query: kept };
}

/** Forgets the remembered places (signing out, tests). */
export function forgetPlaces(): void {
  lastPlaces.clear();
}

function apply(location: RouteLocation, how: How): void {
  const state = useRouterStore.getState();
  rememberPlace(location);
  const next = entryOf(location);
  const isModal = overlayOf(next) !== null;
  const background = isModal ? backgroundFor(next, state.current, state.background) : null;
  useRouterStore.setState({
    current: next,
    background,
    openers: openersFor(next, how, state),
    reloadToken: next.query._reload === 'list' ? state.reloadToken + 1 : state.reloadToken,
  });
}

/**
 * Goes to a route. Same hash again still applies (a save that reopens its own form must reload the list). A form
 * with unsaved edits is asked first (`setLeaveGuard`), unless `force`.
 */
export function navigate(path: string, query?: QueryInput, options: { replace?: boolean; force?: boolean } = {}): void {
  if (!options.force) {
    whenMayLeave(() => navigate(path, query, { ...options, force: true }));
    return;
  }
  const location = { path, query: toQuery(query) };
  const hash = formatHash(location);
  // the same hash again adds no history entry
  const how = options.replace || currentHash() === hash ? 'replace' : 'push';
  apply(location, how);
  lastApplied = hash;
  if (typeof window === 'undefined') return;
  const state = historyStateWith(useRouterStore.getState().openers);
  if (how === 'replace') window.history.replaceState(state, '', hash);
  else window.history.pushState(state, '', hash);
}

export function navigateTo(location: RouteLocation, options: { replace?: boolean } = {}): void {
  navigate(location.path, location.query, options);
}

/**
 * Closes the current modal: back through the in-app history to the route it was opened from (the modal beneath a
 * stacked one, else the page), or, for a modal opened directly (a reload, a shared link), to the page beneath.
 */
export function closeModal(): void {
  whenMayLeave(leaveModal);
}

function leaveModal(): void {
  const { background, openers } = useRouterStore.getState();
  const opener = openers.at(-1);
  if (opener && typeof window !== 'undefined') {
    // the hashchange/popstate listener applies the route we return to, and its entry's openers
    window.history.go(-opener.steps);
    return;
  }
  const target = background ?? { path: '/', query: {} };
  navigate(target.path, target.query, { replace: true, force: true });
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
