import { ActionIcon, Button, Checkbox, FileButton, Group, LoadingOverlay, Stack, Text, Textarea } from '@mantine/core';
import {
  COMPLAINT_ATTACHMENT_PREFIX,
  type ComplaintCreate,
  type ComplaintFile as ComplaintFileRef,
  complaintCreateSchema,
  LIMITS,
  type ManualResultDetailAnswer,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { errorText } from '../../../api/client';
import { useLoad } from '../../../api/use-load';
import { AI_RESULT_DETAIL } from '../../../entities/ai-result';
import { COMPLAINT_BASE } from '../../../entities/complaint';
import { MANUAL_RESULT_BASE } from '../../../entities/manual-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess, notifyWarning } from '../../../ui/notify';
import { useAiResultDetail } from '../ai-result/use-ai-result';
import { FileLink } from './ComplaintDetail';
import { hitRules } from './complaint-data';
import { uploadComplaintFile } from './upload';

const CREATE_PATH = `${COMPLAINT_BASE}/create`;
const MANUAL_DETAIL_ROUTE = '/qc/manual-result/detail';

/** A rule the agent may complain about: an AI result's hit rules, a manual result's rules of its angles. */
interface ComplainableRule {
  ruleId: string;
  ruleName: string | null;
}

/** The manual result of the session (type MANUAL), loaded as its detail screen does. */
function useManualResult(sessionId: string | undefined) {
  const client = useApi();
  const loaded = useLoad(
    () => client.request<ManualResultDetailAnswer>({ path: `${MANUAL_RESULT_BASE}/detail`, query: { sessionId } }),
    [client, sessionId],
    { enabled: sessionId !== undefined },
  );
  return { result: loaded.data, error: loaded.error, loading: loaded.loading };
}

/** The rules of a manual result's angles, each once. */
function angleRules(result: ManualResultDetailAnswer): ComplainableRule[] {
  const seen = new Map<string, ComplainableRule>();
  for (const angle of result.manualAngles ?? [])
    for (const rule of angle.manualRules)
      if (!seen.has(rule.ruleId)) seen.set(rule.ruleId, { ruleId: rule.ruleId, ruleName: rule.ruleName ?? null });
  return [...seen.values()];
}

/**
 * /qc/complaint/create?id={sessionId}&type=AI|MANUAL: an agent files a complaint against an AI result (the hit rules
 * he complains about) or a manual result (the rules of its angles), with a reason (required, ≤ 100) and one optional
 * attachment under qc/complaint/. Posts to /v3/chats/complaint/create and goes back to the result's detail.
 */
export function ComplaintFile({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m, locale } = useI18n();
  const sessionId = location.query.id;
  const type = location.query.type ?? 'AI';
  const ai = useAiResultDetail(type === 'AI' ? sessionId : undefined, location.query.schemeId);
  const manual = useManualResult(type === 'MANUAL' ? sessionId : undefined);
  const { error, loading } = type === 'MANUAL' ? manual : ai;
  // the complained result: its id, its session and the rules to pick from
  const detail = useMemo(() => {
    if (type === 'MANUAL')
      return manual.result
        ? { id: manual.result.id, sessionId: manual.result.sessionId, rules: angleRules(manual.result) }
        : null;
    if (!ai.detail) return null;
    const rules = hitRules(ai.detail).map((r) => ({ ruleId: String(r.ruleId), ruleName: r.ruleName ?? null }));
    return { id: ai.detail.id, sessionId: ai.detail.sessionId, schemeId: ai.detail.schemeId, rules };
  }, [type, ai.detail, manual.result]);
  const [picked, setPicked] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [attachment, setAttachment] = useState<ComplaintFileRef | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  if (!sessionId || (type !== 'AI' && type !== 'MANUAL')) return <FormErrorBanner error={t('aiResult.notFound')} />;

  const rules = detail?.rules ?? [];

  const upload = async (file: File | null) => {
    if (!file) return;
    if (attachment) {
      notifyWarning(m('qc.complaint.attachmentLimit'));
      return;
    }
    setUploading(true);
    setBanner(null);
    try {
      setAttachment(await uploadComplaintFile(file));
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    if (!detail?.id) return;
    const body: ComplaintCreate = {
      type: type === 'MANUAL' ? 'MANUAL' : 'AI',
      sessionId: detail.sessionId,
      resultId: detail.id,
      reason,
      complaintRules: rules
        .filter((r) => picked.includes(r.ruleId))
        .map((r) => ({ ruleId: r.ruleId, ruleName: r.ruleName })),
      attachment: attachment?.path ?? null,
      complaintFiles: attachment ? [attachment] : [],
    };
    const checked = complaintCreateSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const problem of toFieldErrors(checked.error, locale)) next[problem.field] ??= problem.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBanner(null);
    setSaving(true);
    try {
      await client.request<unknown>({ path: CREATE_PATH, body: checked.data });
      notifySuccess();
      navigate(
        type === 'MANUAL' ? MANUAL_DETAIL_ROUTE : AI_RESULT_DETAIL,
        {
          id: detail.sessionId,
          ...('schemeId' in detail ? { schemeId: detail.schemeId } : {}),
          _reload: 'list',
          _modal: location.query._modal ?? 'large',
        },
        { replace: true },
      );
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner ?? error} onClose={() => setBanner(null)} />
      {detail && (
        <>
          <Text fw={600}>{t('manual.header.session', { id: detail.sessionId })}</Text>
          <Checkbox.Group
            label={t('complaint.fileRules')}
            value={picked}
            onChange={setPicked}
            error={errors.complaintRules}
          >
            <Stack gap={6} mt={6}>
              {rules.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('complaint.noHits')}
                </Text>
              ) : (
                rules.map((rule) => (
                  <Checkbox key={rule.ruleId} value={rule.ruleId} label={rule.ruleName ?? rule.ruleId} />
                ))
              )}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label={t('complaint.reason')}
            withAsterisk
            rows={3}
            maxLength={LIMITS.reasonMax}
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Stack gap={4}>
            <Group gap="xs">
              <FileButton onChange={(file) => void upload(file)}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={uploading}>
                    {t('complaint.upload')}
                  </Button>
                )}
              </FileButton>
              {attachment && (
                <Group gap={4} data-testid="attachment">
                  <FileLink path={attachment.path} name={attachment.name} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('complaint.removeFile')}
                    onClick={() => setAttachment(null)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('complaint.uploadHint', { prefix: COMPLAINT_ATTACHMENT_PREFIX, max: LIMITS.complaintAttachments })}
            </Text>
            {(errors.attachment ?? errors.complaintFiles) && (
              <Text size="xs" c="red">
                {errors.attachment ?? errors.complaintFiles}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button loading={saving} disabled={!detail.id} onClick={() => void submit()}>
              {t('complaint.submit')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
