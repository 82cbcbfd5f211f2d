import {
  Divider,
  Fieldset,
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
import { type FocusEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { ApiError } from '../../../api/client';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import { qcRuleDescription } from '../../../entities/qc-rule';
import { useI18n } from '../../../i18n/locale-store';
import { REPLAY_PATH } from '../../../replay/replay-query';
import { useReplayDraft } from '../../../replay/target/draft-store';
import { overlayOf, type RouteLocation } from '../../../router/location';
import { closeModal, navigate } from '../../../router/router-store';
import { useLeaveGuard } from '../../../router/use-leave-guard';
import { ConditionBuilder } from '../../../rule-editor/ConditionBuilder';
import { compileDraft, type DraftProblem, problemText } from '../../../rule-editor/compile-draft';
import { emptyDraft, type RuleDraft, toConditionConfig, toDraft } from '../../../rule-editor/draft';
import { ProblemProvider } from '../../../rule-editor/problem-context';
import { ScoringSettings } from '../../../rule-editor/ScoringSettings';
import { scrollToProblem } from '../../../rule-editor/scroll-to-problem';
import { type Touched, touchedByEdit, touchKeyOf } from '../../../rule-editor/touched';
import { useDraftProblem } from '../../../rule-editor/use-draft-problem';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { RuleActionBar } from './RuleActionBar';
import { RuleNotFound } from './RuleNotFound';

const JsonView = lazy(() => import('../../../rule-editor/JsonView'));

/** The name field's error in a failed save: the server names `name`, or `conditionConfig.name` for the engine's `$.name`. */
const NAME_FIELDS: readonly string[] = ['name', 'conditionConfig.name'];

const RULE_LIST = '/qc/rule/list';

/** What the form holds, to tell whether it was edited since it was loaded (or opened empty). */
function snapshotOf(name: string, type: string, comments: string, draft: RuleDraft): string {
  return JSON.stringify([name, type, comments, toConditionConfig(draft)]);
}

/**
 * /qc/rule/config?id: name, type, comments, scoring and, for AI rules, the detection conditions. On save it opens
 * /qc/rule/config?id={id}&_reload=list&_modal=large. Without qc-rule.edit the rule is shown read-only: every input is
 * disabled and there is no save. The actions stay in a bar at the bottom of the screen, a failed save brings its problem
 * into sight, problems show only where the user has been (or after a save), leaving with unsaved edits asks first,
 * and a rule that does not exist shows that instead of an empty form (issue 15, defects 7 and 10).
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
  const [baseline, setBaseline] = useState(() => snapshotOf('', 'AI', '', emptyDraft()));
  const [missing, setMissing] = useState(false);
  const [tab, setTab] = useState<string | null>('conditions');
  // problems show where the user has been, and everywhere once he tried to save
  const [touched, setTouched] = useState<Touched>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  // the verdict at the last save, for the draft it was given (the debounced one may lag behind a fast edit)
  const [checked, setChecked] = useState<{ draft: RuleDraft; problem: DraftProblem | null } | null>(null);
  const [focusRound, setFocusRound] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  // the name's own problem is shown at the name; anything else in the banner
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (NAME_FIELDS.includes(field) ? 'name' : null),
  });
  const debounced = useDraftProblem({ id: id ?? 'draft', name }, draft);
  const problem = checked?.draft === draft ? checked.problem : debounced;
  const shown = problem && (attempted || touched.has(touchKeyOf(problem.field, draft))) ? problem : null;
  const editable = can('qc-rule.edit');
  const dirty = editable && !missing && snapshotOf(name, type, comments, draft) !== baseline;
  useLeaveGuard(dirty, t('rule.leaveConfirm'));

  const { data: rule, loading } = useLoad(
    // a rule that does not exist (a stale link, a typed id) answers null: the screen says so instead of a form
    () => api.detail(id!).catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? null : Promise.reject(e))),
    [api, id],
    {
      enabled: id !== null,
      onLoad: (answer) => {
        if (answer === null) {
          setMissing(true);
          return;
        }
        const loaded = {
          name: answer.name === null || answer.name === undefined ? '' : String(answer.name),
          type: answer.type ?? 'AI',
          comments: answer.comments ?? '',
          draft: toDraft(answer.conditionConfig),
        };
        setName(loaded.name);
        setType(loaded.type);
        setComments(loaded.comments);
        setDraft(loaded.draft);
        setBaseline(snapshotOf(loaded.name, loaded.type, loaded.comments, loaded.draft));
      },
      onError: setBanner,
    },
  );

  // after a failed save: the first problem into sight, once it is on the screen
  // biome-ignore lint/correctness/useExhaustiveDependencies: each save attempt is the trigger
  useEffect(() => {
    if (focusRound === 0 || !root.current) return;
    // the name and comments lie above every condition: their problems come first
    scrollToProblem(root.current, errors.name || errors.comments ? 'name' : (shown?.field ?? 'name'));
  }, [focusRound]);

  const edit = (next: RuleDraft) => {
    setTouched((before) => touchedByEdit(before, draft, next));
    setDraft(next);
  };
  const touch = (event: FocusEvent<HTMLElement>) => {
    const key = (event.target as HTMLElement).closest?.('[data-touch]')?.getAttribute('data-touch');
    if (key && !touched.has(key)) setTouched(new Set(touched).add(key));
  };

  const isAi = type === 'AI';

  const save = async () => {
    setAttempted(true);
    const next: Record<string, string> = {};
    if (name.trim() === '') next.name = m('common.required');
    else if (name.trim().length > LIMITS.nameMax) next.name = m('common.tooLong', { maximum: LIMITS.nameMax });
    if (comments.length > LIMITS.commentsMax) next.comments = m('common.tooLong', { maximum: LIMITS.commentsMax });
    setErrors(next);
    // the draft as it is now: the debounced problem may still describe an edit made a moment ago
    const verdict = isAi ? compileDraft({ id: id ?? 'draft', name }, draft) : null;
    setChecked({ draft, problem: verdict });
    if (verdict && verdict.field !== 'name') setTab('conditions');
    if (next.name || next.comments || verdict) {
      setFocusRound((n) => n + 1);
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
      (savedId) =>
        navigate('/qc/rule/config', { id: savedId, _reload: 'list', _modal: 'large' }, { replace: true, force: true }),
    );
  };

  // the draft as it is now, unsaved changes included, goes to the replay tester (issue 6)
  const testInReplay = () => {
    useReplayDraft.getState().setDraft({ ruleId: id, name: name.trim(), conditionConfig: toConditionConfig(draft) });
    // the edits go along with it, so the way there does not ask about them
    navigate(REPLAY_PATH, { draft: '1', ruleId: id }, { force: true });
  };

  // a modal closes to what lies beneath; the page goes back to the list (both ask first about unsaved edits)
  const cancel = () => (overlayOf(location) ? closeModal() : navigate(RULE_LIST));

  // the engine's `$.name` problem belongs to the name field, like the server's
  const nameError = errors.name ?? (shown?.field === 'name' ? pick(shown) : undefined);

  if (missing) return <RuleNotFound id={id ?? ''} />;

  return (
    <ProblemProvider problem={shown}>
      <Stack gap="md" pos="relative" ref={root} onBlur={touch}>
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
            <ScoringSettings value={draft.ruleScore} onChange={(ruleScore) => edit({ ...draft, ruleScore })} />
          </Stack>
        </Fieldset>
        {isAi && (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="conditions">{t('rule.conditionsTab')}</Tabs.Tab>
              <Tabs.Tab value="json">{t('rule.jsonTab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="conditions" pt="sm">
              {/* the tabs stay usable read-only; only the builder's inputs are disabled */}
              <Fieldset variant="unstyled" disabled={!editable}>
                <ConditionBuilder draft={draft} onChange={edit} problem={shown} readOnly={!editable} />
              </Fieldset>
            </Tabs.Panel>
            <Tabs.Panel value="json" pt="sm">
              <Suspense fallback={<Loader size="sm" />}>
                <JsonView value={toConditionConfig(draft)} />
              </Suspense>
            </Tabs.Panel>
          </Tabs>
        )}
        <RuleActionBar
          problem={attempted && shown ? problemText(shown, t, pick) : null}
          onShowProblem={() => setFocusRound((n) => n + 1)}
          onCancel={cancel}
          onTestInReplay={isAi ? testInReplay : undefined}
          onSave={editable ? save : undefined}
          saving={saving}
        />
      </Stack>
    </ProblemProvider>
  );
}
