import { Alert, Button, Group, LoadingOverlay, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  TASK_STATE_LIMITS,
  type TaskState,
  TICKET_STATE_COLORS,
  TicketStatusGroup,
  taskStateContract,
  taskStateSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { STATE_EDIT_PATH } from '../../entities/task-state';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { StateColorPicker } from './StateColor';

interface Values {
  name: string;
  code: string;
  status: string | null;
  color: string;
}

const EMPTY: Values = { name: '', code: '', status: null, color: TICKET_STATE_COLORS[0] };
const FORM_KEYS = new Set(['name', 'code', 'status', 'color']);

/**
 * /ticket/state/edit?_modal=small[&id={id}] (tickets spec "Ticket states", §5): name, code, status group and a colour
 * of the 18 presets (the first by default). Code and group are locked once the state exists; a system state (tenantId
 * 0) is shown read-only with '系统状态不能修改'. The contract checks the body first, the server's own refusals show
 * under their field; after a save the modal reopens on the state and the list reloads.
 */
export function TaskStateEdit({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(() => resource<TaskState>(client, taskStateContract.base, taskStateContract), [client]);
  const { t, m, locale, options } = useI18n();
  const may = useCan()(taskStateContract.keys.edit);
  const id = location.query.id ?? '';
  const [values, setValues] = useState<Values>(EMPTY);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (FORM_KEYS.has(field) ? field : null),
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    enabled: id !== '',
    onLoad: (state) => setValues({ name: state.name, code: state.code, status: state.status, color: state.color }),
    onError: setBanner,
  });
  const state = loaded.data;
  const system = state?.system === true;
  const editable = may && !system;
  const set = (patch: Partial<Values>, key: keyof Values) => {
    setValues((v) => ({ ...v, ...patch }));
    clearError(key);
  };

  const save = async () => {
    const body = {
      ...(state ? { id: state.id, version: state.version } : {}),
      name: values.name,
      code: values.code,
      status: values.status,
      color: values.color,
    };
    const checked = taskStateSaveSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      const unplaced: string[] = [];
      for (const problem of toFieldErrors(checked.error, locale)) {
        if (FORM_KEYS.has(problem.field)) next[problem.field] ??= problem.message;
        else unplaced.push(problem.message);
      }
      setErrors(next);
      setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
      return;
    }
    setErrors({});
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) => navigate(STATE_EDIT_PATH, { id: String(saved), _modal: 'small', _reload: 'list' }, { replace: true }),
    );
  };

  if (id !== '' && !state)
    return (
      <Stack pos="relative" mih={120}>
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      </Stack>
    );

  const locked = id !== '';
  return (
    <Stack pos="relative" gap="sm">
      <LoadingOverlay visible={saving} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {system && (
        <Alert color="gray" variant="light">
          {m('ticketState.systemLocked')}
        </Alert>
      )}
      <TextInput
        label={t('common.name')}
        withAsterisk
        value={values.name}
        maxLength={TASK_STATE_LIMITS.nameMax}
        error={errors.name}
        disabled={!editable}
        onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
      />
      <TextInput
        label={t('ticketState.code')}
        withAsterisk
        value={values.code}
        maxLength={TASK_STATE_LIMITS.codeMax}
        error={errors.code}
        disabled={!editable || locked}
        onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
      />
      <Select
        label={t('ticketState.group')}
        withAsterisk
        data={options(TicketStatusGroup)}
        value={values.status}
        error={errors.status}
        disabled={!editable || locked}
        onChange={(v) => set({ status: v }, 'status')}
      />
      {locked && !system && (
        <Text size="xs" c="dimmed">
          {t('ticketState.lockedHint')}
        </Text>
      )}
      <StateColorPicker
        value={values.color}
        error={errors.color}
        disabled={!editable}
        onChange={(color) => set({ color }, 'color')}
      />
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
