import { Anchor, Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  CENSOR_EXPORT_FORMATS,
  CENSOR_LOG_EXPORT_TYPE,
  type CensorExportFormat,
  censorLogExportBodySchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { errorText } from '../../api/client';
import { useI18n } from '../../i18n/locale-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifyWarning } from '../../ui/notify';
import { useJobProgress } from './use-job-progress';

/** Where a finished export's file is fetched (GET, so the browser saves it as a download). */
export function exportDownloadUrl(jobId: string): string {
  return `/v3/system/censor-log/export/download?jobId=${encodeURIComponent(jobId)}`;
}

/** Starts the browser's download of `url` (same origin: the file's own name comes with it). */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * 导出 (export type CS_CENSOR_LOG): the log under the current filters as CSV (UTF-8 with a BOM, so Excel shows the
 * Chinese) or XLSX. The server writes the file in the background; a dialog shows how many rows are written, then the
 * browser downloads it (and the dialog keeps a link to download it again). The filters are checked by the contract
 * first: without a line the warning is the list's own, 请选择客服号后查询.
 */
export function CensorExport({ filters }: { filters: Readonly<Record<string, unknown>> }) {
  const client = useApi();
  const { t, locale } = useI18n();
  const [jobId, setJobId] = useState<string | null>(null);
  const [format, setFormat] = useState<CensorExportFormat>('XLSX');
  const [opened, setOpened] = useState(false);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { progress, error } = useJobProgress(client, '/v3/system/censor-log/export/progress', jobId);
  const downloaded = useRef<string | null>(null);

  const done = progress?.state === 'DONE' && progress.jobId === jobId;
  // the file downloads once, when the job is done; the link below fetches it again
  useEffect(() => {
    if (done && jobId !== null && downloaded.current !== jobId) {
      downloaded.current = jobId;
      startDownload(exportDownloadUrl(jobId));
    }
  }, [done, jobId]);

  const start = async (chosen: CensorExportFormat) => {
    const checked = censorLogExportBodySchema.safeParse({
      ...filters,
      exportType: CENSOR_LOG_EXPORT_TYPE,
      format: chosen,
    });
    if (!checked.success) {
      notifyWarning(toFieldErrors(checked.error, locale)[0]?.message ?? '');
      return;
    }
    setFormat(chosen);
    setJobId(null);
    setFailure(null);
    setOpened(true);
    setStarting(true);
    try {
      const started = await call(client, '/v3/system/censor-log/export', { body: checked.data });
      setJobId(started.jobId);
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setStarting(false);
    }
  };

  const failed = failure ?? error ?? (progress?.state === 'FAILED' ? (progress.error ?? '') : null);
  const total = progress?.total ?? 0;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>
            {t('censorLog.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {CENSOR_EXPORT_FORMATS.map((f) => (
            <Menu.Item key={f} onClick={() => void start(f)}>
              {t('censorLog.exportAs', { format: f })}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('censorLog.exportTitle')} zIndex={300}>
        <Stack gap="sm" data-testid="censor-export" data-format={format}>
          {failed !== null ? (
            <FormErrorBanner error={t('censorLog.exportFailed', { reason: failed })} />
          ) : done ? (
            <>
              <Progress value={100} color="green" aria-label={t('censorLog.exportTitle')} />
              <Text size="sm">{t('censorLog.exportDone', { total })}</Text>
              <Group justify="flex-end">
                <Anchor href={exportDownloadUrl(jobId!)} download data-testid="censor-export-download">
                  {t('censorLog.download')}
                  {progress?.fileName ? `（${progress.fileName}）` : ''}
                </Anchor>
              </Group>
            </>
          ) : (
            <>
              <Progress value={progress?.percent ?? 0} animated aria-label={t('censorLog.exportTitle')} />
              <Text size="sm" c="dimmed">
                {starting || progress === null
                  ? t('censorLog.exportStarting')
                  : t('censorLog.exporting', { done: progress.done, total })}
              </Text>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}
