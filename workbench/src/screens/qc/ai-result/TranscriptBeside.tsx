import { Anchor, Button, Grid, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import { ChatTranscript } from '../../../ui/transcript/ChatTranscript';
import type { ScoringTranscript } from './use-scoring-transcript';

/** Mantine's lg breakpoint (75em): from here the transcript and the form stand side by side. */
const WIDE = '(min-width: 75em)';

/**
 * A scoring form with the session's conversation: side by side from 1200 px (the transcript stays in sight while the
 * form scrolls), below that the transcript above the form. The transcript marks the hit rules' evidence; the list of
 * hit rules above it, like the rule names in the form, scrolls it to a rule's first hit.
 */
export function TranscriptBeside({
  transcript,
  hitsTitle,
  noHits,
  children,
}: {
  transcript: ScoringTranscript;
  /** the heading of the hit rules (命中规则, or 智能质检命中 beside a manual assessment) */
  hitsTitle: MessageKey;
  /** what shows when no rule marks anything in this session */
  noHits: MessageKey;
  children: ReactNode;
}) {
  const wide = useMediaQuery(WIDE) ?? false;
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col
        span={{ base: 12, lg: 5 }}
        // the modal's header is sticky too: the column stops below it
        style={wide ? { position: 'sticky', top: 64, zIndex: 1 } : undefined}
      >
        <TranscriptPanel transcript={transcript} hitsTitle={hitsTitle} noHits={noHits} wide={wide} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }} data-testid="scoring-form">
        {children}
      </Grid.Col>
    </Grid>
  );
}

function TranscriptPanel({
  transcript,
  hitsTitle,
  noHits,
  wide,
}: {
  transcript: ScoringTranscript;
  hitsTitle: MessageKey;
  noHits: MessageKey;
  wide: boolean;
}) {
  const { t } = useI18n();
  const hit = transcript.rules.filter((rule) => transcript.hitsOf(String(rule.ruleId)).length > 0);
  return (
    <Paper withBorder p="sm" data-testid="scoring-transcript">
      <Stack gap="xs">
        <Text fw={600}>{t('aiResult.transcript')}</Text>
        <Stack gap={4} data-testid="scoring-hits">
          <Text size="xs" c="dimmed">
            {hit.length === 0 ? t(noHits) : `${t(hitsTitle)} · ${t('aiResult.clickRuleHint')}`}
          </Text>
          {hit.length > 0 && (
            <Group gap={6}>
              {hit.map((rule) => {
                const key = String(rule.ruleId);
                const active = transcript.active === key;
                return (
                  <Button
                    key={key}
                    size="compact-xs"
                    variant={active ? 'filled' : 'light'}
                    color="yellow"
                    c={active ? undefined : 'dark'}
                    aria-pressed={active}
                    data-hit-rule={key}
                    onClick={() => transcript.select(key)}
                  >
                    {rule.ruleName ?? key} · {t('aiResult.hitCount', { count: transcript.hitCountOf(key) })}
                  </Button>
                );
              })}
              {transcript.active !== null && (
                <Button size="compact-xs" variant="subtle" onClick={transcript.showAll}>
                  {t('scoring.allHits')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
        <ScrollArea h={wide ? 'calc(100vh - 360px)' : 360} mih={320} type="auto" offsetScrollbars>
          <ChatTranscript
            messages={transcript.messages}
            highlights={transcript.highlights}
            focus={transcript.focus}
            total={transcript.total}
            onLoadMore={transcript.loadMore}
          />
        </ScrollArea>
      </Stack>
    </Paper>
  );
}

/**
 * A rule's name in a scoring form: with hits in the transcript a button that scrolls to the first of them (and says
 * how many there are), without any plain text.
 */
export function RuleName({
  transcript,
  ruleId,
  name,
}: {
  transcript: ScoringTranscript | undefined;
  ruleId: string;
  name: string;
}) {
  const { t } = useI18n();
  if (!transcript || transcript.hitsOf(ruleId).length === 0) return <Text size="sm">{name}</Text>;
  return (
    <Stack gap={0} align="flex-start">
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={transcript.active === String(ruleId) ? 700 : undefined}
        title={t('scoring.showHits')}
        aria-pressed={transcript.active === String(ruleId)}
        onClick={() => transcript.select(ruleId)}
      >
        {name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('aiResult.hitCount', { count: transcript.hitCountOf(ruleId) })}
      </Text>
    </Stack>
  );
}
