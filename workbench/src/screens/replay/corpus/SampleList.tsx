import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';
import type { SampleSession } from '../../../replay/corpus/corpus-tally';
import { openSample } from '../../../replay/corpus/sample-links';
import type { ReplayQuery } from '../../../replay/replay-query';

/** A list of sample sessions, each opening in the single replay on the same target. */
export function SampleList({
  samples,
  query,
  kind,
  showNearness = false,
  testId,
}: {
  samples: readonly SampleSession[];
  query: ReplayQuery;
  kind: 'file' | 'server';
  showNearness?: boolean;
  testId?: string;
}) {
  const { t } = useI18n();
  if (samples.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('corpus.samples.none')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid={testId}>
      {samples.map((s) => (
        <Group key={s.index} gap="xs" wrap="nowrap" data-session={s.sessionId}>
          <Anchor
            size="sm"
            component="button"
            type="button"
            onClick={() => openSample(query, s, kind)}
            title={t('corpus.samples.open')}
          >
            {s.sessionId}
          </Anchor>
          {s.lineNumber !== null && (
            <Text size="xs" c="dimmed">
              {t('corpus.samples.line', { line: s.lineNumber })}
            </Text>
          )}
          {s.aiScore !== null && (
            <Text size="xs" c="dimmed">
              {t('corpus.samples.score', { score: s.aiScore })}
            </Text>
          )}
          {showNearness && (
            <Badge size="sm" variant="light" color="orange">
              {t('corpus.samples.nearness', { percent: Math.round(s.nearness * 100) })}
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}
