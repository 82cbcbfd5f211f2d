import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Mark,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { CensorOperation, LIMITS, SenderRole } from '@qcdesk/contracts';
import { IconFile } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/locale-store';
import { displayTime } from '../display';
import { byMessage, segmentText, type TranscriptHighlight } from './highlight-spans';
import { ImageViewer } from './ImageViewer';
import { formatFileSize, type MessageBody, readMessageBody, type TranscriptMessage } from './message-content';

export type { TranscriptHighlight } from './highlight-spans';
export type { TranscriptMessage } from './message-content';

/**
 * A line of the session that is not a message (a transfer), shown centred and dimmed between the messages: after the
 * first `after` of them (0: before the first; past the last: after the last, once every message is shown).
 */
export interface TranscriptNotice {
  key: string;
  after: number;
  content: ReactNode;
  /** shown on hover, e.g. the full time */
  title?: string;
}

/** The message a transcript scrolls to (its index in `messages`). */
export interface TranscriptFocus {
  message: number;
}

export interface ChatTranscriptProps {
  /** the session's messages in send order; highlights and focus name them by their index here */
  messages: readonly TranscriptMessage[];
  /** spans to mark, e.g. the evidence of the selected rule */
  highlights: readonly TranscriptHighlight[];
  /** a new object scrolls to its message (again), showing more pages when it is not shown yet */
  focus?: TranscriptFocus | null;
  /** messages per page: 50 in result and complaint views (the default), 30 elsewhere (spec §2 shared pieces) */
  pageSize?: 30 | 50;
  /** how many messages the session has on the server, when `messages` holds only the first of them */
  total?: number;
  /** reads more messages from the server (appending to `messages`); 'view more' calls it once the loaded run out */
  onLoadMore?: () => void | Promise<void>;
  /** lines between the messages (a session's transfers), in order */
  notices?: readonly TranscriptNotice[];
}

const NO_NOTICES: readonly TranscriptNotice[] = [];

const CENSOR_COLORS: Record<CensorOperation, string> = { REPORT: 'yellow', ABORT: 'red', FUZZY: 'orange' };

/**
 * The chat transcript of the spec's shared pieces: each message with its sender's role, nick, avatar and send time,
 * rendered by type (text, image, video, file; custom shows nothing), its censor tag (REPORT retained, ABORT blocked,
 * FUZZY fuzzy), and the highlighted spans marked as `<mark data-highlight>`. Messages show a page at a time with a
 * 'view more' control.
 */
export function ChatTranscript({
  messages,
  highlights,
  focus = null,
  pageSize = LIMITS.chatPageSizeResult,
  total,
  onLoadMore,
  notices = NO_NOTICES,
}: ChatTranscriptProps) {
  const { t, label } = useI18n();
  const [pages, setPages] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const items = useRef(new Map<number, HTMLDivElement>());
  const pendingFocus = useRef<TranscriptFocus | null>(null);
  const more = useRef<HTMLDivElement | null>(null);
  const [lastFocus, setLastFocus] = useState<TranscriptFocus | null>(null);
  const marks = useMemo(() => byMessage(highlights), [highlights]);

  // A new focus shows enough pages to reach its message; the layout effect below scrolls once it is rendered.
  if (focus !== lastFocus) {
    setLastFocus(focus);
    if (focus && focus.message >= 0 && focus.message < messages.length) {
      pendingFocus.current = focus;
      const needed = Math.ceil((focus.message + 1) / pageSize);
      if (needed > pages) setPages(needed);
    }
  }

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    const element = items.current.get(target.message);
    if (!element) return;
    pendingFocus.current = null;
    centreInScrollBox(element);
  });

  const shown = Math.min(messages.length, pages * pageSize);
  const onServer = onLoadMore !== undefined ? Math.max(total ?? 0, messages.length) : messages.length;
  const hasMore = shown < onServer;
  // the next page; when it goes past the loaded messages, the server is asked for more (they show once they arrive)
  const showMore = () => {
    if (onLoadMore && shown + pageSize > messages.length && onServer > messages.length) void onLoadMore();
    setPages((p) => p + 1);
  };

  // the next page also loads when the 'view more' control scrolls into sight (spec §9 chat page size); a new page
  // (or newly fetched messages) observes again, so a control still in sight loads the one after
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` and the count restart the observation after each page
  useEffect(() => {
    const element = more.current;
    if (!hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) showMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, shown, messages.length]);

  // the notices before each shown message, by its index; those after the last shown wait until no more can come
  const place = (notice: TranscriptNotice) => Math.max(0, notice.after);
  const noticesAt = (index: number) => notices.filter((n) => place(n) === index).map(noticeView);
  const trailing = hasMore ? [] : notices.filter((n) => place(n) >= shown);

  if (messages.length === 0 && notices.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('transcript.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="sm" data-testid="chat-transcript">
      {messages.slice(0, shown).map((message, index) => {
        const body = readMessageBody(message.content);
        const before = noticesAt(index);
        // the custom type shows nothing (spec §2)
        if (body.kind === 'custom') return <Fragment key={message.messageId}>{before}</Fragment>;
        const agent = message.senderRole === 'AGENT';
        const nick = message.senderNick ?? label(SenderRole, message.senderRole);
        const avatar = (
          <Avatar src={message.senderAvatar ?? null} alt={nick} radius="xl" color={agent ? 'blue' : 'gray'}>
            {nick.slice(0, 1)}
          </Avatar>
        );
        const focused = lastFocus?.message === index;
        return (
          <Fragment key={message.messageId}>
            {before}
            <Box
              ref={(element: HTMLDivElement | null) => {
                if (element) items.current.set(index, element);
                else items.current.delete(index);
              }}
              data-message-index={index}
              data-role={message.senderRole}
              data-focused={focused || undefined}
              p={4}
              style={{
                borderRadius: 8,
                outline: focused ? '2px solid var(--mantine-color-yellow-5)' : undefined,
                // drawn inside the message's box, so a scroll area's edge never clips the frame
                outlineOffset: -2,
              }}
            >
              <Group align="flex-start" justify={agent ? 'flex-end' : 'flex-start'} wrap="nowrap" gap="xs">
                {!agent && avatar}
                <Stack gap={2} maw="80%" align={agent ? 'flex-end' : 'flex-start'}>
                  <Group gap={6} wrap="wrap" justify={agent ? 'flex-end' : 'flex-start'}>
                    <Text size="sm" fw={600}>
                      {nick}
                    </Text>
                    <Badge size="xs" variant="light" color={agent ? 'blue' : 'gray'}>
                      {label(SenderRole, message.senderRole)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {displayTime(message.sendTime)}
                    </Text>
                    {message.censorOperation && (
                      <Badge
                        size="xs"
                        color={CENSOR_COLORS[message.censorOperation]}
                        data-censor={message.censorOperation}
                      >
                        {label(CensorOperation, message.censorOperation)}
                      </Badge>
                    )}
                  </Group>
                  <Paper
                    px="sm"
                    py={6}
                    radius="md"
                    bg={agent ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
                  >
                    <MessageView body={body} index={index} highlights={marks.get(index) ?? []} onImage={setViewing} />
                  </Paper>
                </Stack>
                {agent && avatar}
              </Group>
            </Box>
          </Fragment>
        );
      })}
      {trailing.map(noticeView)}
      {hasMore && (
        <Center ref={more}>
          <Button variant="subtle" size="xs" onClick={showMore}>
            {t('transcript.viewMore', { shown, total: onServer })}
          </Button>
        </Center>
      )}
      <ImageViewer src={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

function noticeView(notice: TranscriptNotice): ReactNode {
  return (
    <Center key={notice.key} data-testid="transcript-notice">
      <Text
        size="xs"
        c="dimmed"
        ta="center"
        px="sm"
        py={2}
        title={notice.title}
        style={{ borderRadius: 12, background: 'var(--mantine-color-gray-light)' }}
      >
        {notice.content}
      </Text>
    </Center>
  );
}

function MessageView({
  body,
  index,
  highlights,
  onImage,
}: {
  body: MessageBody;
  index: number;
  highlights: readonly TranscriptHighlight[];
  onImage: (src: string) => void;
}): ReactNode {
  const { t } = useI18n();
  switch (body.kind) {
    case 'text':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {segmentText(body.text, highlights).map((segment) =>
            segment.labels === null ? (
              <Fragment key={segment.start}>{segment.text}</Fragment>
            ) : (
              <Mark
                key={segment.start}
                color="yellow"
                data-highlight={segment.labels.join(' / ')}
                data-message={index}
                data-start={segment.start}
                data-end={segment.end}
                title={segment.labels.join(' / ') || undefined}
              >
                {segment.text}
              </Mark>
            ),
          )}
        </Text>
      );
    case 'image':
      return body.thumbnail ? (
        <UnstyledButton onClick={() => onImage(body.preview ?? body.thumbnail!)} aria-label={t('transcript.openImage')}>
          <img
            src={body.thumbnail}
            alt={t('transcript.image')}
            style={{ maxWidth: 200, maxHeight: 200, display: 'block' }}
          />
        </UnstyledButton>
      ) : (
        <Text size="sm" c="dimmed">
          [{t('transcript.image')}]
        </Text>
      );
    case 'video':
      return body.url ? (
        // biome-ignore lint/a11y/useMediaCaption: chat videos carry no captions
        <video src={body.url} poster={body.poster ?? undefined} controls style={{ maxWidth: 320, display: 'block' }} />
      ) : (
        <Text size="sm" c="dimmed">
          [{t('transcript.video')}]
        </Text>
      );
    case 'file':
      return (
        <Group gap={6} wrap="nowrap">
          <IconFile size={18} />
          {body.url ? (
            <Anchor href={body.url} target="_blank" rel="noreferrer" size="sm" download={body.name ?? true}>
              {body.name ?? t('transcript.file')}
            </Anchor>
          ) : (
            <Text size="sm">{body.name ?? t('transcript.file')}</Text>
          )}
          {body.size !== null && (
            <Text size="xs" c="dimmed">
              {formatFileSize(body.size)}
            </Text>
          )}
        </Group>
      );
    default:
      return null;
  }
}

/**
 * Centres a message in the transcript's own scroll box. `scrollIntoView` would also scroll every box around it (a
 * modal's body), moving the scores above the transcript out of sight; without a scroll box of its own, the page
 * scrolls as usual.
 */
function centreInScrollBox(element: HTMLElement): void {
  let box = element.parentElement;
  while (box && !(box.scrollHeight > box.clientHeight && /(auto|scroll)/.test(getComputedStyle(box).overflowY)))
    box = box.parentElement;
  if (!box || box === document.scrollingElement) {
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return;
  }
  const offset = element.getBoundingClientRect().top - box.getBoundingClientRect().top;
  const top = box.scrollTop + offset - (box.clientHeight - element.offsetHeight) / 2;
  box.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}
