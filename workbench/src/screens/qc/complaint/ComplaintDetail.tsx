import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  LoadingOverlay,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  type Complaint,
  ComplaintStatus,
  type ComplaintType,
  canReviewComplaint,
  type ResultRule,
} from '@qcdesk/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { manualScoreText } from '../../../entities/manual-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { ABSENT, displayText, displayTime } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { ChatTranscript, type TranscriptFocus, type TranscriptMessage } from '../../../ui/transcript/ChatTranscript';
import { ruleHighlights, ruleHits } from '../ai-result/evidence';
import {
  AngleBlocks,
  groupNames,
  InfoTable,
  Section,
  SessionInfo,
  useSessionMessages,
} from '../manual-result/detail-pieces';
import { type ComplaintDetailAnswer, hitRules, loadComplaintDetail } from './complaint-data';

/** A stored file's download link (GET /v3/worker/center/download?path=). */
export function FileLink({ path, name }: { path: string | null | undefined; name?: string | null }) {
  if (!path) return <Text span>{ABSENT}</Text>;
  return (
    <Anchor href={`/v3/worker/center/download?path=${encodeURIComponent(path)}`} target="_blank" rel="noreferrer">
      {name ??
        path
          .split('/')
          .pop()
          ?.replace(/^[0-9a-f]{12}-/, '') ??
        path}
    </Anchor>
  );
}

/** The complaint block: status, reason, complained items, review opinion, complaint and review attachments. */
export function ComplaintInfo({ complaint }: { complaint: Complaint | null | undefined }) {
  const { label } = useI18n();
  if (!complaint) return <Text c="dimmed">{ABSENT}</Text>;
  const files: ReactNode =
    complaint.complaintFiles.length > 0 ? (
      <Stack gap={2}>
        {complaint.complaintFiles.map((f) => (
          <FileLink key={f.path} path={f.path} name={f.name} />
        ))}
      </Stack>
    ) : complaint.attachment ? (
      <FileLink path={complaint.attachment} />
    ) : null;
  return (
    <InfoTable
      rows={[
        { label: 'complaint.id', value: complaint.id },
        {
          label: 'complaint.status',
          value: <Badge variant="light">{label(ComplaintStatus, complaint.status)}</Badge>,
        },
        { label: 'complaint.reason', value: complaint.reason },
        {
          label: 'complaint.rules',
          value: complaint.complaintRules.map((r) => r.ruleName ?? r.ruleId).join('、'),
        },
        { label: 'complaint.opinion', value: complaint.commonReason },
        { label: 'complaint.attachment', value: files },
        {
          label: 'complaint.reviewAttachment',
          value: complaint.commonAttachment ? <FileLink path={complaint.commonAttachment} /> : null,
        },
      ]}
    />
  );
}

/** The hit rules of an AI result with their hit text marked; clicking one marks its evidence in the transcript. */
export function HitRuleList({
  rules,
  messages,
  selected,
  onSelect,
}: {
  rules: readonly ResultRule[];
  messages: readonly TranscriptMessage[];
  selected: string | null;
  onSelect: (ruleId: string) => void;
}) {
  const { t } = useI18n();
  if (rules.length === 0) return <Text c="dimmed">{t('complaint.noHits')}</Text>;
  return (
    <Stack gap="xs">
      {rules.map((rule) => (
        <UnstyledButton
          key={rule.ruleId}
          onClick={() => onSelect(rule.ruleId)}
          data-rule={rule.ruleId}
          aria-pressed={selected === rule.ruleId}
          p="xs"
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 4,
            background: selected === rule.ruleId ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {rule.ruleName ?? rule.ruleId}
            </Text>
            <Badge variant="light" color={rule.isVeto ? 'red' : 'blue'}>
              {rule.scoreNum}
            </Badge>
          </Group>
          {ruleHits(rule, messages).map((hit) => (
            <Text key={`${hit.cid ?? ''}/${hit.message}`} size="xs" c="dimmed">
              {marked(hit.words, hit.spans)}
            </Text>
          ))}
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** The hit sentence with its matched parts marked. */
function marked(text: string, spans: readonly { start: number; end: number }[]): ReactNode {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  for (const span of sorted) {
    if (span.start < at) continue;
    if (span.start > at) out.push(text.slice(at, span.start));
    out.push(<mark key={`${span.start}-${span.end}`}>{text.slice(span.start, span.end)}</mark>);
    at = span.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The complaint's review route: approve-ai or approve-manual (large modal). */
export function reviewRoute(detail: ComplaintDetailAnswer, complaintId: string) {
  const { result } = detail;
  return {
    path: detail.type === 'AI' ? '/qc/complaint/approve-ai' : '/qc/complaint/approve-manual',
    query: {
      id: result.sessionId,
      complaintId,
      schemeId: result.schemeId ?? undefined,
      _modal: 'large',
    },
  };
}

/**
 * /qc/complaint/detail?id&type: the score, basic info, complaint info, session info and dialogue; AI complaints list
 * the hit rules (a click syncs the transcript), MANUAL ones the angles. 'Complaint review' while not yet reviewed.
 */
export function ComplaintDetail({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const can = useCan();
  const complaintId = location.query.id ?? '';
  const type: ComplaintType = location.query.type === 'MANUAL' ? 'MANUAL' : 'AI';
  const {
    data: detail,
    error,
    loading,
    reload,
  } = useLoad(() => loadComplaintDetail(client, type, complaintId), [client, type, complaintId]);
  const [selectedRule, setSelectedRule] = useState<string | null>(null);
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);

  const result = detail?.result ?? null;
  const messages = useSessionMessages(result?.sessionId, result?.chatId, result?.messages);
  const rules = useMemo(() => (detail?.type === 'AI' ? hitRules(detail.result) : []), [detail]);
  const highlightsOf = (rule: ResultRule | undefined) =>
    rule ? ruleHighlights(ruleHits(rule, messages), rule.ruleName ?? rule.ruleId) : [];
  const highlights = highlightsOf(rules.find((r) => r.ruleId === selectedRule));

  const selectRule = (ruleId: string) => {
    setSelectedRule(ruleId);
    const first = highlightsOf(rules.find((r) => r.ruleId === ruleId))[0];
    setFocus(first ? { message: first.message } : null);
  };

  const complaint = result?.complaint ?? null;
  const status = complaint?.status;
  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={error} onRetry={reload} />
      {detail && result && (
        <>
          <Group justify="space-between">
            <Group gap="sm">
              <Title order={4}>{t('complaint.header', { id: complaintId })}</Title>
              <Badge size="lg" variant="light" data-testid="complaint-score">
                {detail.type === 'AI'
                  ? `${t('aiResult.aiScore')}: ${displayText(detail.result.aiScore)}`
                  : `${t('aiResult.manualScore')}: ${manualScoreText(detail.result)}`}
              </Badge>
            </Group>
            {status && canReviewComplaint(status) && can('qc-complaint.review') && (
              <Button
                onClick={() => {
                  const target = reviewRoute(detail, complaint?.id ?? complaintId);
                  navigate(target.path, target.query);
                }}
              >
                {t('complaint.review')}
              </Button>
            )}
          </Group>
          <Grid>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Section title="manual.dialogue">
                <ScrollArea h={640} type="auto" offsetScrollbars>
                  <ChatTranscript messages={messages} highlights={highlights} focus={focus} />
                </ScrollArea>
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="sm">
                <Section title="manual.basicInfo">
                  <InfoTable
                    rows={[
                      { label: 'aiResult.id', value: result.id },
                      { label: 'aiResult.scheme', value: result.schemeName },
                      { label: 'aiResult.sessionId', value: result.sessionId },
                      { label: 'aiResult.agentName', value: result.name },
                      { label: 'aiResult.sessionStart', value: displayTime(result.sessionBeginTime) },
                      { label: 'aiResult.duration', value: result.duration },
                      { label: 'aiResult.groups', value: groupNames(result.groups) },
                    ]}
                  />
                </Section>
                <Section title="complaint.info">
                  <ComplaintInfo complaint={complaint} />
                </Section>
                <Section title="manual.sessionInfo">
                  <SessionInfo
                    sessionId={result.sessionId}
                    canSeeRating={
                      can(detail.type === 'AI' ? 'qc-ai-result.view' : 'qc-manual-result.view') && Boolean(result.id)
                    }
                    given={result.session}
                  />
                </Section>
                {detail.type === 'AI' ? (
                  <Section title="complaint.hitRules">
                    <HitRuleList rules={rules} messages={messages} selected={selectedRule} onSelect={selectRule} />
                  </Section>
                ) : (detail.result.manualAngles ?? []).length > 0 ? (
                  <AngleBlocks angles={detail.result.manualAngles ?? []} style={detail.result.style} />
                ) : (
                  <Text c="dimmed">{t('manual.noAngles')}</Text>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
