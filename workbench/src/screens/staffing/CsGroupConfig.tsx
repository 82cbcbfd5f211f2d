import {
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CsGroup,
  csGroupContract,
  csGroupSaveSchema,
  DEFAULT_FIRST_ASSIGN,
  DESK_LIMITS,
  DeskAssign,
  GROUP_TYPES_WITH_CONFIG,
  GROUP_TYPES_WITH_PARENT,
  GroupType,
  SECOND_ASSIGN_AFTER,
  TIMEOUT_BLOCK_DEFAULTS,
  TIMEOUT_BLOCKS,
  type TimeoutBlockName,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import {
  agentOptions,
  CS_GROUP_CONFIG_PATH,
  csGroupDescription,
  overflowOptions,
  parentOptions,
  timeOptions,
  withOwn,
} from '../../entities/cs-group';
import { EntityForm } from '../../entity/EntityForm';
import type { FormOption } from '../../entity/types';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';

/** /csGroup/create?_modal=large: the shared form of the description. */
export function CsGroupCreate({ location }: { location: RouteLocation }) {
  return <EntityForm description={csGroupDescription} location={location} />;
}

interface Block {
  on: boolean;
  minutes: number | null;
  prompt: string;
}
interface Values {
  type: string | null;
  name: string;
  code: string;
  intro: string;
  timeId: string | null;
  parentId: string | null;
  agentIds: string[];
  firstAssign: string;
  secondAssign: string | null;
  overloadGroupId: string | null;
  offlineGroupId: string | null;
  blocks: Record<TimeoutBlockName, Block>;
}

function valuesOf(group: CsGroup): Values {
  const config = group.config;
  const blocks = Object.fromEntries(
    TIMEOUT_BLOCKS.map((name) => {
      const stored = config?.[name];
      // an unticked block shows what ticking it starts with (spec §9 defaults)
      const block = stored ?? TIMEOUT_BLOCK_DEFAULTS[name];
      return [name, { on: !!stored, minutes: block.minutes, prompt: block.prompt ?? '' }];
    }),
  ) as Record<TimeoutBlockName, Block>;
  return {
    type: group.type,
    name: group.name,
    code: group.code ?? '',
    intro: group.intro ?? '',
    timeId: group.timeId ?? null,
    parentId: group.parentId ?? null,
    agentIds: [...group.agentIds],
    firstAssign: config?.firstAssign ?? DEFAULT_FIRST_ASSIGN,
    secondAssign: config?.secondAssign ?? null,
    overloadGroupId: config?.overloadGroupId ?? null,
    offlineGroupId: config?.offlineGroupId ?? null,
    blocks,
  };
}

function bodyOf(values: Values, group: CsGroup): Record<string, unknown> {
  const hasConfig = GROUP_TYPES_WITH_CONFIG.includes(values.type as GroupType);
  return {
    id: group.id,
    version: group.version,
    type: values.type,
    name: values.name,
    code: values.code.trim() || null,
    intro: values.intro.trim() || null,
    timeId: values.timeId ?? '',
    parentId: values.parentId,
    agentIds: values.agentIds,
    config: hasConfig
      ? {
          firstAssign: values.firstAssign,
          secondAssign: values.firstAssign === SECOND_ASSIGN_AFTER ? values.secondAssign : null,
          overloadGroupId: values.overloadGroupId,
          offlineGroupId: values.offlineGroupId,
          // only ticked blocks are saved; unticked ones are sent as null (spec §2.1)
          ...Object.fromEntries(
            TIMEOUT_BLOCKS.map((name) => {
              const b = values.blocks[name];
              return [name, b.on ? { minutes: b.minutes, prompt: b.prompt } : null];
            }),
          ),
        }
      : null,
  };
}

/** The form key a problem path names: `config.overloadGroupId` → `overloadGroupId`, `agentIds[0]` → `agentIds`. */
function keyOf(path: string): string {
  const block = TIMEOUT_BLOCKS.find((name) => path.startsWith(`config.${name}`));
  if (block) return `${block}.${path.endsWith('prompt') ? 'prompt' : 'minutes'}`;
  return path.replace(/^config\./, '').split(/[[.]/)[0] ?? path;
}
const FORM_KEYS = new Set([
  'type',
  'name',
  'code',
  'intro',
  'timeId',
  'parentId',
  'agentIds',
  'firstAssign',
  'secondAssign',
  'overloadGroupId',
  'offlineGroupId',
  ...TIMEOUT_BLOCKS.flatMap((name) => [`${name}.minutes`, `${name}.prompt`]),
]);

/** Options loaded by `load` when `deps` change (none until then); a failure goes to `onError`. */
function useOptions(load: () => Promise<FormOption[]>, deps: unknown[], onError: (text: string) => void) {
  return useLoad(load, deps, { onError }).data ?? [];
}

/**
 * /csGroup/config?id={id}&_modal=large (online-service-config §2.2, §3.2, §5): the group's basic fields and, for
 * ONLINE and TICKET groups, its assignment config: first assignment (IDLE_RATE by default), a second one only after
 * LAST_RECEIVER, the overflow and all-offline groups (never the group itself) and four timeout blocks, each saved
 * only when ticked. Changing the type clears the category parent and reloads the category groups. After the save
 * it reopens itself with `_reload=list`.
 */
export function CsGroupConfig({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(() => resource<CsGroup>(client, csGroupContract.base, csGroupContract), [client]);
  const { t, m, locale, options: dictOptions } = useI18n();
  const editable = useCan()('csGroup.edit');
  const id = location.query.id ?? '';
  const [values, setValues] = useState<Values | null>(null);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => {
      const key = keyOf(field);
      return FORM_KEYS.has(key) ? key : null;
    },
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    onLoad: (g) => setValues(valuesOf(g)),
    onError: setBanner,
  });
  const group = loaded.data;
  const type = values?.type ?? null;

  const times = useOptions(
    async () => withOwn(await timeOptions(client), group?.timeId, group?.timeName),
    [client, group],
    setBanner,
  );
  const agents = useOptions(
    async () => {
      let found = await agentOptions(client);
      for (const a of group?.agents ?? []) found = withOwn(found, a.agentId, a.agentNick ?? a.agentName);
      return found;
    },
    [client, group],
    setBanner,
  );
  const parents = useOptions(
    async () => {
      const found = await parentOptions(client, type);
      return type === group?.type ? withOwn(found, group?.parentId, group?.parentName) : found;
    },
    [client, group, type],
    setBanner,
  );
  const overflow = useOptions(
    async () => (type && group ? overflowOptions(client, type, group.id) : []),
    [client, group, type],
    setBanner,
  );

  if (!values || !group)
    return (
      <Stack pos="relative" mih={120}>
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      </Stack>
    );

  const set = (patch: Partial<Values>, ...keys: string[]) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    for (const key of keys) clearError(key);
  };
  const setBlock = (name: TimeoutBlockName, patch: Partial<Block>) => {
    setValues((v) => (v ? { ...v, blocks: { ...v.blocks, [name]: { ...v.blocks[name], ...patch } } } : v));
    clearError(`${name}.minutes`);
    clearError(`${name}.prompt`);
  };

  const save = async () => {
    const next: Record<string, string> = {};
    if (!values.type) next.type = m('common.required');
    if (!values.name.trim()) next.name = m('common.required');
    if (!values.timeId) next.timeId = m('common.required');
    const checked = csGroupSaveSchema.safeParse(bodyOf(values, group));
    const unplaced: string[] = [];
    if (!checked.success)
      for (const problem of toFieldErrors(checked.error, locale)) {
        const key = keyOf(problem.field);
        if (FORM_KEYS.has(key)) next[key] ??= problem.message;
        else unplaced.push(problem.message);
      }
    setErrors(next);
    setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
    if (!checked.success || Object.keys(next).length > 0) return;
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) =>
        navigate(
          CS_GROUP_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        ),
    );
  };

  const disabled = !editable;
  const hasParent = GROUP_TYPES_WITH_PARENT.includes(type as GroupType);
  const hasConfig = GROUP_TYPES_WITH_CONFIG.includes(type as GroupType);
  const assigns = dictOptions(DeskAssign);
  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading || saving} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <Title order={5}>{t('csGroup.basic')}</Title>
      <Select
        label={t('common.type')}
        withAsterisk
        data={dictOptions(GroupType)}
        value={values.type}
        error={errors.type}
        disabled={disabled}
        // the parent belongs to the old type's category list: a type change clears it (spec §2.2)
        onChange={(v) => set({ type: v, parentId: null }, 'type', 'parentId')}
      />
      <TextInput
        label={t('common.name')}
        withAsterisk
        value={values.name}
        maxLength={DESK_LIMITS.nameMax}
        error={errors.name}
        disabled={disabled}
        onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
      />
      <TextInput
        label={t('csGroup.code')}
        value={values.code}
        maxLength={DESK_LIMITS.codeMax}
        error={errors.code}
        disabled={disabled}
        onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
      />
      <Select
        label={t('csGroup.time')}
        withAsterisk
        searchable
        data={times}
        value={values.timeId}
        error={errors.timeId}
        disabled={disabled}
        onChange={(v) => set({ timeId: v }, 'timeId')}
      />
      {hasParent && (
        <Select
          label={t('csGroup.parent')}
          clearable
          searchable
          data={parents}
          value={values.parentId}
          error={errors.parentId}
          disabled={disabled}
          onChange={(v) => set({ parentId: v }, 'parentId')}
        />
      )}
      <MultiSelect
        label={t('csGroup.agents')}
        withAsterisk
        searchable
        data={agents}
        value={values.agentIds}
        error={errors.agentIds}
        disabled={disabled}
        onChange={(v) => set({ agentIds: v }, 'agentIds')}
      />
      <Textarea
        label={t('csGroup.intro')}
        value={values.intro}
        maxLength={DESK_LIMITS.textMax}
        error={errors.intro}
        disabled={disabled}
        onChange={(e) => set({ intro: e.currentTarget.value }, 'intro')}
      />
      {hasConfig && (
        <>
          <Title order={5}>{t('csGroup.assignConfig')}</Title>
          <Select
            label={t('csGroup.firstAssign')}
            data={assigns}
            allowDeselect={false}
            value={values.firstAssign}
            error={errors.firstAssign}
            disabled={disabled}
            // the second assignment exists only after LAST_RECEIVER and is cleared otherwise (spec §4)
            onChange={(v) => set({ firstAssign: v ?? DEFAULT_FIRST_ASSIGN, secondAssign: null }, 'secondAssign')}
          />
          {values.firstAssign === SECOND_ASSIGN_AFTER && (
            <Select
              label={t('csGroup.secondAssign')}
              clearable
              data={assigns.filter((o) => o.value !== SECOND_ASSIGN_AFTER)}
              value={values.secondAssign}
              error={errors.secondAssign}
              disabled={disabled}
              onChange={(v) => set({ secondAssign: v }, 'secondAssign')}
            />
          )}
          <Select
            label={t('csGroup.overloadGroup')}
            clearable
            searchable
            data={withOwn(overflow, group.config?.overloadGroupId, group.config?.overloadGroupName)}
            value={values.overloadGroupId}
            error={errors.overloadGroupId}
            disabled={disabled}
            onChange={(v) => set({ overloadGroupId: v }, 'overloadGroupId')}
          />
          <Select
            label={t('csGroup.offlineGroup')}
            clearable
            searchable
            data={withOwn(overflow, group.config?.offlineGroupId, group.config?.offlineGroupName)}
            value={values.offlineGroupId}
            error={errors.offlineGroupId}
            disabled={disabled}
            onChange={(v) => set({ offlineGroupId: v }, 'offlineGroupId')}
          />
          {TIMEOUT_BLOCKS.map((name) => {
            const block = values.blocks[name];
            return (
              <Paper key={name} withBorder p="xs" data-testid={name}>
                <Checkbox
                  label={t(`csGroup.block.${name}`)}
                  checked={block.on}
                  disabled={disabled}
                  onChange={(e) => setBlock(name, { on: e.currentTarget.checked })}
                />
                <Group align="flex-start" mt="xs">
                  <NumberInput
                    label={t('csGroup.minutes')}
                    min={1}
                    max={DESK_LIMITS.timeoutMinutesMax}
                    value={block.minutes ?? ''}
                    error={errors[`${name}.minutes`]}
                    disabled={disabled || !block.on}
                    onChange={(v) => setBlock(name, { minutes: typeof v === 'number' ? v : null })}
                  />
                  <TextInput
                    label={t('csGroup.prompt')}
                    style={{ flex: 1 }}
                    value={block.prompt}
                    maxLength={DESK_LIMITS.textMax}
                    error={errors[`${name}.prompt`]}
                    disabled={disabled || !block.on}
                    onChange={(e) => setBlock(name, { prompt: e.currentTarget.value })}
                  />
                </Group>
              </Paper>
            );
          })}
        </>
      )}
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
