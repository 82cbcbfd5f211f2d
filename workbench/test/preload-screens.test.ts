import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPreloadable, lazyScreen } from '../src/app/lazy-screen';
import { menuScreensToPreload, preloadQcScreens } from '../src/app/preload-screens';
import { findRoute, NAV } from '../src/app/route-table';
import { ENTITY_REGISTRY } from '../src/entities/registry';

const qcEntries = NAV.find((a) => a.key === 'qc')!.entries;
const lazyQcScreens = qcEntries.map((e) => findRoute(e.to.path)?.component).filter(isPreloadable);
const aiResultEntry = qcEntries.find((e) => e.to.path === ENTITY_REGISTRY['qc-ai-result'].description.listPath)!;

/** An idle scheduler the test runs by hand. */
function manualIdle() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    request: (run: () => void) => {
      pending.set(next, run);
      return next++;
    },
    cancel: (handle: number) => pending.delete(handle),
    runAll: () => {
      for (const run of pending.values()) run();
      pending.clear();
    },
  };
}

/** A screen that renders nothing, for lazyScreen's own test. */
const Screen = () => null;

afterEach(() => vi.restoreAllMocks());

describe('fetching the QC menu screens ahead (issue 15, defect 11)', () => {
  it('every QC menu screen is in the first bundle or can be fetched ahead (lazyScreen, not lazy)', () => {
    for (const entry of qcEntries) {
      const component = findRoute(entry.to.path)?.component;
      expect(component, entry.to.path).toBeDefined();
      // a component function is in the first bundle; a React.lazy object without preload would load on first visit
      expect(typeof component === 'function' || isPreloadable(component), `${entry.to.path}: use lazyScreen`).toBe(
        true,
      );
    }
    expect(lazyQcScreens.length).toBeGreaterThan(0);
  });

  it('after sign-in, once the browser is idle, fetches the screens the user may open and no others', () => {
    const spies = lazyQcScreens.map((screen) => vi.spyOn(screen, 'preload').mockResolvedValue(undefined));
    const idle = manualIdle();
    // an agent: of the QC menu, only what his AI-result key opens
    const can = (key: string | undefined) => !key || key === aiResultEntry.permission;
    preloadQcScreens(can, idle);
    expect(spies.every((s) => s.mock.calls.length === 0)).toBe(true);
    idle.runAll();
    const mayOpen = qcEntries.filter((e) => can(e.permission)).map((e) => findRoute(e.to.path)!.component);
    expect(mayOpen).toContain(findRoute(aiResultEntry.to.path)!.component);
    expect(mayOpen.length).toBeLessThan(qcEntries.length);
    for (const [i, screen] of lazyQcScreens.entries())
      expect(spies[i]!.mock.calls.length, String(i)).toBe(mayOpen.includes(screen) ? 1 : 0);
  });

  it('fetches every lazy QC menu screen for a user who may open them all', () => {
    expect(menuScreensToPreload('qc', () => true)).toEqual(lazyQcScreens);
    const spies = lazyQcScreens.map((screen) => vi.spyOn(screen, 'preload').mockResolvedValue(undefined));
    const idle = manualIdle();
    preloadQcScreens(() => true, idle);
    idle.runAll();
    expect(spies.map((s) => s.mock.calls.length)).toEqual(lazyQcScreens.map(() => 1));
  });

  it('fetches nothing when the user signs out before the browser is idle', () => {
    const spies = lazyQcScreens.map((screen) => vi.spyOn(screen, 'preload').mockResolvedValue(undefined));
    const idle = manualIdle();
    const cancel = preloadQcScreens(() => true, idle);
    cancel();
    idle.runAll();
    expect(spies.every((s) => s.mock.calls.length === 0)).toBe(true);
  });

  it('a screen fetched ahead loads once; a failed fetch is tried again on the next use', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Screen });
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toThrow('offline');
    await expect(screen.preload()).resolves.toEqual({ default: Screen });
    await screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
