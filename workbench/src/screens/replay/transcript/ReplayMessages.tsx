import { Badge, Box, Group, Mark, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { SenderRole } from '@qcdesk/contracts';
import type { Sentence } from '@qcdesk/engine';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { byMessage, segmentText, type TranscriptHighlight } from '../../../ui/transcript/highlight-spans';

/**
 * The replayed transcript as the engine read it (one message, one sentence; the evidence spans index this text). The
 * messages the engine has seen are shown plainly, the last one outlined; the rest are faded, still readable.
 */
export function ReplayMessages({
  sentences,
  seen,
  highlights,
}: {
  sentences: readonly Sentence[];
  seen: number;
  highlights: readonly TranscriptHighlight[];
}) {
  const { t, label } = useI18n();
  const marks = useMemo(() => byMessage(highlights), [highlights]);
  const items = useRef(new Map<number, HTMLDivElement>());

  // keep the newest seen message in sight while playing
  useEffect(() => {
    const element = items.current.get(seen - 1);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  }, [seen]);

  return (
    <ScrollArea.Autosize mah={560} type="auto">
      <Stack gap={6} data-testid="replay-transcript" pr="sm">
        {sentences.map((sentence) => {
          const agent = sentence.role === 'AGENT';
          const isSeen = sentence.index < seen;
          const current = sentence.index === seen - 1;
          const roleLabel = SenderRole.has(sentence.role) ? label(SenderRole, sentence.role) : sentence.role;
          return (
            <Box
              key={sentence.index}
              ref={(element: HTMLDivElement | null) => {
                if (element) items.current.set(sentence.index, element);
                else items.current.delete(sentence.index);
              }}
              data-message-index={sentence.index}
              data-seen={isSeen}
              data-current={current || undefined}
              style={{
                opacity: isSeen ? 1 : 0.35,
                borderRadius: 8,
                outline: current ? '2px solid var(--mantine-color-yellow-5)' : undefined,
                // inside the box: the scroll area's edge would clip a frame drawn outside it
                outlineOffset: -2,
              }}
              p={4}
            >
              <Group justify={agent ? 'flex-end' : 'flex-start'} wrap="nowrap">
                <Stack gap={2} maw="85%" align={agent ? 'flex-end' : 'flex-start'}>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      #{sentence.index + 1}
                    </Text>
                    <Badge size="xs" variant="light" color={agent ? 'blue' : 'gray'}>
                      {roleLabel}
                    </Badge>
                  </Group>
                  <Paper
                    px="sm"
                    py={6}
                    radius="md"
                    bg={agent ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
                  >
                    {sentence.text === null ? (
                      <Text size="sm" c="dimmed" fs="italic">
                        [{t('replay.messages.nonText')}]
                      </Text>
                    ) : (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {segmentText(sentence.text, isSeen ? (marks.get(sentence.index) ?? []) : []).map((segment) =>
                          segment.labels === null ? (
                            <Fragment key={segment.start}>{segment.text}</Fragment>
                          ) : (
                            <Mark
                              key={segment.start}
                              color="yellow"
                              data-highlight={segment.labels.join(' / ')}
                              data-message={sentence.index}
                              data-start={segment.start}
                              data-end={segment.end}
                              title={segment.labels.join(' / ') || undefined}
                            >
                              {segment.text}
                            </Mark>
                          ),
                        )}
                      </Text>
                    )}
                  </Paper>
                </Stack>
              </Group>
            </Box>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
