import { beforeEach, describe, expect, it } from 'vitest';
import { formatHash, pageKey, parseHash } from '../src/router/location';
import {
  closeModal,
  navigate,
  setLeaveGuard,
  setModalParentResolver,
  syncFromHash,
  useRouterStore,
} from '../src/router/router-store';

/** Waits for the browser's history traversal that `closeModal` or `back` started, then follows it. */
async function traversed(): Promise<void> {
  await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  syncFromHash();
}

describe('hash router', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '#/qc/scheme/list');
    setModalParentResolver((path) => (path === '/qc/rule/config' ? { path: '/qc/rule/list', query: {} } : null));
    syncFromHash();
  });

  it('parses and formats paths with queries', () => {
    const location = parseHash('#/qc/scheme/config?id=7&targetType=AI&_modal=large');
    expect(location).toEqual({ path: '/qc/scheme/config', query: { id: '7', targetType: 'AI', _modal: 'large' } });
    expect(formatHash(location)).toBe('#/qc/scheme/config?id=7&targetType=AI&_modal=large');
    expect(pageKey(location)).toBe('#/qc/scheme/config?id=7&targetType=AI');
  });

  it('opens a _modal route over the page it came from and writes the hash', () => {
    navigate('/qc/scheme/list', { targetType: 'PERSON' });
    navigate('/qc/scheme/config', { id: 3, _modal: 'large' });
    const state = useRouterStore.getState();
    expect(window.location.hash).toBe('#/qc/scheme/config?id=3&_modal=large');
    expect(state.current.path).toBe('/qc/scheme/config');
    expect(state.background).toMatchObject({ path: '/qc/scheme/list', query: { targetType: 'PERSON' } });
    expect(state.openers).toEqual([
      { location: { path: '/qc/scheme/list', query: { targetType: 'PERSON' } }, steps: 1 },
    ]);
  });

  it('a modal opened directly lies over its route parent', () => {
    window.history.replaceState(null, '', '#/qc/rule/config?id=5&_modal=large');
    syncFromHash({ fresh: true });
    expect(useRouterStore.getState().background).toMatchObject({ path: '/qc/rule/list' });
  });

  it('_reload=list bumps the reload token, even for the same hash again', () => {
    const before = useRouterStore.getState().reloadToken;
    navigate('/qc/scheme/config', { id: 9, _reload: 'list', _modal: 'large' }, { replace: true });
    navigate('/qc/scheme/config', { id: 9, _reload: 'list', _modal: 'large' }, { replace: true });
    expect(useRouterStore.getState().reloadToken).toBe(before + 2);
  });

  it('closing a modal stacked on another returns to that one, and closing it to the page beneath', async () => {
    navigate('/qc/complaint', { status: 'PENDING' });
    navigate('/qc/complaint/detail', { id: 77, type: 'MANUAL', _modal: 'large' });
    navigate('/qc/complaint/approve-manual', { id: 's-1', complaintId: 77, _modal: 'large' });
    expect(useRouterStore.getState().background).toMatchObject({ path: '/qc/complaint' });
    const before = window.history.length;

    closeModal();
    await traversed();
    expect(window.location.hash).toBe('#/qc/complaint/detail?id=77&type=MANUAL&_modal=large');
    expect(useRouterStore.getState().current).toMatchObject({ path: '/qc/complaint/detail', query: { id: '77' } });
    expect(useRouterStore.getState().background).toMatchObject({ path: '/qc/complaint', query: { status: 'PENDING' } });

    // the detail, reached by going back, still knows where it was opened from
    closeModal();
    await traversed();
    expect(window.location.hash).toBe('#/qc/complaint?status=PENDING');
    expect(useRouterStore.getState().current.path).toBe('/qc/complaint');
    expect(useRouterStore.getState().background).toBeNull();
    expect(window.history.length).toBe(before);
  });

  it('a stacked modal saved back into the one it was opened from closes to the page beneath', async () => {
    navigate('/qc/complaint');
    navigate('/qc/complaint/detail', { id: 78, _modal: 'large' });
    navigate('/qc/complaint/approve-manual', { complaintId: 78, _modal: 'large' });
    // the save replaces the review by the detail again
    navigate('/qc/complaint/detail', { id: 78, _reload: 'list', _modal: 'large' }, { replace: true });
    expect(useRouterStore.getState().openers).toEqual([{ location: { path: '/qc/complaint', query: {} }, steps: 2 }]);
    closeModal();
    await traversed();
    expect(window.location.hash).toBe('#/qc/complaint');
    expect(useRouterStore.getState().background).toBeNull();
  });

  it('follows the back button', async () => {
    navigate('/qc/rule/list');
    navigate('/qc/rule/config', { id: 1, _modal: 'large' });
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    syncFromHash();
    expect(useRouterStore.getState().current.path).toBe('/qc/rule/list');
    expect(useRouterStore.getState().background).toBeNull();
  });
});

describe('hash router: reloads and unsaved edits (issue 15)', () => {
  const ruleParent = (path: string) => (path === '/qc/rule/config' ? { path: '/qc/rule/list', query: {} } : null);
  /** lets the answer of a leave guard's promise reach the router */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    window.history.replaceState(null, '', '#/qc/scheme/list');
    setModalParentResolver(ruleParent);
    syncFromHash();
  });

  it('a modal read from the address bar before the route table is known lies over its list once it is, and closes to it', () => {
    // the order of a page load: the router reads the hash when its module loads, the route table says parents later
    setModalParentResolver(() => null);
    window.history.replaceState(null, '', '#/qc/rule/config?id=5&_modal=large');
    syncFromHash({ fresh: true });
    expect(useRouterStore.getState().background).toBeNull();
    setModalParentResolver(ruleParent);
    expect(useRouterStore.getState().background).toMatchObject({ path: '/qc/rule/list', query: {} });
    closeModal();
    expect(window.location.hash).toBe('#/qc/rule/list');
    expect(useRouterStore.getState().current.path).toBe('/qc/rule/list');
  });

  it('asks the leave guard before leaving: stays on no, leaves on yes; force does not ask', async () => {
    navigate('/qc/rule/config', { id: 5 });
    let answer = false;
    let asked = 0;
    const remove = setLeaveGuard(() => {
      asked += 1;
      return Promise.resolve(answer);
    });
    try {
      navigate('/qc/rule/list');
      await settled();
      expect(asked).toBe(1);
      expect(window.location.hash).toBe('#/qc/rule/config?id=5');
      answer = true;
      navigate('/qc/rule/list');
      await settled();
      expect(window.location.hash).toBe('#/qc/rule/list');
      navigate('/qc/scheme/list', {}, { force: true });
      expect(asked).toBe(2);
      expect(window.location.hash).toBe('#/qc/scheme/list');
    } finally {
      remove();
    }
  });

  it('closing a modal asks the leave guard too', async () => {
    navigate('/qc/rule/config', { id: 6, _modal: 'large' }, { replace: true });
    const remove = setLeaveGuard(() => false);
    try {
      closeModal();
      await settled();
      expect(useRouterStore.getState().current).toMatchObject({ path: '/qc/rule/config', query: { id: '6' } });
    } finally {
      remove();
    }
  });
});
