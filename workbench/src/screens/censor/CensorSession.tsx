import { Center, Loader, Stack, Text } from '@mantine/core';
import { type ChatMessage, LIMITS } from '@qcdesk/contracts';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import type { ApiClient } from '../../api/client';
import { useLoad } from '../../api/use-load';
import type { CensorLogRow } from '../../entities/censor-log';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { ChatTranscript, type TranscriptHighlight } from '../../ui/transcript/ChatTranscript';
import { readMessageBody } from '../../ui/transcript/message-content';
import { fetchMessagesAfter, type MessageSource, useMoreMessages } from '../../ui/transcript/use-more-messages';

/** The dialogue opens on the row's message: pages of 50 are read until it is among them, at most this many. */
const MAX_PAGES_TO_FOCUS = 20;
/** The session's log records read for their spans (one page; a session has few matched messages). */
const SESSION_LOG_SIZE = 100;

interface Opened {
  messages: ChatMessage[];
  total: number;
  records: CensorLogRow[];
}

async function openSession(
  client: ApiClient,
  source: MessageSource,
  messageId: string | null,
  lineId: string | null,
): Promise<Opened> {
  const size = LIMITS.chatPageSizeResult;
  let messages: ChatMessage[] = [];
  let total = 0;
  for (let page = 0; page < MAX_PAGES_TO_FOCUS; page += 1) {
    const next = await fetchMessagesAfter(client, source, messages, size);
    total = next.total;
    messages = [...messages, ...next.records];
    const found = messageId === null || messages.some((m) => m.messageId === messageId);
    if (found || next.records.length === 0 || messages.length >= total) break;
  }
  // without the line the log cannot be read (it is required); the words the messages carry are marked instead
  const records =
    lineId === null
      ? []
      : await call(client, '/v3/system/censor-log/page', {
          query: { page: 1, size: SESSION_LOG_SIZE },
          body: { lineId, sessionId: source.sessionId },
        })
          .then((answer) => answer.records as CensorLogRow[])
          .catch((): CensorLogRow[] => []);
  return { messages, total, records };
}

/** Every place of `word` in `text` (a message the log has no spans for: the words it carries, as spelled). */
function placesOf(text: string, word: string): { start: number; end: number }[] {
  const places: { start: number; end: number }[] = [];
  if (word === '') return places;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length))
    places.push({ start: at, end: at + word.length });
  return places;
}

/**
 * What the dialogue marks: for each message, the spans of its log records (exactly what the libraries matched, also
 * where the text differs from the word: `傻*逼`), or else the places of the censor words the message carries.
 */
export function censorHighlights(
  messages: readonly Pick<ChatMessage, 'messageId' | 'content' | 'censorWords'>[],
  records: readonly Pick<CensorLogRow, 'messageId' | 'censorSpans'>[],
): TranscriptHighlight[] {
  const spansOf = new Map<string, NonNullable<CensorLogRow['censorSpans']>>();
  for (const record of records)
    if (record.messageId)
      spansOf.set(record.messageId, [...(spansOf.get(record.messageId) ?? []), ...(record.censorSpans ?? [])]);
  const highlights: TranscriptHighlight[] = [];
  messages.forEach((message, index) => {
    const spans = spansOf.get(message.messageId);
    if (spans && spans.length > 0) {
      for (const s of spans) highlights.push({ message: index, start: s.start, end: s.end, label: s.word });
      return;
    }
    const body = readMessageBody(message.content);
    if (body.kind !== 'text') return;
    for (const word of message.censorWords ?? [])
      for (const place of placesOf(body.text, word)) highlights.push({ message: index, ...place, label: word });
  });
  return highlights;
}

/**
 * /cs-censor-log/session?sessionId&chatId&messageId&lineId&_modal=large: the session of a log row as a chat, 50
 * messages a page (more on 'view more'), every matched word marked, the row's message in view.
 */
export function CensorSession({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const { sessionId = '', chatId, messageId, lineId } = location.query;
  const source = useMemo(() => ({ sessionId, chatId: chatId || null }), [sessionId, chatId]);
  const opened = useLoad(
    () => openSession(client, source, messageId || null, lineId || null),
    [client, source, messageId, lineId],
    { enabled: sessionId !== '' },
  );
  const given = useMemo(() => opened.data?.messages ?? [], [opened.data]);
  const transcript = useMoreMessages(client, opened.data ? source : null, given, opened.data?.total);
  const records = opened.data?.records;
  const highlights = useMemo(
    () => censorHighlights(transcript.messages, records ?? []),
    [transcript.messages, records],
  );
  const focusIndex = messageId ? given.findIndex((m) => m.messageId === messageId) : -1;
  // one focus per opened session: a new object would scroll back to it on every render
  const focus = useMemo(() => (focusIndex >= 0 ? { message: focusIndex } : null), [focusIndex]);
  const matched = new Set(highlights.map((h) => h.message)).size;

  if (opened.loading && opened.data === null)
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  return (
    <Stack gap="sm" data-testid="censor-session">
      <FormErrorBanner error={opened.error} onRetry={opened.reload} />
      {matched > 0 && (
        <Text size="sm" c="dimmed">
          {t('censorLog.sessionHits', { count: matched })}
        </Text>
      )}
      <ChatTranscript
        messages={transcript.messages}
        highlights={highlights}
        focus={focus}
        pageSize={LIMITS.chatPageSizeResult}
        total={transcript.total}
        onLoadMore={transcript.loadMore}
      />
    </Stack>
  );
}
