import type { LiveChange, LiveChangeKind } from '@qcdesk/contracts';
import { useEffect, useRef } from 'react';
import { LIVE_POLL_MS, type LiveSource } from './live-refresh';

/** The monitors' change notices (server-sent events, see the server's routes/monitor-live). */
export const LIVE_STREAM_PATH = '/v3/chats/monitor/stream';
/** A burst of notices reloads a screen once per this many ms at most (the last notice always reloads). */
export const LIVE_THROTTLE_MS = 1000;

/** The part of the browser's EventSource the stream uses (a test passes its own). */
export interface StreamLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
  onerror: ((event: unknown) => void) | null;
}
export type StreamFactory = (url: string) => StreamLike;

const CLOSED = 2;

type Subscriber = {
  readonly kinds: ReadonlySet<LiveChangeKind>;
  readonly onChange: (change: LiveChange | null) => void;
  /** the stream failed: the subscriber polls meanwhile */
  readonly onFallback: (failed: boolean) => void;
};

/**
 * One connection to the stream for the whole page, shared by every monitor that follows it; closed when the last
 * one stops. Notices go to subscribers of their kind. While the stream is down (signed out, a proxy that cuts
 * long requests, no EventSource) subscribers fall back to polling; when it opens again they follow it again.
 */
class SharedStream {
  private stream: StreamLike | null = null;
  private failed = false;
  private readonly subscribers = new Set<Subscriber>();

  constructor(private readonly factory: () => StreamFactory | null) {}

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    if (this.stream === null) this.open();
    else if (this.failed) subscriber.onFallback(true);
    return () => {
      this.subscribers.delete(subscriber);
      subscriber.onFallback(false);
      if (this.subscribers.size === 0) this.close();
    };
  }

  private open(): void {
    const make = this.factory();
    if (make === null) {
      this.setFailed(true);
      return;
    }
    const stream = make(LIVE_STREAM_PATH);
    this.stream = stream;
    stream.addEventListener('ready', () => this.setFailed(false));
    stream.addEventListener('change', (event) => {
      let change: LiveChange | null = null;
      try {
        change = JSON.parse(String(event.data)) as LiveChange;
      } catch {
        return;
      }
      for (const s of this.subscribers) if (s.kinds.has(change.kind)) s.onChange(change);
    });
    stream.onerror = () => {
      // the browser retries a dropped stream by itself (CONNECTING); CLOSED (401, 403, not event-stream) is final
      this.setFailed(true);
      if (stream.readyState === CLOSED) {
        stream.close();
        this.stream = null;
        // try again later (meanwhile the subscribers poll), not in a tight loop
        setTimeout(() => {
          if (this.subscribers.size > 0 && this.stream === null) this.open();
        }, LIVE_POLL_MS * 6);
      }
    };
  }

  private close(): void {
    this.stream?.close();
    this.stream = null;
    this.failed = false;
  }

  private setFailed(failed: boolean): void {
    if (this.failed === failed) return;
    this.failed = failed;
    for (const s of this.subscribers) s.onFallback(failed);
  }
}

const browserFactory = (): StreamFactory | null => {
  const Source = (globalThis as { EventSource?: new (url: string, init?: { withCredentials?: boolean }) => StreamLike })
    .EventSource;
  return Source === undefined ? null : (url) => new Source(url, { withCredentials: true });
};

let shared = new SharedStream(browserFactory);
/** Tests: the stream made by `factory` (a fake EventSource), or the browser's again (no argument). */
export function setStreamFactory(factory?: StreamFactory | null): void {
  shared = new SharedStream(factory === undefined ? browserFactory : () => factory);
}

/**
 * Follows the desk's changes of `kinds`: `onChange` is called on each notice (throttled to one call a second,
 * the last notice always answered), or every `pollMs` while the stream is down. Answers the way to stop.
 */
export function followLiveUpdates(
  kinds: readonly LiveChangeKind[],
  onChange: (change: LiveChange | null) => void,
  options: { pollMs?: number; throttleMs?: number } = {},
): () => void {
  const pollMs = options.pollMs ?? LIVE_POLL_MS;
  const throttleMs = options.throttleMs ?? LIVE_THROTTLE_MS;
  let poll: ReturnType<typeof setInterval> | null = null;
  let last = 0;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  let pending: LiveChange | null = null;
  const fire = (change: LiveChange | null) => {
    if (trailing !== null) {
      pending = change;
      return;
    }
    const wait = last + throttleMs - Date.now();
    if (wait <= 0) {
      last = Date.now();
      onChange(change);
      return;
    }
    pending = change;
    trailing = setTimeout(() => {
      trailing = null;
      last = Date.now();
      onChange(pending);
    }, wait);
  };
  const stop = shared.subscribe({
    kinds: new Set(kinds),
    onChange: fire,
    onFallback: (failed) => {
      if (failed && poll === null) poll = setInterval(() => onChange(null), pollMs);
      if (!failed && poll !== null) {
        clearInterval(poll);
        poll = null;
      }
    },
  });
  return () => {
    stop();
    if (poll !== null) clearInterval(poll);
    if (trailing !== null) clearTimeout(trailing);
  };
}

/**
 * A monitor's live updates as a hook: while `enabled`, `onChange` runs when the desk changes in one of `kinds`
 * (server-sent events), or every few seconds when the stream is unavailable.
 */
export function useLiveUpdates(
  kinds: readonly LiveChangeKind[],
  onChange: (change: LiveChange | null) => void,
  options: { enabled?: boolean; pollMs?: number } = {},
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = [...kinds].sort().join(',');
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    return followLiveUpdates(key.split(',') as LiveChangeKind[], (change) => latest.current(change), {
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    });
  }, [key, enabled, options.pollMs]);
}

/** The stream as a source for the monitors' `useLiveRefresh` (live-refresh.tsx: `setLiveSource(streamSource())`). */
export function streamSource(kinds: readonly LiveChangeKind[] = ['agent', 'session', 'alarm', 'queue']): LiveSource {
  return (onChange) => followLiveUpdates(kinds, () => onChange());
}
