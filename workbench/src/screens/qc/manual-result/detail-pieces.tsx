import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  ActiveStatus,
  type ChatMessage,
  type ChatSession,
  type GroupRef,
  LIMITS,
  type ManualAngle,
  type QcScheme,
  ScoringStyle,
} from '@qcdesk/contracts';
import { type ReactNode, useMemo } from 'react';
import { useApi } from '../../../api/api-context';
import type { Page } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { EntityPicker } from '../../../entity/EntityPicker';
import type { PickerDescription } from '../../../entity/types';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { ABSENT, displayText, isAbsent } from '../../../ui/display';
import { SessionPanel } from '../ai-result/SessionPanel';

/** Label/value rows of a basic-info card; absent values show '--'. */
export function InfoTable({ rows }: { rows: readonly { label: MessageKey; value: ReactNode }[] }) {
  const { t } = useI18n();
  return (
    <Table withTableBorder withColumnBorders variant="vertical" layout="fixed">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w={140}>{t(row.label)}</Table.Th>
            <Table.Td>{isAbsent(row.value) ? ABSENT : row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function Section({ title, children, extra }: { title: MessageKey; children: ReactNode; extra?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t(title)}</Title>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

export const groupNames = (groups: readonly GroupRef[] | null | undefined) =>
  (groups ?? []).map((g) => g.groupName ?? g.groupId).join('、');

/**
 * The messages of a session: those the detail answered when it carried them, else all of them read a page of 50 at
 * a time (the transcript itself shows them a page at a time with 'view more').
 */
export function useSessionMessages(
  sessionId: string | null | undefined,
  chatId: string | null | undefined,
  given?: readonly ChatMessage[] | null,
) {
  const client = useApi();
  const have = given !== undefined && given !== null;
  const loaded = useLoad(
    async () => {
      const size = LIMITS.chatPageSizeResult;
      const all: ChatMessage[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await client.request<Page<ChatMessage>>({
          path: '/v3/chats/message/query',
          query: { page, size },
          body: chatId ? { chatId, sessionId } : { sessionId },
        });
        const records = answer?.records ?? [];
        all.push(...records);
        if (records.length < size || all.length >= (answer?.total ?? 0)) break;
      }
      return all;
    },
    [client, sessionId, chatId],
    // the spec's message load has no error handling: a failed one leaves the transcript empty
    { enabled: !have && Boolean(sessionId || chatId) },
  );
  const messages: readonly ChatMessage[] = loaded.data ?? [];
  return have ? given : messages;
}

/** The embedded session panel: status, line, closing party, rating, summary (read when the detail did not carry it). */
export function SessionInfo({
  sessionId,
  canSeeRating,
  given,
}: {
  sessionId: string;
  canSeeRating: boolean;
  given?: ChatSession | null;
}) {
  const client = useApi();
  const have = given !== undefined && given !== null;
  // a failed load shows the panel's '--', as an absent session
  const fetched = useLoad(
    () => client.request<ChatSession>({ path: '/v3/chats/session/detail', query: { sessionId } }),
    [client, sessionId],
    { enabled: !have },
  );
  const session = have ? given : fetched.data;
  if (!session) return <Text c="dimmed">{ABSENT}</Text>;
  return <SessionPanel session={session} canViewRating={canSeeRating} />;
}

/** The angles of a manual result, read-only: angle score (SCORE only) and per rule score / fatal error / pass / reason. */
export function AngleBlocks({
  angles,
  style,
}: {
  angles: readonly ManualAngle[];
  style: ScoringStyle | null | undefined;
}) {
  const { t } = useI18n();
  const score = style !== 'PASS';
  return (
    <Stack gap="sm">
      {angles.map((angle) => (
        <Card key={angle.angleId} withBorder padding="sm" data-angle={angle.angleId}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{angle.angleName ?? angle.angleId}</Text>
            {score && (
              <Badge variant="light">
                {t('manual.angleScore')}: {displayText(angle.angleScore)}
              </Badge>
            )}
          </Group>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manual.ruleName')}</Table.Th>
                {score && <Table.Th>{t('manual.score')}</Table.Th>}
                <Table.Th>{t('manual.fatalError')}</Table.Th>
                {!score && <Table.Th>{t('manual.passFail')}</Table.Th>}
                <Table.Th>{t('manual.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {angle.manualRules.map((rule) => (
                <Table.Tr key={rule.ruleId}>
                  <Table.Td>{rule.ruleName ?? rule.ruleId}</Table.Td>
                  {score && <Table.Td>{rule.scoreNum ?? 0}</Table.Td>}
                  <Table.Td>{t(rule.fatalError ? 'common.yes' : 'common.no')}</Table.Td>
                  {!score && (
                    <Table.Td>
                      {rule.pass === null || rule.pass === undefined
                        ? ABSENT
                        : t(rule.pass ? 'aiResult.pass' : 'aiResult.fail')}
                    </Table.Td>
                  )}
                  <Table.Td>{displayText(rule.reason)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}

/** Picks a PERSON scheme (page size 10): the shared EntityPicker; clicking a row chooses it. */
export function SchemePicker({ onPick, onClose }: { onPick: (scheme: QcScheme) => void; onClose: () => void }) {
  const client = useApi();
  const description = useMemo<PickerDescription<QcScheme>>(
    () => ({
      title: 'manual.pickScheme',
      keyword: true,
      filters: [],
      columns: [
        { key: 'name', title: 'common.name' },
        { key: 'style', title: 'scheme.style', kind: 'dict', dictionary: ScoringStyle },
        { key: 'status', title: 'common.status', kind: 'dict', dictionary: ActiveStatus },
      ],
      load: async ({ page, size, keyword }) => {
        const answer = await client.request<Page<QcScheme>>({
          path: '/v3/chats/qc-scheme/page',
          query: { page, size },
          body: { targetType: 'PERSON', deleted: 'NONE', ...(keyword ? { keyword } : {}) },
        });
        return { records: answer?.records ?? [], total: answer?.total ?? 0 };
      },
    }),
    [client],
  );
  return (
    <EntityPicker
      description={description}
      opened
      multiple={false}
      onClose={onClose}
      onPick={([scheme]) => scheme && onPick(scheme)}
    />
  );
}
