import {
  Badge,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { aiResultReviewSchema, LIMITS, RuleScoreType, toFieldErrors } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { savedId } from '../../../api/resource';
import { useSaveForm } from '../../../api/use-save-form';
import { AI_RESULT_BASE, AI_RESULT_DETAIL, type AiResultDetail } from '../../../entities/ai-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { displayText } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { RuleName, TranscriptBeside } from './TranscriptBeside';
import { useAiResultDetail } from './use-ai-result';
import { useScoringTranscript } from './use-scoring-transcript';

/** One hit rule as the reviewer edits it; `before` is the score to give back when the veto is unticked. */
export interface ReviewRow {
  ruleId: string;
  ruleName: string;
  scoreNum: number;
  ruleScoreType: string | null;
  reviewScore: number | '';
  isVeto: boolean;
  before: number | '';
}

export function toReviewRows(detail: AiResultDetail): ReviewRow[] {
  const rules = detail.resultRules?.length ? detail.resultRules : (detail.rules ?? []);
  return rules.map((r) => {
    const score = r.isVeto ? 0 : (r.reviewScore ?? r.scoreNum);
    return {
      ruleId: String(r.ruleId),
      ruleName: r.ruleName ?? String(r.ruleId),
      scoreNum: r.scoreNum,
      ruleScoreType: r.ruleScoreType ?? null,
      reviewScore: score,
      isVeto: Boolean(r.isVeto),
      before: r.reviewScore ?? r.scoreNum,
    };
  });
}

/** Ticking a veto sets the rule's review score to 0 (the input is then disabled); unticking gives back the old one. */
export function setVeto(row: ReviewRow, isVeto: boolean): ReviewRow {
  if (isVeto === row.isVeto) return row;
  return isVeto
    ? { ...row, isVeto, before: row.reviewScore, reviewScore: 0 }
    : { ...row, isVeto, reviewScore: row.before };
}

/**
 * /qc/ai-result/change?id={sessionId}&schemeId=: a review score (0–100) per hit rule, a veto per rule, comments, beside
 * the conversation with the hits marked (a rule's name scrolls to its first hit). Saves with the result's version to
 * /v3/chats/ai-result/create; server errors show in the banner at the top; on success it returns to
 * /qc/ai-result/detail?id={sessionId}&schemeId= (reloading the list beneath).
 */
export function AiResultChange({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label, locale } = useI18n();
  const sessionId = location.query.id;
  const { detail, error: loadError, loading } = useAiResultDetail(sessionId, location.query.schemeId);
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [comments, setComments] = useState('');
  const { saving, errors, setErrors, banner, setBanner, submit } = useSaveForm();
  // the conversation beside the form, the hit rules' evidence marked (the detail's own pieces)
  const hitRules = useMemo(() => (detail?.resultRules?.length ? detail.resultRules : (detail?.rules ?? [])), [detail]);
  const transcript = useScoringTranscript({
    sessionId: detail?.sessionId,
    chatId: detail?.chatId,
    messages: detail?.messages,
    messageTotal: detail?.messageTotal,
    rules: hitRules,
  });

  useEffect(() => {
    if (!detail) return;
    setRows(toReviewRows(detail));
    setComments(detail.comments ?? '');
  }, [detail]);

  const update = (index: number, change: (row: ReviewRow) => ReviewRow) =>
    setRows((list) => list.map((row, i) => (i === index ? change(row) : row)));

  const save = async () => {
    if (!detail) return;
    const body = {
      id: detail.id,
      version: detail.version ?? 0,
      sessionId: detail.sessionId,
      comments: comments.trim() === '' ? null : comments.trim(),
      rules: rows.map((r) => ({
        ruleId: r.ruleId,
        reviewScore: r.isVeto ? 0 : r.reviewScore === '' ? undefined : r.reviewScore,
        isVeto: r.isVeto,
      })),
    };
    const checked = aiResultReviewSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const problem of toFieldErrors(checked.error, locale)) next[problem.field] ??= problem.message;
      setErrors(next);
      return;
    }
    setErrors({});
    await submit(
      async () => savedId(await client.request<unknown>({ path: `${AI_RESULT_BASE}/create`, body })),
      () =>
        navigate(
          AI_RESULT_DETAIL,
          {
            id: detail.sessionId,
            schemeId: detail.schemeId,
            _reload: 'list',
            _modal: location.query._modal ?? 'large',
          },
          { replace: true },
        ),
    );
  };

  return (
    <Stack gap="md" pos="relative" mih={160}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner ?? loadError} onClose={banner ? () => setBanner(null) : undefined} />
      {detail && (
        <>
          <Group gap="xl">
            <Text size="sm">
              {t('aiResult.sessionId')}：{detail.sessionId}
            </Text>
            <Text size="sm">
              {t('aiResult.scheme')}：{displayText(detail.schemeName)}
            </Text>
            <Text size="sm">
              {t('aiResult.aiScore')}：{displayText(detail.aiScore)}
            </Text>
          </Group>
          <TranscriptBeside transcript={transcript} hitsTitle="aiResult.hitRules" noHits="aiResult.noHits">
            <Stack gap="md">
              {rows.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('aiResult.noHits')}
                </Text>
              ) : (
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('aiResult.rule')}</Table.Th>
                      <Table.Th>{t('aiResult.ruleAiScore')}</Table.Th>
                      <Table.Th>{t('aiResult.reviewScore')}</Table.Th>
                      <Table.Th>{t('aiResult.veto')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, index) => (
                      <Table.Tr
                        key={row.ruleId}
                        data-rule-id={row.ruleId}
                        bg={transcript.active === row.ruleId ? 'var(--mantine-color-yellow-light)' : undefined}
                      >
                        <Table.Td>
                          <RuleName transcript={transcript} ruleId={row.ruleId} name={row.ruleName} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {row.ruleScoreType && (
                              <Badge variant="light" size="sm">
                                {label(RuleScoreType, row.ruleScoreType)}
                              </Badge>
                            )}
                            <Text size="sm">{row.scoreNum}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={`${row.ruleName} ${t('aiResult.reviewScore')}`}
                            min={LIMITS.scoreMin}
                            max={LIMITS.scoreMax}
                            clampBehavior="strict"
                            w={120}
                            value={row.reviewScore}
                            disabled={row.isVeto}
                            error={errors[`rules[${index}].reviewScore`]}
                            onChange={(value) =>
                              update(index, (r) => ({ ...r, reviewScore: value === '' ? '' : Number(value) }))
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={`${row.ruleName} ${t('aiResult.veto')}`}
                            checked={row.isVeto}
                            onChange={(e) => {
                              const checked = e.currentTarget.checked;
                              update(index, (r) => setVeto(r, checked));
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Textarea
                label={t('aiResult.comments')}
                value={comments}
                maxLength={LIMITS.commentsMax}
                rows={3}
                error={errors.comments}
                onChange={(e) => setComments(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button loading={saving} onClick={save}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </TranscriptBeside>
        </>
      )}
    </Stack>
  );
}
