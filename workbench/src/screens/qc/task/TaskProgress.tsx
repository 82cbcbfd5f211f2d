import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { useApi } from '../../../api/api-context';
import type { ApiClient } from '../../../api/client';
import type { TaskProgressRecord, TaskRecord } from '../../../entities/qc-task';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';

/** How often a running task's progress is asked for. */
export const PROGRESS_POLL_MS = 1000;

/** Bumped for the tasks just started, so their progress cells poll again. */
export const useTaskRunStore = create<{ started: Record<string, number> }>(() => ({ started: {} }));

export function markTasksStarted(ids: readonly (string | number)[]): void {
  useTaskRunStore.setState((s) => {
    const started = { ...s.started };
    for (const id of ids) started[String(id)] = (started[String(id)] ?? 0) + 1;
    return { started };
  });
}

export function fetchProgress(client: ApiClient, taskId: string): Promise<TaskProgressRecord> {
  return client.request<TaskProgressRecord>({ path: '/v3/chats/qc-task/progress', query: { taskId } });
}

/** Whether a run is (or is about to be) under way: running, or an active task with sessions still pending. */
export function isInProgress(progress: TaskProgressRecord | null | undefined, status: string | null | undefined) {
  if (!progress) return false;
  return progress.state === 'RUNNING' || (status === 'ACTIVE' && progress.pending > 0 && progress.state !== 'FAILED');
}

const STATE_COLORS: Record<string, string> = { IDLE: 'gray', RUNNING: 'blue', DONE: 'green', FAILED: 'red' };
const STATE_KEYS: Record<string, MessageKey> = {
  IDLE: 'task.state.IDLE',
  RUNNING: 'task.state.RUNNING',
  DONE: 'task.state.DONE',
  FAILED: 'task.state.FAILED',
};

/** The progress of one task's run: state, a bar and done/total; polls the server while the run goes on. */
export function TaskProgress({ task }: { task: TaskRecord }) {
  const client = useApi();
  const { t } = useI18n();
  const started = useTaskRunStore((s) => s.started[task.id] ?? 0);
  const [progress, setProgress] = useState<TaskProgressRecord | null>(task.progress ?? null);
  const [polling, setPolling] = useState(() => isInProgress(task.progress, task.status) || started > 0);

  useEffect(() => {
    setProgress(task.progress ?? null);
    if (isInProgress(task.progress, task.status)) setPolling(true);
  }, [task.progress, task.status]);

  useEffect(() => {
    if (started > 0) setPolling(true);
  }, [started]);

  useEffect(() => {
    if (!polling) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const next = await fetchProgress(client, task.id);
        if (!live) return;
        setProgress(next);
        if (!isInProgress(next, task.status) && next.state !== 'RUNNING') {
          setPolling(false);
          return;
        }
      } catch {
        if (!live) return;
      }
      timer = setTimeout(tick, PROGRESS_POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [client, polling, task.id, task.status]);

  const percent = useMemo(
    () => (progress && progress.total > 0 ? Math.round(((progress.done + progress.failed) / progress.total) * 100) : 0),
    [progress],
  );
  if (!progress) return <Text span>--</Text>;
  const stateKey = STATE_KEYS[progress.state];
  const state = (
    <Badge variant="light" color={STATE_COLORS[progress.state] ?? 'gray'} data-testid="task-state">
      {stateKey ? t(stateKey) : progress.state}
    </Badge>
  );
  return (
    <Stack gap={4} miw={160} data-testid="task-progress" aria-busy={progress.state === 'RUNNING'}>
      <Group gap="xs" wrap="nowrap">
        {progress.error ? (
          <Tooltip label={progress.error} withArrow>
            {state}
          </Tooltip>
        ) : (
          state
        )}
        <Text size="xs" c="dimmed">
          {t('task.progressCount', { done: progress.done, total: progress.total })}
          {progress.failed > 0 ? ` · ${t('task.progressFailed', { failed: progress.failed })}` : ''}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="sm"
        animated={progress.state === 'RUNNING'}
        color={progress.failed > 0 ? 'orange' : undefined}
        aria-label={t('task.progress')}
      />
    </Stack>
  );
}
