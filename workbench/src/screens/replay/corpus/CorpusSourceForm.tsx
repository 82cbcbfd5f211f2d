import { Button, FileInput, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DIRECTORY_LIMIT } from '@qcdesk/contracts';
import { IconPlayerPlay, IconPlayerStop, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useDirectory } from '../../../entity/DirectorySelect';
import { type Translate, useI18n } from '../../../i18n/locale-store';
import { type CorpusSource, fileSource, serverSource } from '../../../replay/corpus/corpus-source';
import { DateField } from '../../../ui/DateField';

type SourceKind = 'server' | 'file';

function serverLabel(t: Translate, from: string, to: string, line: string | null): string {
  const range = from || to ? `${from || '…'} ～ ${to || '…'}` : t('corpus.source.anyTime');
  return t('corpus.source.serverLabel', { range, line: line ?? t('corpus.source.allLines') });
}

/**
 * Which sessions to replay — the server's (by session date and line) or an uploaded JSON Lines file — and the run and
 * cancel buttons.
 */
export function CorpusSourceForm({
  running,
  canRun,
  onRun,
  onCancel,
}: {
  running: boolean;
  canRun: boolean;
  onRun: (source: CorpusSource) => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const client = useApi();
  const [lineSearch, setLineSearch] = useState('');
  // the organisation's service lines, from the line directory as the other filters have them
  const lines = useDirectory('LINE', lineSearch).options;
  const [kind, setKind] = useState<SourceKind>('server');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lineId, setLineId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const run = () => {
    if (kind === 'file') {
      if (file !== null) onRun(fileSource(file));
      return;
    }
    const line = lines.find((l) => l.value === lineId)?.label ?? null;
    onRun(serverSource(client, { timeFrom: from || null, timeTo: to || null, lineId }, serverLabel(t, from, to, line)));
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('corpus.source.title')}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v as SourceKind)}
            disabled={running}
            data={[
              { value: 'server', label: t('corpus.source.server') },
              { value: 'file', label: t('corpus.source.file') },
            ]}
          />
        </Stack>
        {kind === 'server' ? (
          <>
            <DateField label={t('corpus.source.from')} value={from} onChange={setFrom} disabled={running} />
            <DateField label={t('corpus.source.to')} value={to} onChange={setTo} disabled={running} />
            <Select
              label={t('corpus.source.line')}
              placeholder={t('corpus.source.allLines')}
              clearable
              searchable
              searchValue={lineSearch}
              onSearchChange={setLineSearch}
              nothingFoundMessage={t('common.noData')}
              limit={DIRECTORY_LIMIT}
              data={lines}
              value={lineId}
              onChange={setLineId}
              disabled={running}
              w={220}
            />
          </>
        ) : (
          <FileInput
            label={t('corpus.source.fileLabel')}
            placeholder={t('corpus.source.filePlaceholder')}
            accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
            leftSection={<IconUpload size={16} />}
            value={file}
            onChange={setFile}
            clearable
            disabled={running}
            w={360}
          />
        )}
        {running ? (
          <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} />} onClick={onCancel}>
            {t('corpus.cancel')}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={run}
            disabled={!canRun || (kind === 'file' && file === null)}
          >
            {t('corpus.run')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
