import {
  Button,
  Divider,
  Fieldset,
  Group,
  Loader,
  LoadingOverlay,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import { LIMITS, type QcRule, RuleType } from '@qcdesk/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import { qcRuleDescription } from '../../../entities/qc-rule';
import { useI18n } from '../../../i18n/locale-store';
import { REPLAY_PATH } from '../../../replay/replay-query';
import { useReplayDraft } from '../../../replay/target/draft-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { ConditionBuilder } from '../../../rule-editor/ConditionBuilder';
import { compileDraft } from '../../../rule-editor/compile-draft';
import { emptyDraft, type RuleDraft, toConditionConfig, toDraft } from '../../../rule-editor/draft';
import { ProblemProvider } from '../../../rule-editor/problem-context';
import { ScoringSettings } from '../../../rule-editor/ScoringSettings';
import { useDraftProblem } from '../../../rule-editor/use-draft-problem';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';

const JsonView = lazy(() => import('../../../rule-editor/JsonView'));

/** The name field's error in a failed save: the server names `name`, or `conditionConfig.name` for the engine's `$.name`. */
const NAME_FIELDS: readonly string[] = ['name', 'conditionConfig.name'];

/**
 * /qc/rule/config?id: name, type, comments, scoring and, for AI rules, the detection conditions. On save it opens
 * /qc/rule/config?id={id}&_reload=list&_modal=large. Without qc-rule.edit the rule is shown read-only: every input is
 * disabled and there is no save.
 */
export function RuleConfig({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(() => resource<QcRule>(client, qcRuleDescription.api.base, { detailParam: 'ruleId' }), [client]);
  const { t, m, options, pick } = useI18n();
  const can = useCan();
  const id = location.query.id ?? null;
  const [name, setName] = useState('');
  const [type, setType] = useState<string>('AI');
  const [comments, setComments] = useState('');
  const [draft, setDraft] = useState<RuleDraft>(emptyDraft);
  // the name's own problem is shown at the name; anything else in the banner
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (NAME_FIELDS.includes(field) ? 'name' : null),
  });
  const problem = useDraftProblem({ id: id ?? 'draft', name }, draft);
  const editable = can('qc-rule.edit');

  const { data: rule, loading } = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (answer) => {
      setName(answer.name === null || answer.name === undefined ? '' : String(answer.name));
      setType(answer.type ?? 'AI');
      setComments(answer.comments ?? '');
      setDraft(toDraft(answer.conditionConfig));
    },
    onError: setBanner,
  });

  const isAi = type === 'AI';

  const save = async () => {
    const next: Record<string, string> = {};
    if (name.trim() === '') next.name = m('common.required');
    else if (name.trim().length > LIMITS.nameMax) next.name = m('common.tooLong', { maximum: LIMITS.nameMax });
    if (comments.length > LIMITS.commentsMax) next.comments = m('common.tooLong', { maximum: LIMITS.commentsMax });
    setErrors(next);
    if (next.name || next.comments) return;
    // the draft as it is now: the debounced problem may still describe an edit made a moment ago
    if (isAi && compileDraft({ id: id ?? 'draft', name }, draft)) {
      setBanner(t('rule.hasErrors'));
      return;
    }
    const body: Record<string, unknown> = {
      name: name.trim(),
      type,
      comments: comments.trim() === '' ? null : comments.trim(),
      businessId: rule?.businessId ?? null,
      categoryId: rule?.categoryId ?? null,
      conditionConfig: toConditionConfig(isAi ? draft : { ...draft, conditions: [] }),
    };
    if (id !== null) Object.assign(body, { id, version: rule?.version ?? null });
    await submit(
      () => api.save(body),
      (savedId) => navigate('/qc/rule/config', { id: savedId, _reload: 'list', _modal: 'large' }, { replace: true }),
    );
  };

  // the draft as it is now, unsaved changes included, goes to the replay tester (issue 6)
  const testInReplay = () => {
    useReplayDraft.getState().setDraft({ ruleId: id, name: name.trim(), conditionConfig: toConditionConfig(draft) });
    navigate(REPLAY_PATH, { draft: '1', ruleId: id });
  };

  // the engine's `$.name` problem belongs to the name field, like the server's
  const nameError = errors.name ?? (problem?.field === 'name' ? pick(problem) : undefined);

  return (
    <ProblemProvider problem={problem}>
      <Stack gap="md" pos="relative">
        <LoadingOverlay visible={loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
        <Fieldset variant="unstyled" disabled={!editable}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('rule.name')}
                withAsterisk
                value={name}
                maxLength={LIMITS.nameMax}
                error={nameError}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  clearError('name');
                }}
              />
              <Select
                label={t('rule.type')}
                data={options(RuleType)}
                value={type}
                allowDeselect={false}
                onChange={(v) => v && setType(v)}
              />
            </SimpleGrid>
            <Textarea
              label={t('common.comments')}
              value={comments}
              maxLength={LIMITS.commentsMax}
              error={errors.comments}
              onChange={(e) => setComments(e.currentTarget.value)}
            />
            <Divider label={t('rule.scoring')} labelPosition="left" />
            <ScoringSettings value={draft.ruleScore} onChange={(ruleScore) => setDraft({ ...draft, ruleScore })} />
          </Stack>
        </Fieldset>
        {isAi && (
          <Tabs defaultValue="conditions" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="conditions">{t('rule.conditionsTab')}</Tabs.Tab>
              <Tabs.Tab value="json">{t('rule.jsonTab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="conditions" pt="sm">
              {/* the tabs stay usable read-only; only the builder's inputs are disabled */}
              <Fieldset variant="unstyled" disabled={!editable}>
                <ConditionBuilder draft={draft} onChange={setDraft} problem={problem} readOnly={!editable} />
              </Fieldset>
            </Tabs.Panel>
            <Tabs.Panel value="json" pt="sm">
              <Suspense fallback={<Loader size="sm" />}>
                <JsonView value={toConditionConfig(draft)} />
              </Suspense>
            </Tabs.Panel>
          </Tabs>
        )}
        {(editable || isAi) && (
          <Group justify="flex-end">
            {isAi && (
              <Button variant="default" onClick={testInReplay}>
                {t('rule.testInReplay')}
              </Button>
            )}
            {editable && (
              <Button loading={saving} onClick={save}>
                {t('common.save')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </ProblemProvider>
  );
}
