import { Button, Group, Switch } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/locale-store';
import { streamSource } from './live-updates';

/**
 * Where a monitor hears that the desk changed: a function that calls `onChange` whenever it may have, and answers
 * how to stop: the server-sent events of GET /v3/chats/monitor/stream by default (live-updates.ts), polling every
 * few seconds while the stream is down.
 */
export type LiveSource = (onChange: () => void) => () => void;

/** every few seconds (the spec shows no interval; the button stays the way the spec refreshes) */
export const LIVE_POLL_MS = 5000;

export function pollingSource(intervalMs: number = LIVE_POLL_MS): LiveSource {
  return (onChange) => {
    const timer = setInterval(onChange, intervalMs);
    return () => clearInterval(timer);
  };
}

// null: the desk's event stream (GET /v3/chats/monitor/stream), which polls by itself while the stream is down
let defaultSource: LiveSource | null = null;
/** Replaces the source every monitor follows (a test's manual trigger or plain polling); null: the stream again. */
export function setLiveSource(source: LiveSource | null): void {
  defaultSource = source;
}

/** While `live` is on, reloads whenever the source says the desk changed. */
export function useLiveRefresh(reload: () => void, live: boolean, source?: LiveSource): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!live) return;
    return (source ?? defaultSource ?? streamSource())(() => latest.current());
  }, [live, source]);
}

/** The monitors' refresh button and live-updates switch. */
export function RefreshControls({
  onRefresh,
  live,
  onLive,
  loading,
}: {
  onRefresh: () => void;
  live?: boolean;
  onLive?: (live: boolean) => void;
  loading?: boolean;
}) {
  const t = useT();
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={onRefresh}
        loading={loading}
        data-testid="monitor-refresh"
      >
        {t('monitor.refresh')}
      </Button>
      {onLive && (
        <Switch
          checked={live ?? false}
          onChange={(e) => onLive(e.currentTarget.checked)}
          label={t('monitor.live')}
          title={t('monitor.liveHint')}
          data-testid="monitor-live"
        />
      )}
    </Group>
  );
}
