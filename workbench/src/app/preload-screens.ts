import type { AreaKey } from '../router/route-types';
import { isPreloadable } from './lazy-screen';
import { findRoute, NAV } from './route-table';

/**
 * The screens of an area's side menu that the user may open and that load on first use (lazyScreen): the ones to
 * fetch ahead, so the first visit to each list does not wait for its chunks.
 */
export function menuScreensToPreload(area: AreaKey, can: (key: string | undefined) => boolean) {
  const entries = NAV.find((a) => a.key === area)?.entries ?? [];
  return entries
    .filter((entry) => can(entry.permission))
    .map((entry) => findRoute(entry.to.path)?.component)
    .filter(isPreloadable);
}

type IdleScheduler = {
  request: (run: () => void) => number;
  cancel: (handle: number) => void;
};

/** requestIdleCallback where the browser has it (not Safari), otherwise a short timeout. */
const idle: IdleScheduler =
  typeof globalThis.requestIdleCallback === 'function'
    ? {
        // the timeout: on a page that never idles, still start within 2 s
        request: (run) => globalThis.requestIdleCallback(run, { timeout: 2000 }),
        cancel: (handle) => globalThis.cancelIdleCallback(handle),
      }
    : { request: (run) => Number(setTimeout(run, 200)), cancel: (handle) => clearTimeout(handle) };

/**
 * After sign-in, once the browser is idle, fetches the chunks of the QC menu's screens the user may open. Returns
 * the cancel (sign-out before the idle moment).
 */
export function preloadQcScreens(can: (key: string | undefined) => boolean, scheduler: IdleScheduler = idle) {
  const handle = scheduler.request(() => {
    for (const screen of menuScreensToPreload('qc', can)) {
      // a failed fetch here costs nothing: opening the screen tries again and shows its own error
      screen.preload().catch(() => undefined);
    }
  });
  return () => scheduler.cancel(handle);
}
