import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from './client';

export interface Loaded<T> {
  /** the last answer (kept while a reload runs, so a list does not blank out under its overlay) */
  data: T | null;
  /** the failure's text, shown in the screen's banner; null after a successful load */
  error: string | null;
  loading: boolean;
  /** runs the load again with the same inputs */
  reload: () => void;
  /** replaces the data in place (e.g. after a save answered the new record) */
  setData: (data: T | null) => void;
}

export interface LoadOptions<T> {
  /** false: nothing is loaded (e.g. a create form has no record) and `loading` is false */
  enabled?: boolean;
  /** called with each answer that is still wanted, before it is shown (e.g. to fill a form from the record) */
  onLoad?: (data: T) => void;
  /** called with the failure's text (e.g. to put it in a banner the user can close) */
  onError?: (error: string) => void;
}

/**
 * Loads what a screen shows, again whenever `deps` change or `reload` is called. An answer that arrives after its
 * inputs changed (or the screen closed) is dropped, so a slow old answer never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList, options: LoadOptions<T> = {}): Loaded<T> {
  const enabled = options.enabled ?? true;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [round, setRound] = useState(0);
  // the latest callbacks, without making them inputs of the load
  const latest = useRef({ load, onLoad: options.onLoad, onError: options.onError });
  latest.current = { load, onLoad: options.onLoad, onError: options.onError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps and the reload round are the inputs
  useEffect(() => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    latest.current
      .load()
      .then((answer) => {
        if (!live) return;
        latest.current.onLoad?.(answer);
        setData(answer);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setError(errorText(e));
        latest.current.onError?.(errorText(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [...deps, enabled, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}
