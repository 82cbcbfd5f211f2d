import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { censorRescanBodySchema, toFieldErrors } from '@qcdesk/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { ApiError, errorText } from '../../api/client';
import { DirectorySelect } from '../../entity/DirectorySelect';
import { useI18n } from '../../i18n/locale-store';
import { DateTimeField } from '../../ui/DateTimeField';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifySuccess } from '../../ui/notify';
import { fromInputTime } from '../../ui/times';
import { useJobProgress } from './use-job-progress';

interface RangeDraft {
  timeFrom: string;
  timeTo: string;
  lineId: string;
}

/**
 * 重新扫描: the current ACTIVE libraries applied again to the messages sent in a chosen time (on one line or all),
 * for a library added or changed after those messages came in. The range is checked by the contract (both ends,
 * in order) at its fields; once started, the dialog shows how many messages are done, and the list reloads when
 * the rescan is finished.
 */
export function CensorRescan({ lineId, onDone }: { lineId: string; onDone: () => void }) {
  const client = useApi();
  const { t, locale } = useI18n();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<RangeDraft>({ timeFrom: '', timeTo: '', lineId });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const { progress, error } = useJobProgress(client, '/v3/system/censor-log/rescan/progress', jobId);
  const told = useRef<string | null>(null);

  const done = progress?.state === 'DONE' && progress.jobId === jobId;
  const running = jobId !== null && !done && progress?.state !== 'FAILED' && error === null;
  useEffect(() => {
    if (done && jobId !== null && told.current !== jobId) {
      told.current = jobId;
      notifySuccess();
      onDone();
    }
  }, [done, jobId, onDone]);

  const open = () => {
    setDraft((d) => ({ ...d, lineId }));
    setErrors({});
    setFailure(null);
    setJobId(null);
    setOpened(true);
  };
  const set = (change: Partial<RangeDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  };

  const start = async () => {
    const checked = censorRescanBodySchema.safeParse({
      timeFrom: fromInputTime(draft.timeFrom),
      timeTo: fromInputTime(draft.timeTo),
      lineId: draft.lineId || undefined,
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const problem of toFieldErrors(checked.error, locale)) found[problem.field] ??= problem.message;
      setErrors(found);
      return;
    }
    setFailure(null);
    setStarting(true);
    try {
      const started = await call(client, '/v3/system/censor-log/rescan', { body: checked.data });
      setJobId(started.jobId);
    } catch (e) {
      if (e instanceof ApiError && e.field && e.field in draft) setErrors({ [e.field]: errorText(e) });
      else setFailure(errorText(e));
    } finally {
      setStarting(false);
    }
  };

  const failed = failure ?? error ?? (progress?.state === 'FAILED' ? (progress.error ?? '') : null);
  return (
    <>
      <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={open}>
        {t('censorLog.rescan')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('censorLog.rescanTitle')}
        closeOnClickOutside={false}
        zIndex={300}
      >
        <Stack gap="sm" data-testid="censor-rescan">
          <Text size="sm" c="dimmed">
            {t('censorLog.rescanHint')}
          </Text>
          <Group grow align="flex-start">
            <DateTimeField
              label={t('censorLog.timeFrom')}
              withAsterisk
              value={draft.timeFrom}
              error={errors.timeFrom}
              disabled={running}
              onChange={(timeFrom) => set({ timeFrom })}
            />
            <DateTimeField
              label={t('censorLog.timeTo')}
              withAsterisk
              dayTime="23:59"
              value={draft.timeTo}
              error={errors.timeTo}
              disabled={running}
              onChange={(timeTo) => set({ timeTo })}
            />
          </Group>
          <DirectorySelect
            kind="LINE"
            label={t('censorLog.rescanLine')}
            value={draft.lineId}
            error={errors.lineId}
            onChange={(id) => set({ lineId: id })}
          />
          {failed !== null && <FormErrorBanner error={t('censorLog.rescanFailed', { reason: failed })} />}
          {jobId !== null && failed === null && (
            <Stack gap={4}>
              <Progress
                value={done ? 100 : (progress?.percent ?? 0)}
                animated={!done}
                color={done ? 'green' : undefined}
              />
              <Text size="sm" c="dimmed">
                {done
                  ? t('censorLog.rescanDone', { total: progress?.total ?? 0 })
                  : t('censorLog.rescanning', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.close')}
            </Button>
            <Button loading={starting || running} onClick={() => void start()}>
              {t('censorLog.rescanStart')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
