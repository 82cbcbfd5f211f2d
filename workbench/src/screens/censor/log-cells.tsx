import { Badge, Group, Text } from '@mantine/core';
import { CensorOperation, type CensorSpan, type DictValue, defineDictionary } from '@qcdesk/contracts';
import { Fragment } from 'react';
import { useI18n } from '../../i18n/locale-store';
import { ABSENT } from '../../ui/display';
import { segmentText } from '../../ui/transcript/highlight-spans';

/**
 * Who sent a logged message, as the log's role tag and filter name them: 员工 (the staff libraries' word) and 客户.
 * The values are the messages' senderRole.
 */
export const CensorSenderRole = defineDictionary('qcdesk-censor-sender-role', {
  AGENT: { zh: '员工', en: 'Staff' },
  CUSTOMER: { zh: '客户', en: 'Customer' },
});
export type CensorSenderRole = DictValue<typeof CensorSenderRole>;

/** The colours the transcript gives each operation: retained yellow, blocked red, fuzzy orange. */
const OPERATION_COLORS: Record<CensorOperation, string> = { REPORT: 'yellow', ABORT: 'red', FUZZY: 'orange' };

/** A log row's alert level in the user's words (保留 / 拦截 / 模糊), never the code. */
export function OperationBadge({ operation }: { operation: CensorOperation }) {
  const { label } = useI18n();
  return (
    <Badge variant="light" color={OPERATION_COLORS[operation] ?? 'gray'} tt="none">
      {label(CensorOperation, operation)}
    </Badge>
  );
}

/**
 * A message's text with what the libraries matched in red: the record's spans (`text.slice(start, end)`), so a match
 * that differs from the word as spelled (`傻*逼` for 傻逼, a traditional form) is painted exactly where it stands.
 */
export function MatchedText({ text, spans }: { text: string; spans: readonly CensorSpan[] }) {
  const segments = segmentText(
    text,
    spans.map((s) => ({ start: s.start, end: s.end, label: s.word })),
  );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-censor-text>
      {segments.map((segment) =>
        segment.labels === null ? (
          <Fragment key={segment.start}>{segment.text}</Fragment>
        ) : (
          <Text
            key={segment.start}
            span
            c="red"
            fw={600}
            data-censor-match={segment.labels.join(' / ')}
            title={segment.labels.join(' / ')}
          >
            {segment.text}
          </Text>
        ),
      )}
    </Text>
  );
}

/** The sender's nick with the role tag 员工 / 客户. */
export function SenderCell({ nick, role }: { nick: string | null | undefined; role: string }) {
  const { label } = useI18n();
  const known = CensorSenderRole.values.includes(role as CensorSenderRole);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{nick?.trim() || ABSENT}</Text>
      {known && (
        <Badge size="sm" variant="light" color={role === 'AGENT' ? 'blue' : 'gray'} tt="none">
          {label(CensorSenderRole, role)}
        </Badge>
      )}
    </Group>
  );
}
