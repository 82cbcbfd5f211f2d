import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  SPACE_LIMITS,
  type Space,
  type SpaceKind,
  SpaceType,
  spaceContract,
  spaceSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan, useSessionStore } from '../../auth/session-store';
import { isOwnSpace, SPACE_CONFIG_PATH, type TemplateRecord } from '../../entities/space';
import { mayUse } from '../../entity/access';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { useLeaveGuard } from '../../router/use-leave-guard';
import { ReadOnlyField } from '../../ui/ReadOnlyField';
import { SavableForm } from '../../ui/SavableForm';
import { SortableList } from '../../ui/SortableList';
import { SpaceModalLayout } from './SpaceModalLayout';
import { TemplatePicker } from './TemplatePicker';

/** A template of the list being edited: what its row shows. */
export type TemplateRow = Pick<SpaceKind, 'kindId' | 'kindName' | 'kindCode'>;

interface Values {
  name: string;
  code: string;
  intro: string;
  templates: TemplateRow[];
}

function valuesOf(space: Space): Values {
  return {
    name: space.name,
    code: space.code ?? '',
    intro: space.intro ?? '',
    templates: space.taskKinds.map((k) => ({ kindId: k.kindId, kindName: k.kindName, kindCode: k.kindCode ?? null })),
  };
}

/**
 * Templates picked in the picker join the end of the list in the order picked; one already listed, or picked twice,
 * is ignored (tickets spec §5 "Selecting a duplicate template (by kindId) is ignored").
 */
export function addTemplates(rows: readonly TemplateRow[], picked: readonly TemplateRecord[]): TemplateRow[] {
  const next = [...rows];
  for (const kind of picked)
    if (!next.some((row) => row.kindId === String(kind.id)))
      next.push({ kindId: String(kind.id), kindName: kind.name, kindCode: kind.code ?? null });
  return next;
}

const SHOWN = new Set(['name', 'code', 'intro']);
const text = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * /ticket/space/config?id={id}&_modal=large, the base-config tab (tickets spec §2): name, code, intro ≤ 200 and, for a
 * ticket space, its templates in order — dragged by a handle (or space, arrows and space again from the keyboard),
 * removed, and added from the template picker. Saving sends id, version, type, name, code, intro and taskKindIds in
 * order, then reopens the tab with _reload=list. Read-only without ticket-space.edit, and for a space another
 * organisation granted the user's.
 */
export function SpaceConfig({ location }: { location: RouteLocation }) {
  const id = location.query.id ?? '';
  const client = useApi();
  const api = useMemo(() => resource<Space>(client, spaceContract.base, spaceContract), [client]);
  const { t, label, locale } = useI18n();
  const can = useCan();
  const organisationId = useSessionStore((s) => s.organisation?.id);
  const [values, setValues] = useState<Values | null>(null);
  const loadedValues = useRef<string>('');
  const [picking, setPicking] = useState(false);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (SHOWN.has(field) ? field : null),
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    onLoad: (record) => {
      const initial = valuesOf(record);
      loadedValues.current = JSON.stringify(initial);
      setValues(initial);
    },
    onError: setBanner,
  });
  const record = loaded.data;
  const own = record ? isOwnSpace(record, organisationId) : true;
  const editable = mayUse(can, spaceContract.base, 'change') && own;
  const disabled = !editable;
  const ticket = record?.type === 'TICKET';
  const dirty = values !== null && JSON.stringify(values) !== loadedValues.current;
  useLeaveGuard(editable && dirty, t('space.leaveConfirm'));

  const set = (patch: Partial<Values>, field?: string) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    if (field) clearError(field);
  };
  const setTemplates = (update: (rows: TemplateRow[]) => TemplateRow[]) =>
    setValues((v) => (v ? { ...v, templates: update(v.templates) } : v));

  const save = async () => {
    if (!values || !record) return;
    const body = {
      id,
      version: record.version,
      type: record.type,
      name: values.name.trim(),
      code: text(values.code),
      intro: text(values.intro),
      taskKindIds: ticket ? values.templates.map((k) => k.kindId) : [],
    };
    const checked = spaceSaveSchema.safeParse(body);
    if (!checked.success) {
      const problems = toFieldErrors(checked.error, locale);
      setErrors(Object.fromEntries(problems.filter((p) => SHOWN.has(p.field)).map((p) => [p.field, p.message])));
      const elsewhere = problems.filter((p) => !SHOWN.has(p.field));
      if (elsewhere.length > 0) setBanner(elsewhere.map((p) => p.message).join('；'));
      return;
    }
    setErrors({});
    await submit(
      () => api.save(body),
      (saved) =>
        navigate(
          SPACE_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true, force: true },
        ),
    );
  };

  return (
    <SpaceModalLayout
      location={location}
      space={record}
      loading={loaded.loading || saving}
      shared={record !== null && record !== undefined && !own}
      banner={banner}
      onBannerClose={() => setBanner(null)}
    >
      <SavableForm drawer={null} editable={editable && values !== null} saving={saving} onSave={() => void save()}>
        {values && record && (
          <Stack>
            <Group grow align="flex-start">
              <TextInput
                label={t('common.name')}
                withAsterisk
                value={values.name}
                maxLength={SPACE_LIMITS.nameMax}
                error={errors.name}
                disabled={disabled}
                onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
              />
              <TextInput
                label={t('space.code')}
                value={values.code}
                maxLength={SPACE_LIMITS.codeMax}
                error={errors.code}
                disabled={disabled}
                onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
              />
              <ReadOnlyField label={t('common.type')} value={label(SpaceType, record.type)} />
            </Group>
            <Textarea
              label={t('space.intro')}
              description={t('space.introLimit', { count: values.intro.length, max: SPACE_LIMITS.introMax })}
              value={values.intro}
              maxLength={SPACE_LIMITS.introMax}
              minRows={3}
              error={errors.intro}
              disabled={disabled}
              onChange={(e) => set({ intro: e.currentTarget.value }, 'intro')}
            />
            {ticket && (
              <Templates
                rows={values.templates}
                editable={editable}
                onAdd={() => setPicking(true)}
                onChange={(rows) => setTemplates(() => rows)}
              />
            )}
          </Stack>
        )}
      </SavableForm>
      {ticket && editable && (
        <TemplatePicker
          opened={picking}
          onClose={() => setPicking(false)}
          takenIds={values?.templates.map((k) => k.kindId) ?? []}
          onPick={(picked) => {
            setTemplates((rows) => addTemplates(rows, picked));
            setPicking(false);
          }}
        />
      )}
    </SpaceModalLayout>
  );
}

/** The ordered templates: a handle to drag each by, its name and code, and remove; add opens the picker. */
function Templates({
  rows,
  editable,
  onAdd,
  onChange,
}: {
  rows: TemplateRow[];
  editable: boolean;
  onAdd: () => void;
  onChange: (rows: TemplateRow[]) => void;
}) {
  const { t } = useI18n();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={500}>{t('space.kinds')}</Text>
          <Text size="xs" c="dimmed">
            {t(editable ? 'space.templates.countDrag' : 'space.templates.count', { count: rows.length })}
          </Text>
        </Stack>
        {editable && (
          <Button size="xs" variant="light" onClick={onAdd}>
            {t('space.templates.add')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('space.templates.empty')}
        </Text>
      ) : (
        <SortableList
          items={rows}
          itemKey={(k) => k.kindId}
          itemLabel={(k) => k.kindName}
          disabled={!editable}
          testId="space-templates"
          onChange={onChange}
          renderItem={(k, row) => (
            <Paper withBorder p="xs" bg={row.dragging ? 'var(--mantine-color-gray-0)' : undefined}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  {row.handle}
                  <Text size="sm" c="dimmed" w={24}>
                    {row.index + 1}
                  </Text>
                  <Text size="sm" fw={500} data-template-name>
                    {k.kindName}
                  </Text>
                  {k.kindCode && (
                    <Text size="xs" c="dimmed">
                      {k.kindCode}
                    </Text>
                  )}
                </Group>
                {editable && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('space.templates.removeOne', { name: k.kindName })}
                    onClick={() => onChange(rows.filter((o) => o.kindId !== k.kindId))}
                  >
                    {t('space.templates.remove')}
                  </Button>
                )}
              </Group>
            </Paper>
          )}
        />
      )}
    </Stack>
  );
}
