import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SessionSummary as Summary } from '@qcdesk/contracts';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { useI18n } from '../../../i18n/locale-store';
import { ABSENT, isAbsent } from '../../../ui/display';

export const SESSION_SUMMARY_PATH = '/v3/chats/session/summary';

/**
 * The service summary of a session (qc-area §3 "Session detail"), loaded by sessionId and chatId: whether the
 * problem was resolved, what the agent wrote, and the summary form's fields as label/value rows ('--' when absent).
 */
export function SessionSummary({ sessionId, chatId }: { sessionId: string; chatId?: string | null }) {
  const client = useApi();
  const { t } = useI18n();
  const loaded = useLoad(
    () =>
      client.request<Summary | null>({
        path: SESSION_SUMMARY_PATH,
        body: { sessionId, ...(chatId ? { chatId } : {}) },
      }),
    [client, sessionId, chatId],
  );

  if (loaded.loading)
    return (
      <Text size="sm" c="dimmed">
        {t('session.summaryLoading')}
      </Text>
    );
  if (loaded.error !== null)
    return (
      <Text size="sm" c="red" data-testid="summary-failed">
        {t('session.summaryFailed')}
      </Text>
    );
  const summary = loaded.data ?? null;
  const resolved =
    summary?.resolved === null || summary?.resolved === undefined
      ? null
      : t(summary.resolved ? 'session.summaryResolvedYes' : 'session.summaryResolvedNo');
  const rows: [string, string][] = [
    [t('session.summaryResolved'), resolved ?? ABSENT],
    [t('session.summaryContent'), isAbsent(summary?.content) ? ABSENT : summary!.content!],
    ...(summary?.fields ?? []).map((f): [string, string] => [f.fieldName || f.fieldCode, formValue(f.formData)]),
  ];
  return (
    <Stack gap={6} data-testid="session-summary">
      <Divider
        label={summary?.form ? `${t('session.summary')} · ${summary.form}` : t('session.summary')}
        labelPosition="left"
      />
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {rows.map(([label, value], i) => (
          // field names may repeat across a form's groups: the position keeps the rows apart
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are static once loaded
          <Stack key={`${i}-${label}`} gap={0} data-testid="summary-row">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A form field's value as text: lists joined with '、', a tree or list option by its label, '--' when absent. */
export function formValue(data: unknown): string {
  if (isAbsent(data)) return ABSENT;
  if (Array.isArray(data)) {
    const parts = data.map(formValue).filter((p) => p !== ABSENT);
    return parts.length === 0 ? ABSENT : parts.join('、');
  }
  if (typeof data === 'object' && data !== null) {
    const o = data as Record<string, unknown>;
    const named = o.label ?? o.name ?? o.title ?? o.value;
    return typeof named === 'string' || typeof named === 'number' ? formValue(named) : JSON.stringify(data);
  }
  if (typeof data === 'string') return data.trim() === '' ? ABSENT : data;
  return String(data);
}
