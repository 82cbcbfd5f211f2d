import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteLocation } from '../router/location';

/** What every route's screen takes. */
type Screen = ComponentType<{ location: RouteLocation }>;

/** A screen loaded on first use (React.lazy) that can also be fetched ahead, before anyone opens it. */
export type PreloadableScreen<T extends Screen> = LazyExoticComponent<T> & {
  /** starts loading the screen's chunks (once); opening the screen later renders without waiting for them */
  preload: () => Promise<unknown>;
};

export function lazyScreen<T extends Screen>(load: () => Promise<{ default: T }>): PreloadableScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    // a failed fetch is not kept: the next open (or preload) fetches again
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}

export function isPreloadable<C>(component: C): component is C & { preload: () => Promise<unknown> } {
  return (
    typeof component === 'object' &&
    component !== null &&
    typeof (component as { preload?: unknown }).preload === 'function'
  );
}
