import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatSatisfaction, ratingProgress, SessionParty, SessionStatus } from '@qcdesk/contracts';
import type { ReactNode } from 'react';
import type { AiResultDetail } from '../../../entities/ai-result';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { displayText, displayTime } from '../../../ui/display';
import { SessionSummary } from './SessionSummary';

/** Label–value pairs in two columns; absent values show '--'. */
export function InfoGrid({ items }: { items: readonly [MessageKey, ReactNode][] }) {
  const { t } = useI18n();
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="xs" c="dimmed">
            {t(label)}
          </Text>
          {typeof value === 'string' || typeof value === 'number' || value === null || value === undefined ? (
            <Text size="sm">{displayText(value)}</Text>
          ) : (
            value
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * The embedded session panel (qc-area §2 detail, §3 "Session detail"): status, line, closing party, the satisfaction
 * rating and the service summary (when one was filled, loaded and shown below: resolved, content, the form's
 * fields). The rating shows '无查看权限' when `canViewRating` is false.
 */
export function SessionPanel({
  session,
  canViewRating,
}: {
  session: NonNullable<AiResultDetail['session']>;
  canViewRating: boolean;
}) {
  const { t, m, label } = useI18n();
  const progress = ratingProgress(session.scoreProgress);
  const rating: ReactNode = !canViewRating ? (
    <Text size="sm" c="dimmed" data-testid="rating-denied">
      {m('common.noViewPermission')}
    </Text>
  ) : progress === 'NOT_SENT' ? (
    <Text size="sm">{t('session.ratingNotSent')}</Text>
  ) : progress === 'AWAITING' ? (
    <Text size="sm">{t('session.ratingAwaiting')}</Text>
  ) : (
    <Text size="sm">{formatSatisfaction(session.scoreResult?.score ?? session.satisfaction)}</Text>
  );
  const rated = canViewRating && progress === 'RATED';
  const yesNo = (value: boolean | null | undefined) =>
    value === null || value === undefined ? null : t(value ? 'common.yes' : 'common.no');
  const grid = (
    <InfoGrid
      items={[
        ['session.status', label(SessionStatus, session.status)],
        ['session.line', session.lineName],
        ['session.closeWay', session.closeWay ? label(SessionParty, session.closeWay) : null],
        ['session.closeReason', session.closeReason],
        ['session.rating', rating],
        ...(rated
          ? ([
              ['session.ratingResolved', yesNo(session.scoreResult?.resolved ?? session.resolved)],
              ['session.ratingNote', session.scoreResult?.note],
              ['session.ratingWay', session.scoreWay ? label(SessionParty, session.scoreWay) : null],
              ['session.scoredTime', displayTime(session.scoredTime)],
            ] satisfies [MessageKey, ReactNode][])
          : []),
        ['session.summary', t(session.summary ? 'session.summaryFilled' : 'session.summaryNone')],
      ]}
    />
  );
  if (!session.summary || !session.sessionId) return grid;
  return (
    <Stack gap="sm">
      {grid}
      <SessionSummary sessionId={session.sessionId} chatId={session.chatId} />
    </Stack>
  );
}
