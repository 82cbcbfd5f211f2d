import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Grid,
  Group,
  LoadingOverlay,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type AiResult,
  type AiResultDetailAnswer,
  COMPLAINT_ATTACHMENT_PREFIX,
  type Complaint,
  ComplaintApproveStatus,
  type ComplaintFile,
  type ComplaintInResult,
  ComplaintStatus,
  type ComplaintType,
  complaintApproveAiSchema,
  complaintApproveManualSchemaFor,
  LIMITS,
  type ManualResult,
  type ManualResultDetailAnswer,
  type QcScheme,
} from '@qcdesk/contracts';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../../api/api-context';
import { type ApiClient, errorText } from '../../../api/client';
import { useLoad } from '../../../api/use-load';
import { MANUAL_RESULT_BASE } from '../../../entities/manual-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { displayText, displayTime } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess, notifyWarning } from '../../../ui/notify';
import { ChatTranscript } from '../../../ui/transcript/ChatTranscript';
import {
  type AngleDraft,
  changedRulePaths,
  errorsByField,
  toAngleDrafts,
  toManualAngles,
  withoutFields,
} from '../manual-result/assessment-form';
import { InfoTable, Section, useSessionMessages } from '../manual-result/detail-pieces';
import { ScoringTable } from '../manual-result/ScoringTable';
import { FileLink } from './ComplaintDetail';
import { type AiComplaintDetail, afterReview, hitRules, type ManualComplaintDetail } from './complaint-data';
import { uploadComplaintFile } from './upload';

/** a result detail (filed from the result) or a detail-complaint answer (opened from the complaint) */
type Reviewed = AiResultDetailAnswer | AiComplaintDetail | ManualResultDetailAnswer | ManualComplaintDetail;

/** The complaint being reviewed: the full one from a detail-complaint call, or the one the result carries. */
type ReviewedComplaint = Pick<Complaint, 'id' | 'status'> & Partial<Pick<Complaint, 'version'>>;

interface RuleReview {
  ruleId: string;
  ruleName: string;
  scoreNum: number;
  reviewScore: number | '';
  isVeto: boolean;
}

/** What the reviewer fills in: status (PENDING until chosen), reason, one attachment, a note. */
interface Approval {
  status: string | null;
  commonReason: string;
  attachment: ComplaintFile | null;
  note: string;
}

const CHANGE_PATH = '/v3/chats/complaint/change';

async function load(client: ApiClient, kind: ComplaintType, query: Readonly<Record<string, string>>) {
  const complaintId = query.complaintId;
  const sessionId = query.id ?? '';
  let result: Reviewed;
  if (complaintId) {
    result = await client.request<Reviewed>({
      path: kind === 'AI' ? '/v3/chats/ai-result/detail-complaint' : `${MANUAL_RESULT_BASE}/detail-complaint`,
      query: { complaintId },
    });
  } else {
    result = await client.request<Reviewed>({
      path: kind === 'AI' ? '/v3/chats/ai-result/detail' : `${MANUAL_RESULT_BASE}/detail`,
      query: { sessionId, schemeId: query.schemeId },
    });
  }
  const carried: ComplaintInResult | Complaint | null | undefined = result.complaint;
  const complaint: ReviewedComplaint | null = carried
    ? { id: carried.id, status: carried.status, version: 'version' in carried ? carried.version : undefined }
    : complaintId
      ? { id: complaintId, status: 'PENDING' }
      : null;
  let scheme: QcScheme | null = null;
  const schemeId = query.schemeId ?? result.schemeId;
  if (kind === 'MANUAL' && schemeId) {
    // without qc-scheme.view the angles come from the result alone
    scheme = await client
      .request<QcScheme>({ path: '/v3/chats/qc-scheme/detail', query: { schemeId } })
      .catch(() => null);
  }
  return { result, complaint, scheme };
}

/**
 * /qc/complaint/approve-ai and /qc/complaint/approve-manual (query id = session id; complaintId, schemeId): the
 * session id, dialogue, basic info, the approval block (status not PENDING, reason ≤ 100, one attachment), a note,
 * and the AI score with a per-rule review table, or the manual scoring per angle. Saves through /complaint/change.
 */
export function ComplaintApprove({ location, kind }: { location: RouteLocation; kind: ComplaintType }) {
  const client = useApi();
  const { t, m, label, locale } = useI18n();
  const [angles, setAngles] = useState<AngleDraft[]>([]);
  const [rules, setRules] = useState<RuleReview[]>([]);
  const [approval, setApproval] = useState<Approval>({
    status: 'PENDING',
    commonReason: '',
    attachment: null,
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const query = location.query;

  const loaded = useLoad(() => load(client, kind, query), [client, kind, query], {
    onLoad: (answer) => {
      if (kind === 'AI') {
        setRules(
          hitRules(answer.result as AiResult).map((r) => ({
            ruleId: r.ruleId,
            ruleName: r.ruleName ?? r.ruleId,
            scoreNum: r.scoreNum,
            reviewScore: r.isVeto ? 0 : (r.reviewScore ?? r.scoreNum),
            isVeto: r.isVeto ?? false,
          })),
        );
      } else {
        setAngles(toAngleDrafts(answer.scheme, (answer.result as ManualResult).manualAngles));
      }
      setApproval((a) => ({ ...a, status: answer.complaint?.status ?? 'PENDING' }));
    },
    onError: setBanner,
  });
  const result: Reviewed | null = loaded.data?.result ?? null;
  const complaint: ReviewedComplaint | null = loaded.data?.complaint ?? null;
  const scheme: QcScheme | null = loaded.data?.scheme ?? null;
  const loading = loaded.loading;

  const messages = useSessionMessages(result?.sessionId, result?.chatId, result?.messages);
  const style = kind === 'MANUAL' ? (scheme?.style ?? (result as ManualResult | null)?.style ?? 'SCORE') : null;

  const upload = async (file: File | null) => {
    if (!file) return;
    if (approval.attachment) {
      notifyWarning(m('qc.complaint.attachmentLimit'));
      return;
    }
    setUploading(true);
    setBanner(null);
    try {
      const stored = await uploadComplaintFile(file);
      setApproval((a) => ({ ...a, attachment: stored }));
      clearErrors('complaint.commonAttachment');
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    if (!result || !complaint) return;
    const review = {
      id: complaint.id,
      status: approval.status,
      commonReason: approval.commonReason,
      commonAttachment: approval.attachment?.path ?? null,
    };
    const note = approval.note.trim() === '' ? null : approval.note.trim();
    const scored =
      kind === 'AI'
        ? {
            rules: rules.map((r) => ({
              ruleId: r.ruleId,
              reviewScore: r.isVeto ? 0 : r.reviewScore === '' ? null : r.reviewScore,
              isVeto: r.isVeto,
            })),
          }
        : { schemeId: scheme?.id ?? result.schemeId, manualAngles: toManualAngles(angles, style) };
    const checked =
      kind === 'AI'
        ? complaintApproveAiSchema.safeParse({ sessionId: result.sessionId, note, ...scored, complaint: review })
        : complaintApproveManualSchemaFor({ style }).safeParse({
            sessionId: result.sessionId,
            note,
            ...scored,
            complaint: review,
          });
    if (!checked.success) {
      setErrors(errorsByField(checked.error, locale).byField);
      return;
    }
    setErrors({});
    setBanner(null);
    setSaving(true);
    try {
      await client.request({
        path: CHANGE_PATH,
        body: {
          complaint: review,
          ...(typeof complaint.version === 'number' ? { version: complaint.version } : {}),
          sessionId: result.sessionId,
          resultId: result.id ?? null,
          note,
          ...scored,
        },
      });
      notifySuccess();
      const target = afterReview(complaint.id, kind);
      navigate(target.path, target.query, { replace: true });
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const statusOptions = [
    { value: 'PENDING', label: label(ComplaintStatus, 'PENDING') },
    ...ComplaintApproveStatus.values.map((value) => ({ value, label: label(ComplaintApproveStatus, value) })),
  ];
  const setRule = (ruleId: string, change: Partial<RuleReview>) =>
    setRules((all) => all.map((r) => (r.ruleId === ruleId ? { ...r, ...change } : r)));
  // the error was about the field's old value: filling the field answers it (as the assessment form does)
  const clearErrors = (...fields: string[]) => setErrors((all) => withoutFields(all, fields));

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {result && (
        <>
          <Group gap="sm">
            <Title order={4}>{t('manual.header.session', { id: result.sessionId })}</Title>
            {kind === 'AI' && (
              <Badge size="lg" variant="light">
                {t('aiResult.aiScore')}: {displayText((result as AiResult).aiScore)}
              </Badge>
            )}
          </Group>
          {!complaint && <Text c="red">{t('complaint.none')}</Text>}
          <Grid>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Section title="manual.dialogue">
                <ScrollArea h={640} type="auto" offsetScrollbars>
                  <ChatTranscript messages={messages} highlights={[]} />
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
                    ]}
                  />
                </Section>
                <Section title="complaint.approval">
                  <Stack gap="xs">
                    <Select
                      label={t('complaint.approveStatus')}
                      withAsterisk
                      allowDeselect={false}
                      data={statusOptions}
                      value={approval.status}
                      error={errors['complaint.status']}
                      onChange={(status) => {
                        setApproval((a) => ({ ...a, status }));
                        clearErrors('complaint.status', 'complaint');
                      }}
                    />
                    <Textarea
                      label={t('complaint.approveReason')}
                      withAsterisk
                      rows={2}
                      maxLength={LIMITS.reasonMax}
                      value={approval.commonReason}
                      error={errors['complaint.commonReason']}
                      onChange={(e) => {
                        const commonReason = e.currentTarget.value;
                        setApproval((a) => ({ ...a, commonReason }));
                        clearErrors('complaint.commonReason');
                      }}
                    />
                    <Group gap="xs">
                      <FileButton onChange={(file) => void upload(file)}>
                        {(props) => (
                          <Button
                            {...props}
                            variant="default"
                            leftSection={<IconPaperclip size={16} />}
                            loading={uploading}
                          >
                            {t('complaint.upload')}
                          </Button>
                        )}
                      </FileButton>
                      {approval.attachment && (
                        <Group gap={4} data-testid="attachment">
                          <FileLink path={approval.attachment.path} name={approval.attachment.name} />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('complaint.removeFile')}
                            onClick={() => {
                              setApproval((a) => ({ ...a, attachment: null }));
                              clearErrors('complaint.commonAttachment');
                            }}
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('complaint.uploadHint', {
                        prefix: COMPLAINT_ATTACHMENT_PREFIX,
                        max: LIMITS.complaintAttachments,
                      })}
                    </Text>
                    {errors['complaint.commonAttachment'] && (
                      <Text size="xs" c="red">
                        {errors['complaint.commonAttachment']}
                      </Text>
                    )}
                  </Stack>
                </Section>
                <Textarea
                  label={t('complaint.note')}
                  rows={2}
                  maxLength={LIMITS.commentsMax}
                  value={approval.note}
                  error={errors.note}
                  onChange={(e) => {
                    const note = e.currentTarget.value;
                    setApproval((a) => ({ ...a, note }));
                    clearErrors('note');
                  }}
                />
                {kind === 'AI' ? (
                  <Section title="complaint.hitRules">
                    <Table withTableBorder>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('manual.ruleName')}</Table.Th>
                          <Table.Th>{t('aiResult.ruleAiScore')}</Table.Th>
                          <Table.Th w={140}>{t('complaint.reviewScore')}</Table.Th>
                          <Table.Th w={100}>{t('complaint.veto')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rules.map((rule, i) => (
                          <Table.Tr key={rule.ruleId}>
                            <Table.Td>{rule.ruleName}</Table.Td>
                            <Table.Td>{rule.scoreNum}</Table.Td>
                            <Table.Td>
                              <NumberInput
                                aria-label={`${rule.ruleName} ${t('complaint.reviewScore')}`}
                                min={LIMITS.scoreMin}
                                max={LIMITS.scoreMax}
                                clampBehavior="strict"
                                disabled={rule.isVeto}
                                value={rule.reviewScore}
                                error={errors[`rules[${i}].reviewScore`]}
                                onChange={(v) => {
                                  setRule(rule.ruleId, { reviewScore: v === '' ? '' : Number(v) });
                                  clearErrors(`rules[${i}].reviewScore`, `rules[${i}]`);
                                }}
                              />
                            </Table.Td>
                            <Table.Td>
                              <Checkbox
                                aria-label={`${rule.ruleName} ${t('complaint.veto')}`}
                                checked={rule.isVeto}
                                onChange={(e) => {
                                  const isVeto = e.currentTarget.checked;
                                  setRule(rule.ruleId, isVeto ? { isVeto, reviewScore: 0 } : { isVeto });
                                  clearErrors(`rules[${i}].reviewScore`, `rules[${i}].isVeto`, `rules[${i}]`);
                                }}
                              />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Section>
                ) : (
                  <ScoringTable
                    angles={angles}
                    style={style}
                    errors={errors}
                    onChange={(next) => {
                      clearErrors(...changedRulePaths(angles, next));
                      setAngles(next);
                    }}
                  />
                )}
              </Stack>
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button loading={saving} disabled={!complaint} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
