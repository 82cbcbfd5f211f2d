import { Badge, Box, Group, LoadingOverlay, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  type CsNav,
  csNavContract,
  csNavSaveSchema,
  defaultNavConfig,
  type IvrHotlineConfig,
  NAV_DEFAULT_NAMES,
  NAV_DEFAULT_WELCOMES,
  NAV_LIMITS,
  NAV_TYPE_OF_KIND,
  type NavConfigOf,
  NavKind,
  type NavOnlineConfig,
  NavType,
  navConfigField,
  toFieldErrors,
} from '@qcdesk/contracts';
import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { ApiError, errorText } from '../../../api/client';
import { type RecordId, resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { useLeaveGuard } from '../../../router/use-leave-guard';
import { useDrawerForm } from '../../../ui/Drawer';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess } from '../../../ui/notify';
import { SavableForm } from '../../../ui/SavableForm';
import { BottomEditor } from './BottomEditor';
import type { NavEditorProps } from './editor-types';
import { GroupEditor } from './GroupEditor';
import { IvrEditor } from './IvrEditor';
import { NavPreview } from './NavPreview';
import { editorPath } from './nav-items';
import { SelfEditor } from './SelfEditor';
import { SideEditor } from './SideEditor';

/** The editor of each kind (GroupEditor and IvrEditor are N2b's, with the same props). */
const EDITORS: { [K in NavKind]: ComponentType<NavEditorProps<NavConfigOf<K>>> } = {
  SELF: SelfEditor,
  BOTTOM: BottomEditor,
  SIDE: SideEditor,
  GROUP: GroupEditor,
  IVR: IvrEditor,
};

/** The kinds whose customer-facing look the preview draws (issue 18: SELF, BOTTOM, SIDE). */
const PREVIEWED: readonly NavKind[] = ['SELF', 'BOTTOM', 'SIDE'];

type AnyConfig = NavOnlineConfig | IvrHotlineConfig;

/** What the modal edits: the navigation's own fields and its kind's config. */
interface Values {
  name: string;
  welcome: string;
  config: AnyConfig;
}

/** Problems of a save: under the name and welcome, inside the config (by editor path), or in the banner. */
interface Problems {
  form: Record<string, string>;
  config: Record<string, string>;
  banner: string[];
}

const noProblems = (): Problems => ({ form: {}, config: {}, banner: [] });

/** Puts one problem where it is shown: `name` / `welcome` under their inputs, the config's by path, others above. */
function place(problems: Problems, field: string | undefined, message: string, kind: NavKind): void {
  const configField = navConfigField(kind);
  if (field === 'name' || field === 'welcome') problems.form[field] ??= message;
  else if (field?.startsWith(`${configField}.`)) problems.config[editorPath(field, configField)] ??= message;
  else problems.banner.push(message);
}

function valuesOf(record: CsNav | null, kind: NavKind): Values {
  if (!record)
    return { name: NAV_DEFAULT_NAMES[kind], welcome: NAV_DEFAULT_WELCOMES[kind], config: defaultNavConfig(kind) };
  const stored = navConfigField(kind) === 'hotlineConfig' ? record.hotlineConfig : record.onlineConfig;
  return {
    name: record.name,
    welcome: record.welcome ?? '',
    config: (stored as AnyConfig | null) ?? defaultNavConfig(kind),
  };
}

/** The kind of a new navigation: the route's `kind`, else the list's (the hotline list's is IVR). */
export function kindOf(query: Readonly<Record<string, string>>, path: string): NavKind {
  const asked = query.kind;
  if (asked && NavKind.has(asked)) return asked;
  return path.startsWith('/hotline/') ? 'IVR' : 'SELF';
}

export interface NavConfigFormProps {
  /** the navigation edited; null starts a new one of `kind` */
  id: string | null;
  kind: NavKind;
  /** after a save: the saved id (the route reopens on it; a drawer hands it to the selector that opened it) */
  onSaved: (id: RecordId) => void;
  /** told whether there are unsaved edits (the route asks before leaving them) */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The navigation config (online-service-config §2.7, §3.7, §4, §5, §8): the name and welcome, then the editor of the
 * kind and, for SELF, BOTTOM and SIDE, the live preview beside it. A new navigation starts with the kind's default
 * name, welcome and config. Saving sends id, name, type, kind, version, welcome and the kind's config; the contract
 * is checked first, and its problems, like the server's, are shown under the inputs they name (any other in the
 * banner). Once a save has been refused the problems follow the edits. In a drawer the drawer's confirm saves.
 */
export function NavConfigForm({ id, kind: askedKind, onSaved, onDirtyChange }: NavConfigFormProps) {
  const client = useApi();
  const api = useMemo(() => resource<CsNav>(client, csNavContract.base, csNavContract), [client]);
  const { t, label, locale } = useI18n();
  const editable = useCan()(csNavContract.keys.edit);
  const drawer = useDrawerForm(editable);
  const [values, setValues] = useState<Values | null>(id === null ? valuesOf(null, askedKind) : null);
  const initial = useRef<string | null>(id === null ? JSON.stringify(values) : null);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const [refused, setRefused] = useState(false);
  // the banner's count of problems below, until the user closes it (each save says it again)
  const [countShown, setCountShown] = useState(true);
  const [saving, setSaving] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const loaded = useLoad(() => api.detail(id ?? ''), [api, id], {
    enabled: id !== null,
    onLoad: (record) => {
      const next = valuesOf(record, record.kind);
      initial.current = JSON.stringify(next);
      setValues(next);
    },
    onError: setLoadError,
  });
  const record = id === null ? null : loaded.data;
  // a stored navigation keeps its kind (and type); a new one is of the kind asked for
  const kind = record?.kind ?? askedKind;
  const type = NAV_TYPE_OF_KIND[kind];
  const dirty = values !== null && initial.current !== null && JSON.stringify(values) !== initial.current;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const bodyOf = (v: Values) => ({
    ...(record ? { id: record.id, version: record.version } : {}),
    name: v.name.trim(),
    type,
    kind,
    welcome: v.welcome.trim() === '' ? null : v.welcome,
    [navConfigField(kind)]: v.config,
  });

  /** The contract's problems with the values (none: the body to send). */
  const check = (v: Values): { problems: Problems; body: Record<string, unknown> | null } => {
    const found = noProblems();
    const checked = csNavSaveSchema.safeParse(bodyOf(v));
    if (checked.success) return { problems: found, body: checked.data as unknown as Record<string, unknown> };
    for (const problem of toFieldErrors(checked.error, locale)) place(found, problem.field, problem.message, kind);
    return { problems: found, body: null };
  };

  const change = (patch: Partial<Values>) => {
    if (!values) return;
    const next = { ...values, ...patch };
    setValues(next);
    // after a refused save, what is fixed stops being marked as it is typed
    if (refused) setProblems(check(next).problems);
  };

  const save = async () => {
    if (!values) return;
    setCountShown(true);
    const { problems: found, body } = check(values);
    setProblems(found);
    if (!body) {
      setRefused(true);
      return;
    }
    setSaving(true);
    drawer?.setSaving(true);
    try {
      const saved = await api.save(body);
      notifySuccess();
      initial.current = JSON.stringify(values);
      onDirtyChange?.(false);
      onSaved(saved);
    } catch (caught) {
      const fromServer = noProblems();
      const listed = caught instanceof ApiError ? (caught.errors ?? []) : [];
      if (listed.length > 0) for (const e of listed) place(fromServer, e.field, e.message, kind);
      else place(fromServer, caught instanceof ApiError ? caught.field : undefined, errorText(caught), kind);
      setProblems(fromServer);
      setRefused(true);
    } finally {
      setSaving(false);
      drawer?.setSaving(false);
    }
  };

  // a problem may lie in a folded sub-menu or another tab: the banner says how many there are to find
  const configCount = Object.keys(problems.config).length;
  const counted = configCount > 0 && countShown ? [t('csNav.problems', { count: configCount })] : [];
  const said = [...problems.banner, ...counted];
  const banner = loadError ?? (said.length > 0 ? said.join('；') : null);
  if (!values)
    return (
      <Stack pos="relative" mih={160}>
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onRetry={loaded.reload} />
      </Stack>
    );

  const Editor = EDITORS[kind] as ComponentType<NavEditorProps<AnyConfig>>;
  const previewed = PREVIEWED.includes(kind);
  return (
    <SavableForm drawer={drawer} editable={editable} saving={saving} onSave={() => void save()}>
      <Stack pos="relative" gap="sm">
        <LoadingOverlay visible={loaded.loading || saving} />
        <FormErrorBanner
          error={banner}
          onClose={() => {
            setLoadError(null);
            setCountShown(false);
            setProblems((p) => ({ ...p, banner: [] }));
          }}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('common.type')}
          </Text>
          <Badge variant="light" data-testid="nav-type">
            {label(NavType, type)}
          </Badge>
          <Text size="sm" c="dimmed" ml="sm">
            {t('csNav.kind')}
          </Text>
          <Badge variant="light" color="grape" data-testid="nav-kind">
            {label(NavKind, kind)}
          </Badge>
        </Group>
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              label={t('common.name')}
              withAsterisk
              maxLength={NAV_LIMITS.nameMax}
              value={values.name}
              disabled={!editable}
              error={problems.form.name}
              onChange={(e) => change({ name: e.currentTarget.value })}
            />
            <Textarea
              label={t('csNav.welcome')}
              description={t('csNav.welcomeHint')}
              minRows={2}
              resize="vertical"
              maxLength={NAV_LIMITS.welcomeMax}
              value={values.welcome}
              disabled={!editable}
              error={problems.form.welcome}
              onChange={(e) => change({ welcome: e.currentTarget.value })}
            />
            <Title order={5} mt="xs">
              {t('csNav.editorTitle', { kind: label(NavKind, kind) })}
            </Title>
            <Editor
              value={values.config}
              onChange={(config) => change({ config })}
              disabled={!editable}
              errors={problems.config}
            />
          </Stack>
          {previewed && (
            <Box pos="sticky" top={0} style={{ flexShrink: 0 }}>
              <NavPreview kind={kind} welcome={values.welcome} config={values.config as NavOnlineConfig} />
            </Box>
          )}
        </Group>
      </Stack>
    </SavableForm>
  );
}

/**
 * /online/csNav/config?id={id}&_modal=large (and /hotline/csNav/config): the config of a stored navigation, or of a
 * new one of the route's `kind`. After a save it reopens on the saved record with `_reload=list`; leaving with
 * unsaved edits asks first.
 */
export function NavConfig({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty, t('csNav.leaveConfirm'));
  const id = location.query.id || null;
  const kind = kindOf(location.query, location.path);
  return (
    <NavConfigForm
      id={id}
      kind={kind}
      onDirtyChange={setDirty}
      onSaved={(saved) =>
        navigate(
          location.path,
          { id: String(saved), kind, _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true, force: true },
        )
      }
    />
  );
}
