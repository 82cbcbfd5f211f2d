import {
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ActiveStatus,
  type ChatMessage,
  type GroupRef,
  LIMITS,
  type ManualAngle,
  type QcScheme,
  ScoringStyle,
  type SessionDetail,
} from '@qcdesk/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import type { Page } from '../../../api/resource';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { ABSENT, displayText, isAbsent } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
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
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const have = given !== undefined && given !== null;
  useEffect(() => {
    if (have || (!sessionId && !chatId)) return;
    let live = true;
    const size = LIMITS.chatPageSizeResult;
    (async () => {
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
      if (live) setMessages(all);
      // the spec's message load has no error handling: the transcript stays empty
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, sessionId, chatId, have]);
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
  given?: SessionDetail | null;
}) {
  const client = useApi();
  const [fetched, setFetched] = useState<SessionDetail | null>(null);
  const have = given !== undefined && given !== null;
  const session = have ? given : fetched;
  useEffect(() => {
    if (have) return;
    let live = true;
    client
      .request<SessionDetail>({ path: '/v3/chats/session/detail', query: { sessionId } })
      .then((answer) => live && setFetched(answer))
      .catch(() => live && setFetched(null));
    return () => {
      live = false;
    };
  }, [client, sessionId, have]);
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

/** Picks a PERSON scheme (page size 10); clicking a row chooses it. */
export function SchemePicker({ onPick, onClose }: { onPick: (scheme: QcScheme) => void; onClose: () => void }) {
  const client = useApi();
  const { t, label } = useI18n();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<QcScheme> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const size = 10;
  useEffect(() => {
    let live = true;
    setError(null);
    client
      .request<Page<QcScheme>>({
        path: '/v3/chats/qc-scheme/page',
        query: { page, size },
        body: { targetType: 'PERSON', deleted: 'NONE', ...(applied ? { keyword: applied } : {}) },
      })
      .then((answer) => live && setData(answer))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [client, page, applied]);
  return (
    <Modal opened onClose={onClose} title={t('manual.pickScheme')} size="lg" zIndex={300}>
      <Stack gap="sm">
        <FormErrorBanner error={error} />
        <TextInput
          label={t('common.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setApplied(keyword.trim());
              setPage(1);
            }
          }}
        />
        {data === null && !error ? (
          <Loader size="sm" />
        ) : (
          <Table highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('scheme.style')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.records ?? []).map((scheme) => (
                <Table.Tr key={scheme.id} style={{ cursor: 'pointer' }} onClick={() => onPick(scheme)}>
                  <Table.Td>
                    <Anchor component="button" type="button">
                      {scheme.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{scheme.style ? label(ScoringStyle, scheme.style) : ABSENT}</Table.Td>
                  <Table.Td>{label(ActiveStatus, scheme.status)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Pagination
          size="sm"
          total={Math.max(1, Math.ceil((data?.total ?? 0) / size))}
          value={page}
          onChange={setPage}
        />
      </Stack>
    </Modal>
  );
}
