import { beforeEach, describe, expect, it } from 'vitest';
import { formatHash, pageKey, parseHash } from '../src/router/location';
import { navigate, setModalParentResolver, syncFromHash, useRouterStore } from '../src/router/router-store';

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
    expect(state.modalDepth).toBe(1);
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
