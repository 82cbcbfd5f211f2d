import { Checkbox, Fieldset, LoadingOverlay, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  ALL_PERMISSIONS_KEY,
  type PermissionItem,
  ROLE_LIMITS,
  type Role,
  roleSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { loadPermissions, ROLE_EDIT_PATH, roleDescription } from '../../entities/role';
import { mayUse } from '../../entity/access';
import type { MessageKey } from '../../i18n/dictionary';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { useDrawerForm } from '../../ui/Drawer';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { SavableForm } from '../../ui/SavableForm';

const AREA_LABELS: Record<string, MessageKey> = {
  qc: 'area.qc',
  online: 'area.online',
  ticket: 'area.ticket',
  censor: 'area.censor',
  monitor: 'area.monitor',
  system: 'area.system',
};

/** The permission items by area, in the server's order. */
function byArea(items: readonly PermissionItem[]): [string, PermissionItem[]][] {
  const groups = new Map<string, PermissionItem[]>();
  for (const item of items) groups.set(item.area, [...(groups.get(item.area) ?? []), item]);
  return [...groups];
}

/**
 * /system/role/edit?id={id}&_modal=small: code, name and the permission checklist grouped by area with the zh or en
 * label of /v3/users/permission/list, plus 全部权限 (`*`, also keys added later). Checked by the contract's
 * roleSaveSchema; a problem the server names goes under its field. Without role.edit nothing is editable.
 */
export function RoleForm({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, m, locale } = useI18n();
  const can = useCan();
  const id = location.query.id || null;
  const editable = mayUse(can, roleDescription.api.base, id === null ? 'create' : 'change');
  const api = useMemo(
    () => resource<Role>(client, roleDescription.api.base, { detailParam: roleDescription.api.detailParam }),
    [client],
  );
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const { saving, errors, setErrors, banner, setBanner, submit } = useSaveForm({
    fieldOf: (field) =>
      field === 'code' || field === 'name' ? field : field.startsWith('permissions') ? 'permissions' : null,
  });
  const drawer = useDrawerForm(editable);
  const loaded = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (role) => {
      setCode(role.code);
      setName(role.name);
      setChosen(role.permissions);
    },
    onError: setBanner,
  });
  const permissions = useLoad(() => loadPermissions(client), [client], { onError: setBanner });
  const all = chosen.includes(ALL_PERMISSIONS_KEY);

  const toggle = (key: string, on: boolean) => {
    setChosen((keys) => (on ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key)));
    setErrors(({ permissions: _, ...rest }) => rest);
  };

  const save = async () => {
    const body = { code: code.trim(), name: name.trim(), permissions: chosen };
    if (id !== null) Object.assign(body, { id: loaded.data?.id ?? id, version: loaded.data?.version });
    const next: Record<string, string> = {};
    if (body.code === '') next.code = m('common.required');
    if (body.name === '') next.name = m('common.required');
    const checked = roleSaveSchema.safeParse(body);
    const unplaced: string[] = [];
    if (!checked.success)
      for (const problem of toFieldErrors(checked.error, locale)) {
        const key = problem.field.split(/[.[]/)[0]!;
        if (key === 'code' || key === 'name' || key === 'permissions') next[key] ??= problem.message;
        else unplaced.push(problem.message);
      }
    setErrors(next);
    setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
    if (!checked.success || Object.keys(next).length > 0) return;
    drawer?.setSaving(true);
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (savedId) =>
        navigate(
          ROLE_EDIT_PATH,
          { id: String(savedId), _modal: location.query._modal ?? 'small', _reload: 'list' },
          { replace: true },
        ),
    );
    drawer?.setSaving(false);
  };

  const text = (key: 'code' | 'name', value: string, set: (v: string) => void, max: number) => (
    <TextInput
      label={t(key === 'code' ? 'role.code' : 'role.name')}
      required
      value={value}
      maxLength={max}
      disabled={!editable}
      error={errors[key]}
      onChange={(event) => {
        set(event.currentTarget.value);
        setErrors(({ [key]: _, ...rest }) => rest);
      }}
    />
  );

  const fields = (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading || permissions.loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {text('code', code, setCode, ROLE_LIMITS.codeMax)}
      {text('name', name, setName, ROLE_LIMITS.nameMax)}
      <Fieldset legend={t('role.permissions')}>
        <Stack gap="sm">
          <Checkbox
            label={t('role.allPermissions')}
            checked={all}
            disabled={!editable}
            onChange={(event) => toggle(ALL_PERMISSIONS_KEY, event.currentTarget.checked)}
          />
          {byArea(permissions.data ?? []).map(([area, items]) => (
            <Fieldset key={area} legend={AREA_LABELS[area] ? t(AREA_LABELS[area]) : area} variant="filled">
              <SimpleGrid cols={2} spacing="xs">
                {items.map((item) => (
                  <Checkbox
                    key={item.key}
                    label={locale === 'zh' ? item.zh : item.en}
                    title={item.key}
                    // `*` holds every key: each shows ticked and cannot be taken off alone
                    checked={all || chosen.includes(item.key)}
                    disabled={!editable || all}
                    onChange={(event) => toggle(item.key, event.currentTarget.checked)}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          {errors.permissions && <div style={{ color: 'var(--mantine-color-error)' }}>{errors.permissions}</div>}
        </Stack>
      </Fieldset>
    </Stack>
  );
  return (
    <SavableForm drawer={drawer} editable={editable} saving={saving} onSave={() => void save()}>
      {fields}
    </SavableForm>
  );
}
