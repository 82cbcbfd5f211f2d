import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Collapse,
  Divider,
  Fieldset,
  Group,
  LoadingOverlay,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CENSOR_SKIP_NOISE_MAX,
  type CensorBan,
  CensorCategory,
  CensorFlag,
  CensorOperation,
  CensorTempType,
  type CsAgent,
  censorBanContract,
  censorBanSaveSchema,
  LIMITS,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { censorBanEditTarget, censorFlagOf, operationsFor } from '../../entities/censor-ban';
import { agentPicker } from '../../entities/cs-agent';
import { agentLabel } from '../../entity/cells';
import { EntityPicker } from '../../entity/EntityPicker';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { ReadOnlyField } from '../../ui/ReadOnlyField';
import { SavableForm } from '../../ui/SavableForm';
import { WordTagsInput } from './WordTagsInput';

const BASE = censorBanContract.base;

/** The form's values: the record's fields, its scopes and its matching options, as the inputs hold them. */
export interface CensorBanDraft {
  name: string;
  operation: string | null;
  tempType: CensorTempType;
  words: string[];
  staff: { id: string; name: string }[];
  branchIds: string[];
  skipNoise: number;
  traditional: boolean;
  allowWords: string[];
  classBoundaries: boolean;
  numberStyles: boolean;
  letterStyles: boolean;
  repeats: boolean;
  pinyin: boolean;
  categories: CensorCategory[];
  mask: string;
  /** FUZZY replacements as rows (word → text), in the order shown */
  replacements: { word: string; text: string }[];
}

/** The advanced options' checkboxes, in the order shown: each with its label and a one-line hint with an example. */
const STYLE_FLAGS = ['classBoundaries', 'numberStyles', 'letterStyles', 'repeats', 'pinyin'] as const;

/** The form keys a problem's path lands on (`options.allowWords[2]` → allowWords, `scopes.staffIds[0]` → staff). */
const FIELD_OF: Readonly<Record<string, keyof CensorBanDraft>> = {
  name: 'name',
  operation: 'operation',
  tempType: 'tempType',
  words: 'words',
  'scopes.staffIds': 'staff',
  'scopes.staffNames': 'staff',
  'scopes.branchIds': 'branchIds',
  scopes: 'staff',
  'options.skipNoise': 'skipNoise',
  'options.traditional': 'traditional',
  'options.allowWords': 'allowWords',
  'options.classBoundaries': 'classBoundaries',
  'options.numberStyles': 'numberStyles',
  'options.letterStyles': 'letterStyles',
  'options.repeats': 'repeats',
  'options.pinyin': 'pinyin',
  'options.categories': 'categories',
  'options.mask': 'mask',
  'options.replacements': 'replacements',
};

/** The draft keys that live in the folded advanced section (a problem at one of them unfolds it). */
const ADVANCED_FIELDS: ReadonlySet<string> = new Set([...STYLE_FLAGS, 'categories', 'mask', 'replacements']);

/** The form field of a body path as the contract or the server names it; null for one the form does not show. */
export function draftFieldOf(path: string): keyof CensorBanDraft | null {
  const parts = path.split(/[.[]/);
  return FIELD_OF[`${parts[0]}.${parts[1]}`] ?? FIELD_OF[parts[0] ?? ''] ?? null;
}

export function draftOf(record: CensorBan | null): CensorBanDraft {
  const scopes = record?.scopes;
  return {
    name: record?.name ?? '',
    operation: record?.operation ?? null,
    tempType: record?.tempType ?? 'CUSTOM',
    words: record?.words ?? [],
    staff: (scopes?.staffIds ?? []).map((id, i) => ({ id, name: scopes?.staffNames[i] ?? id })),
    branchIds: scopes?.branchIds ?? [],
    skipNoise: record?.options.skipNoise ?? 0,
    traditional: record?.options.traditional ?? false,
    allowWords: record?.options.allowWords ?? [],
    classBoundaries: record?.options.classBoundaries ?? true,
    numberStyles: record?.options.numberStyles ?? false,
    letterStyles: record?.options.letterStyles ?? false,
    repeats: record?.options.repeats ?? false,
    pinyin: record?.options.pinyin ?? false,
    categories: record?.options.categories ?? [],
    mask: record?.options.mask ?? '*',
    replacements: Object.entries(record?.options.replacements ?? {}).map(([word, text]) => ({ word, text })),
  };
}

/** Whether the record uses any advanced option: then the form opens with that section unfolded. */
export function usesAdvanced(draft: CensorBanDraft): boolean {
  return (
    !draft.classBoundaries ||
    draft.numberStyles ||
    draft.letterStyles ||
    draft.repeats ||
    draft.pinyin ||
    draft.categories.length > 0 ||
    draft.mask !== '*' ||
    draft.replacements.length > 0
  );
}

/**
 * The save body of the values: a system library sends no words (the server keeps none), scopes only for a staff
 * library (a customer is nobody's staff), and the record's other matching options as they were, so an option this
 * form does not show is never reset by a save.
 */
export function censorBanBody(draft: CensorBanDraft, flag: CensorFlag, record: CensorBan | null) {
  const staffLibrary = flag === 'cs-agent';
  return {
    ...(record ? { id: record.id, version: record.version ?? undefined } : {}),
    name: draft.name.trim(),
    operation: draft.operation ?? undefined,
    flag,
    tempType: draft.tempType,
    words: draft.tempType === 'SYS_WORDS' ? [] : draft.words,
    scopes: staffLibrary
      ? {
          branchIds: draft.branchIds,
          staffIds: draft.staff.map((s) => s.id),
          staffNames: draft.staff.map((s) => s.name),
        }
      : null,
    options: {
      ...record?.options,
      skipNoise: draft.skipNoise,
      traditional: draft.traditional,
      allowWords: draft.allowWords,
      classBoundaries: draft.classBoundaries,
      numberStyles: draft.numberStyles,
      letterStyles: draft.letterStyles,
      repeats: draft.repeats,
      pinyin: draft.pinyin,
      categories: draft.categories,
      mask: draft.mask,
      // a row with neither word nor text is an unused row, not a replacement of nothing
      replacements: Object.fromEntries(
        draft.replacements.filter((r) => r.word.trim() !== '' || r.text !== '').map((r) => [r.word, r.text]),
      ),
    },
  };
}

/**
 * /cs-censor-ban/edit?id&flag&_modal=small: name, alert level (FUZZY never offered for a staff library), type (a
 * system library takes no words), the words as tags (a pasted list splits into tags, repeats dropped, the count
 * shown), a staff library's scope (agents from the agent picker, branch ids) and the matching options. The body is
 * checked by the contract before the call; every problem, the contract's or the server's, is shown at its field.
 * Without cs-censor-ban.edit the form is read-only.
 */
export function CensorBanEdit({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label, locale } = useI18n();
  const can = useCan();
  const id = location.query.id || null;
  const editable = can(censorBanContract.keys.edit);
  const [draft, setDraft] = useState<CensorBanDraft>(() => draftOf(null));
  const [picking, setPicking] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({ fieldOf: draftFieldOf });
  const loaded = useLoad(() => call(client, `${BASE}/detail`, { query: { banId: id! } }), [client, id], {
    enabled: id !== null,
    onLoad: (record) => {
      const loadedDraft = draftOf(record);
      setDraft(loadedDraft);
      if (usesAdvanced(loadedDraft)) setAdvanced(true);
    },
    onError: setBanner,
  });
  const record = id === null ? null : loaded.data;
  const flag = record?.flag ?? censorFlagOf(location.query);
  const picker = useMemo(() => agentPicker(client), [client]);

  const set = (change: Partial<CensorBanDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    for (const key of Object.keys(change)) clearError(key);
  };

  const save = async () => {
    const body = censorBanBody(draft, flag, record);
    const checked = censorBanSaveSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      const unplaced: string[] = [];
      for (const problem of toFieldErrors(checked.error, locale)) {
        const key = draftFieldOf(problem.field);
        if (key === null) unplaced.push(problem.message);
        else found[key] ??= problem.message;
      }
      setErrors(found);
      if (Object.keys(found).some((key) => ADVANCED_FIELDS.has(key))) setAdvanced(true);
      setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
      return;
    }
    setErrors({});
    await submit(
      () => call(client, `${BASE}/${id === null ? 'create' : 'change'}`, { body: checked.data }),
      (saved) => {
        const target = censorBanEditTarget(flag, String(saved.id));
        // reopened in its saved state, the list beneath reloaded
        navigate(target.path, { ...target.query, _reload: 'list' }, { replace: true });
      },
    );
  };

  const disabled = !editable;
  const sysWords = draft.tempType === 'SYS_WORDS';
  const fuzzy = draft.operation === 'FUZZY';
  const setReplacement = (k: number, change: Partial<{ word: string; text: string }>) =>
    set({ replacements: draft.replacements.map((r, i) => (i === k ? { ...r, ...change } : r)) });
  return (
    <SavableForm drawer={null} editable={editable} saving={saving} onSave={() => void save()}>
      <Stack pos="relative" gap="sm">
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
        <ReadOnlyField label={t('censorBan.flag')}>
          <Badge variant="light" tt="none" w="fit-content">
            {label(CensorFlag, flag)}
          </Badge>
        </ReadOnlyField>
        <TextInput
          label={t('censorBan.name')}
          withAsterisk
          maxLength={LIMITS.nameMax}
          value={draft.name}
          error={errors.name}
          disabled={disabled}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Select
          label={t('censorBan.operation')}
          withAsterisk
          description={flag === 'cs-agent' ? t('censorBan.agentOnlyReport') : undefined}
          data={operationsFor(flag).map((value) => ({ value, label: label(CensorOperation, value) }))}
          value={draft.operation}
          error={errors.operation}
          disabled={disabled}
          allowDeselect={false}
          onChange={(operation) => set({ operation })}
        />
        <Radio.Group
          label={t('censorBan.tempType')}
          value={draft.tempType}
          error={errors.tempType}
          onChange={(value) => set({ tempType: value as CensorTempType })}
        >
          <Group gap="md" mt={4}>
            {CensorTempType.values.map((value) => (
              <Radio key={value} value={value} label={label(CensorTempType, value)} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
        <WordTagsInput
          label={t('censorBan.words')}
          withAsterisk={!sysWords}
          hint={sysWords ? t('censorBan.sysWordsHint') : t('censorBan.wordsHint')}
          value={sysWords ? [] : draft.words}
          error={errors.words}
          disabled={disabled || sysWords}
          onChange={(words) => set({ words })}
        />
        {flag === 'cs-agent' && (
          <Fieldset legend={t('censorBan.scopes')} variant="filled">
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t('censorBan.scopeHint')}
              </Text>
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {t('censorBan.staff')}
                  </Text>
                  {!disabled && (
                    <Button size="compact-sm" variant="light" onClick={() => setPicking(true)}>
                      {t('censorBan.pickStaff')}
                    </Button>
                  )}
                </Group>
                <Group gap={6} data-testid="censor-scope-staff">
                  {draft.staff.map((s) => (
                    <Badge
                      key={s.id}
                      variant="outline"
                      tt="none"
                      rightSection={
                        !disabled && (
                          <CloseButton
                            size="xs"
                            aria-label={t('censorBan.removeStaff', { name: s.name })}
                            onClick={() => set({ staff: draft.staff.filter((x) => x.id !== s.id) })}
                          />
                        )
                      }
                    >
                      {s.name}
                    </Badge>
                  ))}
                </Group>
                {errors.staff && (
                  <Text size="xs" c="red">
                    {errors.staff}
                  </Text>
                )}
              </Stack>
              <TagsInput
                label={t('censorBan.branches')}
                description={t('censorBan.branchesHint')}
                value={draft.branchIds}
                error={errors.branchIds}
                disabled={disabled}
                clearable
                onChange={(branchIds) => set({ branchIds })}
              />
            </Stack>
          </Fieldset>
        )}
        <Divider label={t('censorBan.matching')} labelPosition="left" />
        <NumberInput
          label={t('censorBan.skipNoise')}
          description={t('censorBan.skipNoiseHint')}
          min={0}
          max={CENSOR_SKIP_NOISE_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          value={draft.skipNoise}
          error={errors.skipNoise}
          disabled={disabled}
          onChange={(value) => set({ skipNoise: typeof value === 'number' ? value : 0 })}
          w={260}
        />
        <Switch
          label={t('censorBan.traditional')}
          checked={draft.traditional}
          error={errors.traditional}
          disabled={disabled}
          onChange={(e) => set({ traditional: e.currentTarget.checked })}
        />
        <WordTagsInput
          label={t('censorBan.allowWords')}
          hint={t('censorBan.allowWordsHint')}
          value={draft.allowWords}
          error={errors.allowWords}
          disabled={disabled}
          onChange={(allowWords) => set({ allowWords })}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          aria-expanded={advanced}
          onClick={() => setAdvanced((open) => !open)}
        >
          {advanced ? '▾ ' : '▸ '}
          {t('censorBan.advanced')}
        </Button>
        <Collapse expanded={advanced}>
          <Stack gap="sm" data-testid="censor-advanced">
            {STYLE_FLAGS.map((key) => (
              <Checkbox
                key={key}
                label={t(`censorBan.${key}`)}
                description={t(`censorBan.${key}Hint`)}
                checked={draft[key]}
                error={errors[key]}
                disabled={disabled}
                onChange={(e) => set({ [key]: e.currentTarget.checked })}
              />
            ))}
            <MultiSelect
              label={sysWords ? t('censorBan.categoriesSys') : t('censorBan.categoriesCustom')}
              description={sysWords ? t('censorBan.categoriesSysHint') : t('censorBan.categoriesCustomHint')}
              data={CensorCategory.values.map((value) => ({ value, label: label(CensorCategory, value) }))}
              value={draft.categories}
              error={errors.categories}
              disabled={disabled}
              clearable
              onChange={(values) => set({ categories: values.filter((v) => CensorCategory.has(v)) })}
            />
            {fuzzy && (
              <>
                <TextInput
                  label={t('censorBan.mask')}
                  description={t('censorBan.maskHint')}
                  value={draft.mask}
                  error={errors.mask}
                  disabled={disabled}
                  w={260}
                  onChange={(e) => set({ mask: e.currentTarget.value })}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('censorBan.replacements')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('censorBan.replacementsHint')}
                  </Text>
                  {draft.replacements.map((row, k) => (
                    // rows have no identity but their place; a removed row re-keys the ones after it
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Group key={k} gap="xs" wrap="nowrap" data-testid="censor-replacement">
                      <TextInput
                        aria-label={t('censorBan.replacementWord')}
                        placeholder={t('censorBan.replacementWord')}
                        value={row.word}
                        disabled={disabled}
                        onChange={(e) => setReplacement(k, { word: e.currentTarget.value })}
                      />
                      <Text size="sm">→</Text>
                      <TextInput
                        aria-label={t('censorBan.replacementText')}
                        placeholder={t('censorBan.replacementText')}
                        value={row.text}
                        disabled={disabled}
                        onChange={(e) => setReplacement(k, { text: e.currentTarget.value })}
                      />
                      {!disabled && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('censorBan.removeReplacement', { word: row.word })}
                          onClick={() => set({ replacements: draft.replacements.filter((_, i) => i !== k) })}
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                  {errors.replacements && (
                    <Text size="xs" c="red">
                      {errors.replacements}
                    </Text>
                  )}
                  {!disabled && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      w="fit-content"
                      onClick={() => set({ replacements: [...draft.replacements, { word: '', text: '' }] })}
                    >
                      {t('censorBan.addReplacement')}
                    </Button>
                  )}
                </Stack>
              </>
            )}
          </Stack>
        </Collapse>
      </Stack>
      <EntityPicker<CsAgent>
        description={picker}
        opened={picking}
        onClose={() => setPicking(false)}
        takenIds={draft.staff.map((s) => s.id)}
        onPick={(agents) => {
          const added = agents.map((a) => ({ id: a.id, name: agentLabel(a.name, a.nick) ?? a.id }));
          set({ staff: [...draft.staff, ...added.filter((a) => !draft.staff.some((s) => s.id === a.id))] });
          setPicking(false);
        }}
      />
    </SavableForm>
  );
}
