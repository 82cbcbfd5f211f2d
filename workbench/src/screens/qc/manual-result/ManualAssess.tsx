import { Badge, Button, Checkbox, Group, LoadingOverlay, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  assessmentSchemaFor,
  type ManualResult,
  type ManualResultDetailAnswer,
  type QcScheme,
  type ResultRule,
  ScoringStyle,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import { MANUAL_DETAIL_PATH, MANUAL_RESULT_BASE } from '../../../entities/manual-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifyWarning } from '../../../ui/notify';
import { TranscriptBeside } from '../ai-result/TranscriptBeside';
import { useAiResultDetail } from '../ai-result/use-ai-result';
import { useScoringTranscript } from '../ai-result/use-scoring-transcript';
import {
  type AngleDraft,
  changedRulePaths,
  errorsByField,
  toAngleDrafts,
  toManualAngles,
  withoutFields,
} from './assessment-form';
import { Section } from './detail-pieces';
import { ScoringTable } from './ScoringTable';

/**
 * /qc/manual-result/assess?id={sessionId}&schemeId: the assessment of a session against a PERSON scheme, in its
 * style (SCORE: points per rule, PASS: pass or fail per rule), with fatal errors, reasons, the scheme's appraisal
 * items (required ones must be filled) and veto statements, beside the conversation with the AI inspection's hits
 * marked (the session's newest AI result, when the user may see it). On save: the detail with _reload=list.
 */
export function ManualAssess({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label, locale } = useI18n();
  const sessionId = location.query.id ?? '';
  const can = useCan();
  const [angles, setAngles] = useState<AngleDraft[]>([]);
  const [appraises, setAppraises] = useState<string[]>([]);
  const [vetoes, setVetoes] = useState<string[]>([]);
  const { saving, errors, setErrors, banner, setBanner, submit } = useSaveForm();

  const loaded = useLoad(
    async () => {
      // the result of the scheme being assessed (its version is what the save sends back), else the latest
      const picked = location.query.schemeId;
      const found = await client.request<ManualResultDetailAnswer>({
        path: `${MANUAL_RESULT_BASE}/detail`,
        query: picked ? { sessionId, schemeId: picked } : { sessionId },
      });
      const schemeId = picked ?? found.schemeId;
      const chosen = schemeId
        ? await client.request<QcScheme>({ path: '/v3/chats/qc-scheme/detail', query: { schemeId } })
        : null;
      return { found, chosen };
    },
    [client, sessionId, location.query.schemeId],
    {
      // the form starts from what the loaded scheme and any earlier assessment say
      onLoad: ({ found, chosen }) => {
        // an earlier assessment fills the form only when it was made against the same scheme
        const sameScheme = !chosen || !found.schemeId || found.schemeId === chosen.id;
        setAngles(toAngleDrafts(chosen, sameScheme ? found.manualAngles : null));
        const statements = chosen?.schemeConfig?.veto ?? [];
        const chosenBefore = sameScheme
          ? ((found as ManualResult & { vetoList?: { vetoName: string }[] }).vetoList ?? [])
          : [];
        setVetoes(chosenBefore.map((v) => v.vetoName).filter((name) => statements.includes(name)));
        const items = chosen?.schemeConfig?.appraises ?? [];
        setAppraises(
          items.map(
            (item) => (sameScheme ? found.appraisals.find((a) => a.title === item.appraise)?.appraise : null) ?? '',
          ),
        );
      },
      onError: setBanner,
    },
  );
  const result = loaded.data?.found ?? null;
  const scheme = loaded.data?.chosen ?? null;
  const loading = loaded.loading;

  // the evidence an inspector scores by: what the AI inspection of this session hit, marked in the transcript
  const { detail: ai } = useAiResultDetail(can('qc-ai-result.view') ? sessionId || undefined : undefined);
  const aiRules = useMemo<ResultRule[]>(() => (ai?.resultRules?.length ? ai.resultRules : (ai?.rules ?? [])), [ai]);
  const transcript = useScoringTranscript({
    sessionId: result ? sessionId : null,
    chatId: result?.chatId,
    messages: result?.messages,
    messageTotal: result?.messageTotal,
    rules: aiRules,
  });

  const style = scheme?.style ?? result?.style ?? 'SCORE';
  const appraiseItems = scheme?.schemeConfig?.appraises ?? [];
  const vetoItems = scheme?.schemeConfig?.veto ?? [];

  const save = async () => {
    const schemeId = scheme?.id ?? result?.schemeId;
    const body = {
      schemeId,
      sessionId,
      ...(typeof result?.version === 'number' ? { version: result.version } : {}),
      manualAngles: toManualAngles(angles, style),
      vetoList: vetoes.map((vetoName) => ({ vetoName })),
      appraises: appraiseItems.map((item, i) => ({ title: item.appraise, appraise: appraises[i] ?? '' })),
    };
    const checked = assessmentSchemaFor({ style, schemeConfig: scheme?.schemeConfig ?? null }).safeParse(body);
    if (!checked.success) {
      const { byField, all } = errorsByField(checked.error, locale);
      setErrors(byField);
      const missing = all.find((problem) => problem.code === 'qc.manual.appraiseRequired');
      if (missing) notifyWarning(missing.message);
      return;
    }
    setErrors({});
    await submit(
      () => client.request({ path: `${MANUAL_RESULT_BASE}/create`, body }),
      () => navigate(MANUAL_DETAIL_PATH, { id: sessionId, _reload: 'list', _modal: 'large' }, { replace: true }),
    );
  };

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {!loading && (
        <>
          <Group gap="sm">
            <Title order={4}>{t('manual.header.session', { id: sessionId })}</Title>
            {scheme && <Badge variant="light">{scheme.name}</Badge>}
            <Badge variant="outline">{label(ScoringStyle, style)}</Badge>
          </Group>
          <TranscriptBeside transcript={transcript} hitsTitle="scoring.aiHits" noHits="scoring.noAiHits">
            <Stack gap="md">
              {angles.length === 0 ? (
                <Text c="dimmed">{t('manual.noRules')}</Text>
              ) : (
                <ScoringTable
                  transcript={transcript}
                  angles={angles}
                  style={style}
                  errors={errors}
                  onChange={(next) => {
                    setErrors((all) => withoutFields(all, changedRulePaths(angles, next)));
                    setAngles(next);
                  }}
                />
              )}
              {vetoItems.length > 0 && (
                <Section title="manual.vetoes">
                  <Checkbox.Group value={vetoes} onChange={setVetoes}>
                    <Stack gap={4}>
                      {vetoItems.map((veto) => (
                        <Checkbox key={veto} value={veto} label={veto} />
                      ))}
                    </Stack>
                  </Checkbox.Group>
                </Section>
              )}
              {appraiseItems.length > 0 && (
                <Section title="manual.appraisals">
                  <Stack gap="xs">
                    {appraiseItems.map((item, i) => (
                      <Textarea
                        key={item.appraise}
                        label={item.appraise}
                        withAsterisk={item.required}
                        rows={2}
                        value={appraises[i] ?? ''}
                        error={errors[`appraises[${i}].appraise`] ?? errors[`appraises[${i}]`]}
                        onChange={(e) => {
                          const text = e.currentTarget.value;
                          setAppraises((all) => all.map((v, k) => (k === i ? text : v)));
                          // the error was about this field's old value: editing it answers the error
                          setErrors((all) => withoutFields(all, [`appraises[${i}].appraise`, `appraises[${i}]`]));
                        }}
                      />
                    ))}
                  </Stack>
                </Section>
              )}
              <Group justify="flex-end">
                <Button loading={saving} onClick={() => void save()} disabled={!scheme && !result?.schemeId}>
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
