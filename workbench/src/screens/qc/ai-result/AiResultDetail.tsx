import {
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  LoadingOverlay,
  Mark,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { AiProvider, LIMITS, QcResultStatus, type ResultRule, RuleScoreType } from '@qcdesk/contracts';
import { lexiconModel } from '@qcdesk/engine';
import { Fragment, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useCan } from '../../../auth/session-store';
import { AI_RESULT_CHANGE } from '../../../entities/ai-result';
import { COMPLAINT_FILE } from '../../../entities/complaint';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { displayText, displayTime, Folded } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { ChatTranscript, type TranscriptFocus } from '../../../ui/transcript/ChatTranscript';
import { segmentText } from '../../../ui/transcript/highlight-spans';
import { useMoreMessages } from '../../../ui/transcript/use-more-messages';
import { OpenTicketButton } from '../../ticket/OpenTicketButton';
import { type RuleHit, ruleHighlights, ruleHits } from './evidence';
import { InfoGrid, SessionPanel } from './SessionPanel';
import { useAiResultDetail } from './use-ai-result';

const ruleKey = (rule: ResultRule) => String(rule.ruleId);

/**
 * /qc/ai-result/detail?id={sessionId}: the transcript beside the AI and review scores, basic info, the session panel
 * and the hit rules with their evidence. Clicking a rule marks its spans in the transcript and scrolls to its first
 * hit; clicking one of its hits scrolls to that message. 复检 opens the re-inspection; 申诉 (qc-complaint.edit, no
 * pending complaint) opens the filing form.
 */
export function AiResultDetail({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label } = useI18n();
  const can = useCan();
  const sessionId = location.query.id;
  const { detail, error, loading, reload } = useAiResultDetail(sessionId, location.query.schemeId);
  const [active, setActive] = useState<string | null>(null);
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);

  // the detail carries the first messages (at most 1,000); 'view more' reads the rest from the server
  const given = useMemo(() => detail?.messages ?? [], [detail]);
  const source = useMemo(
    () => (detail?.sessionId ? { sessionId: detail.sessionId, chatId: detail.chatId ?? null } : null),
    [detail],
  );
  const transcript = useMoreMessages(client, source, given, detail?.messageTotal);
  const messages = transcript.messages;
  const rules = useMemo(() => (detail?.resultRules?.length ? detail.resultRules : (detail?.rules ?? [])), [detail]);
  const hits = useMemo(() => new Map(rules.map((r) => [ruleKey(r), ruleHits(r, messages)])), [rules, messages]);
  // one pending complaint per result at a time (the server refuses a second)
  const pendingComplaint =
    detail?.complaint?.status === 'PENDING' || (detail?.complaints ?? []).some((c) => c.status === 'PENDING');
  const activeRule = rules.find((r) => ruleKey(r) === active) ?? null;
  const highlights = useMemo(
    () =>
      activeRule ? ruleHighlights(hits.get(ruleKey(activeRule)) ?? [], activeRule.ruleName ?? activeRule.ruleId) : [],
    [activeRule, hits],
  );

  const select = (rule: ResultRule, hit?: RuleHit) => {
    setActive(ruleKey(rule));
    const target = hit ?? hits.get(ruleKey(rule))?.[0];
    setFocus(target ? { message: target.message } : null);
  };

  if (!sessionId) return <FormErrorBanner error={t('aiResult.notFound')} />;

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={error} onRetry={reload} />
      {detail && (
        <>
          <Group justify="space-between" align="flex-start">
            <Group gap="xl">
              <Score label={t('aiResult.aiScore')} value={detail.aiScore} testId="ai-score" />
              <Score
                label={t('aiResult.reviewScore')}
                value={detail.isReview ? detail.reviewScore : null}
                testId="review-score"
              />
              {detail.isVeto && <Badge color="red">{t('aiResult.veto')}</Badge>}
              {detail.modelId && (
                <Text size="sm" c={detail.modelFallback ? 'orange' : 'dimmed'} data-testid="ai-result-model">
                  {t('aiResult.model', {
                    name: detail.modelId === lexiconModel.id ? label(AiProvider, 'BUILTIN') : detail.modelId,
                  })}
                  {detail.modelFallback && t('aiResult.modelFallback')}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <OpenTicketButton
                sessionId={detail.sessionId}
                aiResultId={detail.id}
                score={detail.aiScore}
                modal={location.query._modal}
              />
              {can('qc-complaint.edit') && !pendingComplaint && (
                <Button
                  variant="default"
                  onClick={() =>
                    navigate(COMPLAINT_FILE, {
                      id: detail.sessionId,
                      schemeId: detail.schemeId,
                      type: 'AI',
                      _modal: location.query._modal ?? 'large',
                    })
                  }
                >
                  {t('complaint.file')}
                </Button>
              )}
              {can('qc-ai-result.edit') && (
                <Button
                  onClick={() =>
                    navigate(AI_RESULT_CHANGE, {
                      id: detail.sessionId,
                      schemeId: detail.schemeId,
                      _modal: location.query._modal ?? 'large',
                    })
                  }
                >
                  {t('aiResult.reinspect')}
                </Button>
              )}
            </Group>
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Paper withBorder p="sm">
                <Text fw={600} mb="xs">
                  {t('aiResult.transcript')}
                </Text>
                <ScrollArea h={640} type="auto" offsetScrollbars>
                  <ChatTranscript
                    messages={messages}
                    highlights={highlights}
                    focus={focus}
                    total={transcript.total}
                    onLoadMore={transcript.loadMore}
                  />
                </ScrollArea>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <Paper withBorder p="sm">
                  <Text fw={600} mb="xs">
                    {t('aiResult.hitRules')}
                  </Text>
                  {rules.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('aiResult.noHits')}
                    </Text>
                  ) : (
                    <Stack gap="xs">
                      <Text size="xs" c="dimmed">
                        {t('aiResult.clickRuleHint')}
                      </Text>
                      {rules.map((rule) => (
                        <RuleCard
                          key={ruleKey(rule)}
                          rule={rule}
                          hits={hits.get(ruleKey(rule)) ?? []}
                          active={ruleKey(rule) === active}
                          onSelect={(hit) => select(rule, hit)}
                          scoreType={rule.ruleScoreType ? label(RuleScoreType, rule.ruleScoreType) : null}
                        />
                      ))}
                    </Stack>
                  )}
                </Paper>
                <Paper withBorder p="sm">
                  <Text fw={600} mb="xs">
                    {t('aiResult.basicInfo')}
                  </Text>
                  <InfoGrid
                    items={[
                      ['aiResult.id', detail.id],
                      ['aiResult.sessionId', detail.sessionId],
                      ['aiResult.agentName', detail.name ?? detail.nick],
                      [
                        'aiResult.groups',
                        <Folded
                          key="groups"
                          items={detail.groups}
                          limit={LIMITS.foldGroups}
                          render={(g) => (
                            <Badge key={g.groupId} variant="outline" color="gray" tt="none">
                              {g.groupName ?? g.groupId}
                            </Badge>
                          )}
                        />,
                      ],
                      ['aiResult.scheme', detail.schemeName],
                      ['aiResult.aiStatus', label(QcResultStatus, detail.aiStatus)],
                      ['aiResult.channel', detail.trackClient],
                      ['aiResult.sessionStart', displayTime(detail.createTime ?? detail.sessionBeginTime)],
                      ['aiResult.duration', detail.duration],
                      ['aiResult.isReview', t(detail.isReview ? 'common.yes' : 'common.no')],
                      ['aiResult.isComplaint', t(detail.isComplaint ? 'common.yes' : 'common.no')],
                      ['common.comments', detail.comments],
                    ]}
                  />
                </Paper>
                <Paper withBorder p="sm">
                  <Text fw={600} mb="xs">
                    {t('session.panel')}
                  </Text>
                  {detail.session ? (
                    <SessionPanel
                      session={detail.session}
                      canViewRating={can('qc-ai-result.view') && Boolean(detail.id)}
                    />
                  ) : (
                    <Text size="sm">{displayText(null)}</Text>
                  )}
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

function Score({ label, value, testId }: { label: string; value: number | null | undefined; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Title order={3} data-testid={testId}>
        {displayText(value)}
      </Title>
    </Stack>
  );
}

/** A hit rule: name, points, hit count, review; its hits with the matched words marked. */
function RuleCard({
  rule,
  hits,
  active,
  scoreType,
  onSelect,
}: {
  rule: ResultRule;
  hits: readonly RuleHit[];
  active: boolean;
  scoreType: string | null;
  onSelect: (hit?: RuleHit) => void;
}) {
  const { t } = useI18n();
  return (
    <Paper
      withBorder
      p="xs"
      data-rule-id={rule.ruleId}
      data-active={active || undefined}
      style={{ borderColor: active ? 'var(--mantine-color-yellow-6)' : undefined }}
    >
      <UnstyledButton onClick={() => onSelect()} w="100%" aria-pressed={active}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {rule.ruleName ?? rule.ruleId}
          </Text>
          <Group gap={4} wrap="nowrap">
            {scoreType && (
              <Badge variant="light" size="sm">
                {scoreType}
              </Badge>
            )}
            <Badge variant="outline" size="sm">
              {t('aiResult.ruleScore', { score: rule.scoreNum })}
            </Badge>
            {rule.isVeto && (
              <Badge color="red" size="sm">
                {t('aiResult.veto')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('aiResult.hitCount', { count: rule.hitCount ?? hits.length })}
          {rule.reviewScore !== null && rule.reviewScore !== undefined
            ? ` · ${t('aiResult.reviewScore')} ${rule.reviewScore}`
            : ''}
        </Text>
      </UnstyledButton>
      <Divider my={6} />
      {hits.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('aiResult.noEvidence')}
        </Text>
      )}
      <Stack gap={4}>
        {hits.map((hit) => (
          <UnstyledButton
            key={`${hit.message}-${hit.cid ?? ''}`}
            onClick={() => onSelect(hit)}
            data-hit-message={hit.message}
          >
            <Text size="xs" span c="dimmed" mr={6}>
              {t('aiResult.messageNo', { n: hit.message + 1 })}
              {hit.cid ? ` · ${hit.cid}` : ''}
            </Text>
            <Text size="sm" span>
              {segmentText(hit.words, hit.spans).map((segment) =>
                segment.labels === null ? (
                  <Fragment key={segment.start}>{segment.text}</Fragment>
                ) : (
                  <Mark key={segment.start} color="orange">
                    {segment.text}
                  </Mark>
                ),
              )}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
