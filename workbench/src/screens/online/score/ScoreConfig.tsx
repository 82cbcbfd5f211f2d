import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  LoadingOverlay,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  SatisfactionLevel,
  SCORE_LIMITS,
  type ScoreConfig as ScoreConfigRecord,
  ScoreConfigType,
  type ScoreOnlineConfig,
  ScoreStyle,
  ScoreValidDays,
  satisfactionLevelOf,
  scoreConfigContract,
  scoreConfigSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import { SCORE_CONFIG_PATH, scoreConfigDescription } from '../../../entities/score-config';
import { EntityForm } from '../../../entity/EntityForm';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { ScorePreview } from './ScorePreview';
import {
  type ScoreValues,
  scoreBodyOf,
  scoreFieldOf,
  scoreValuesOf,
  sendSwitchOpen,
  thresholdChoices,
  withSwitch,
} from './score-values';

/** /online/csScore/create?_modal=small: the description's form (name, type, agentVisible, validDays). */
export function ScoreCreate({ location }: { location: RouteLocation }) {
  return <EntityForm description={scoreConfigDescription} location={location} />;
}

type SwitchKey = {
  [K in keyof ScoreOnlineConfig]-?: ScoreOnlineConfig[K] extends boolean ? K : never;
}[keyof ScoreOnlineConfig];

/** The scenes auto-send waits for (spec §3.8), in the order the screen lists them. */
const AUTO_SCENES = [
  'sessionByAgent',
  'customerCloseSession',
  'sessionTimeout',
  'visitorNoSpeak',
  'agentNoMessage',
] as const satisfies readonly SwitchKey[];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /online/csScore/config?id={id}&_modal=large (online-service-config §2.8, §3.8, §4, §5): the config's basic fields
 * and its whole survey beside a live preview. The rules the contract checks show here as the user meets them:
 * feedbackRequired can be ticked only with feedback and resolved (and is cleared when either goes off), auto-send and
 * manual-send can each be switched off only while the other is on, threshold choices that would put the positive
 * one at or below the negative one are disabled; an empty scene reply says 请填写场景回复语 and an empty tag 请填写标签
 * under it. After the save it reopens itself with `_reload=list`.
 */
export function ScoreConfig({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(
    () => resource<ScoreConfigRecord>(client, scoreConfigContract.base, scoreConfigContract),
    [client],
  );
  const { t, locale, label, options } = useI18n();
  const editable = useCan()(scoreConfigContract.keys.edit);
  const id = location.query.id ?? '';
  const [values, setValues] = useState<ScoreValues | null>(null);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({ fieldOf: scoreFieldOf });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    onLoad: (config) => setValues(scoreValuesOf(config)),
    onError: setBanner,
  });
  const config = loaded.data;

  if (!values || !config)
    return (
      <Stack pos="relative" mih={120}>
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      </Stack>
    );

  const disabled = !editable;
  const survey = values.survey;
  const set = (patch: Partial<ScoreValues>, key?: string) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    if (key) clearError(key);
  };
  const setSurvey = (change: (s: ScoreOnlineConfig) => ScoreOnlineConfig, key?: string) => {
    setValues((v) => (v ? { ...v, survey: change(v.survey) } : v));
    if (key) clearError(key);
  };
  const toggle = (key: SwitchKey) => (on: boolean) => setSurvey((s) => withSwitch(s, key, on), key);
  const levelName = (score: number) => label(SatisfactionLevel, satisfactionLevelOf(score));
  const setTags = (score: number, change: (tags: string[]) => string[]) =>
    setSurvey((s) => ({ ...s, tags: s.tags.map((e) => (e.score === score ? { score, tags: change(e.tags) } : e)) }));
  const setReply = (score: number, reply: string) =>
    setSurvey(
      (s) => ({ ...s, replies: s.replies.map((e) => (e.score === score ? { score, reply } : e)) }),
      `reply.${score}`,
    );

  const save = async () => {
    const checked = scoreConfigSaveSchema.safeParse(scoreBodyOf(values, config));
    const next: Record<string, string> = {};
    const unplaced: string[] = [];
    if (!checked.success)
      for (const problem of toFieldErrors(checked.error, locale)) {
        const key = scoreFieldOf(problem.field);
        if (key !== null) next[key] ??= problem.message;
        else unplaced.push(problem.message);
      }
    setErrors(next);
    setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
    if (!checked.success) return;
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) =>
        navigate(
          SCORE_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        ),
    );
  };

  const check = (key: SwitchKey, text: string, extra: { disabled?: boolean; description?: string } = {}) => (
    <Checkbox
      key={key}
      label={text}
      description={extra.description}
      checked={survey[key]}
      disabled={disabled || extra.disabled}
      onChange={(e) => toggle(key)(e.currentTarget.checked)}
    />
  );
  const scoreLabel = (score: number) => t('score.scoreOption', { score });

  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading || saving} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Section title={t('score.section.basic')}>
              <TextInput
                label={t('common.name')}
                withAsterisk
                value={values.name}
                maxLength={SCORE_LIMITS.nameMax}
                error={errors.name}
                disabled={disabled}
                onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
              />
              <Select
                label={t('common.type')}
                withAsterisk
                data={options(ScoreConfigType)}
                value={config.type}
                disabled
              />
              <Select
                label={t('score.validDays')}
                withAsterisk
                allowDeselect={false}
                data={options(ScoreValidDays)}
                value={values.validDays}
                error={errors.validDays}
                disabled={disabled}
                onChange={(v) => set({ validDays: v ?? values.validDays }, 'validDays')}
              />
              <Switch
                label={t('score.agentVisible')}
                description={t('score.agentVisibleHint')}
                checked={values.agentVisible}
                disabled={disabled}
                onChange={(e) => set({ agentVisible: e.currentTarget.checked })}
              />
            </Section>

            <Section title={t('score.section.channel')}>
              {check('chatbotEnable', t('score.chatbotEnable'))}
              {check('agentEnable', t('score.agentEnable'))}
              {check('invite', t('score.invite'))}
            </Section>

            <Section title={t('score.section.style')}>
              <Radio.Group
                label={t('score.style')}
                withAsterisk
                value={survey.style}
                onChange={(style) => setSurvey((s) => ({ ...s, style: ScoreStyle.has(style) ? style : s.style }))}
              >
                <Group mt={4}>
                  {options(ScoreStyle).map((o) => (
                    <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} />
                  ))}
                </Group>
              </Radio.Group>
            </Section>

            <Section title={t('score.section.content')}>
              {check('tag', t('score.tag'))}
              {survey.tag &&
                survey.tags.map(({ score, tags }) => (
                  <Stack key={score} gap={4} data-testid={`tags-${score}`}>
                    <Text size="sm" fw={500}>
                      {t('score.tagsOf', { level: levelName(score) })}
                    </Text>
                    <Group gap="xs" align="flex-start">
                      {tags.map((tag, i) => (
                        <TextInput
                          // biome-ignore lint/suspicious/noArrayIndexKey: a tag is edited in place; its text may repeat while typed
                          key={i}
                          w={150}
                          size="xs"
                          aria-label={`${levelName(score)} ${i + 1}`}
                          value={tag}
                          maxLength={SCORE_LIMITS.tagMax}
                          error={errors[`tag.${score}.${i}`]}
                          disabled={disabled}
                          onChange={(e) => {
                            const text = e.currentTarget.value;
                            setTags(score, (all) => all.map((old, k) => (k === i ? text : old)));
                            clearError(`tag.${score}.${i}`);
                          }}
                          rightSection={
                            !disabled && (
                              <ActionIcon
                                size="xs"
                                variant="subtle"
                                color="gray"
                                aria-label={`${t('score.removeTag')} ${levelName(score)} ${i + 1}`}
                                onClick={() => {
                                  setTags(score, (all) => all.filter((_, k) => k !== i));
                                  // the level's later tags move up: their problems no longer fit
                                  setErrors((e) =>
                                    Object.fromEntries(
                                      Object.entries(e).filter(([k]) => !k.startsWith(`tag.${score}.`)),
                                    ),
                                  );
                                }}
                              >
                                <IconX size={12} />
                              </ActionIcon>
                            )
                          }
                        />
                      ))}
                      {!disabled && tags.length < SCORE_LIMITS.tagsPerLevelMax && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`${t('score.addTag')} ${levelName(score)}`}
                          onClick={() => setTags(score, (all) => [...all, ''])}
                        >
                          {t('score.addTag')}
                        </Button>
                      )}
                    </Group>
                  </Stack>
                ))}
              {check('feedback', t('score.feedback'))}
              {check('resolved', t('score.resolved'))}
              {check('feedbackRequired', t('score.feedbackRequired'), {
                // cleared unless both are on (spec §4): it cannot be ticked before
                disabled: !survey.feedback || !survey.resolved,
                description: t('score.feedbackRequiredHint'),
              })}
            </Section>

            <Section title={t('score.section.replies')}>
              <Text size="sm" c="dimmed">
                {t('score.repliesHint')}
              </Text>
              {errors.replies && (
                <Text size="sm" c="red">
                  {errors.replies}
                </Text>
              )}
              {survey.replies.map(({ score, reply }) => (
                <Textarea
                  key={score}
                  label={t('score.replyOf', { level: levelName(score), score })}
                  withAsterisk
                  rows={2}
                  value={reply}
                  maxLength={SCORE_LIMITS.replyMax}
                  error={errors[`reply.${score}`]}
                  disabled={disabled}
                  onChange={(e) => setReply(score, e.currentTarget.value)}
                />
              ))}
            </Section>

            <Section title={t('score.section.send')}>
              <Text size="sm" c="dimmed">
                {t('score.sendHint')}
              </Text>
              {check('autoSend', t('score.autoSend'), { disabled: !sendSwitchOpen(survey, 'autoSend') })}
              <Stack gap={6} pl="lg" aria-label={t('score.autoScenes')} role="group">
                {AUTO_SCENES.map((key) => check(key, t(`score.${key}`), { disabled: !survey.autoSend }))}
              </Stack>
              {check('handSend', t('score.handSend'), { disabled: !sendSwitchOpen(survey, 'handSend') })}
              {errors.handSend && (
                <Text size="sm" c="red">
                  {errors.handSend}
                </Text>
              )}
              {check('userInitiated', t('score.userInitiated'))}
              {survey.userInitiated && (
                <NumberInput
                  label={t('score.userInitiatedSend')}
                  w={280}
                  min={1}
                  max={SCORE_LIMITS.userInitiatedSendMax}
                  allowDecimal={false}
                  value={survey.userInitiatedSend ?? ''}
                  error={errors.userInitiatedSend}
                  disabled={disabled}
                  onChange={(v) =>
                    setSurvey(
                      (s) => ({ ...s, userInitiatedSend: typeof v === 'number' ? v : null }),
                      'userInitiatedSend',
                    )
                  }
                />
              )}
            </Section>

            <Section title={t('score.section.threshold')}>
              <Text size="sm" c="dimmed">
                {t('score.thresholdHint')}
              </Text>
              <Group align="flex-start">
                <Select
                  label={t('score.positiveScore')}
                  w={180}
                  allowDeselect={false}
                  data={thresholdChoices('positive', survey.negativeScore, scoreLabel)}
                  value={String(survey.positiveScore)}
                  error={errors.positiveScore}
                  disabled={disabled}
                  onChange={(v) => v && setSurvey((s) => ({ ...s, positiveScore: Number(v) }), 'positiveScore')}
                />
                <Select
                  label={t('score.negativeScore')}
                  w={180}
                  allowDeselect={false}
                  data={thresholdChoices('negative', survey.positiveScore, scoreLabel)}
                  value={String(survey.negativeScore)}
                  error={errors.negativeScore}
                  disabled={disabled}
                  onChange={(v) => {
                    if (!v) return;
                    setSurvey((s) => ({ ...s, negativeScore: Number(v) }), 'negativeScore');
                    clearError('positiveScore');
                  }}
                />
              </Group>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {/* stays in view while the form scrolls, below the modal's own sticky header */}
          <Stack gap="xs" pos="sticky" top={64}>
            <Text fw={500}>{t('score.preview')}</Text>
            <ScorePreview survey={survey} />
          </Stack>
        </Grid.Col>
      </Grid>
      {editable && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
