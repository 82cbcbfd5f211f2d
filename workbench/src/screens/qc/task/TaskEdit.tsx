import { Button, Group, LoadingOverlay, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { LIMITS, QcTaskType, qcTaskSaveSchema, toFieldErrors } from '@qcdesk/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { type ApiClient, ApiError, errorText } from '../../../api/client';
import { resource } from '../../../api/resource';
import { useCan } from '../../../auth/session-store';
import type { SchemeRecord } from '../../../contracts-gaps';
import { lineLabel, qcTaskDescription, TASK_EDIT_PATH, type TaskRecord } from '../../../entities/qc-task';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { notifySuccess } from '../../../ui/notify';
import { fromInputTime, toInputTime } from '../../../ui/times';

/** How many schemes the scheme picker offers (spec: "Scheme lookup for tasks uses top 100"). */
export const SCHEME_LOOKUP_TOP = 100;

interface TaskForm {
  id: string | null;
  version: number | null;
  name: string;
  type: string;
  schemeId: string | null;
  lineIds: string[];
  endTime: string;
}

interface Option {
  value: string;
  label: string;
}

function toForm(task: TaskRecord | null, type: string): TaskForm {
  return {
    id: task?.id ?? null,
    version: task?.version ?? null,
    name: task?.name ?? '',
    type: task?.type ?? type,
    schemeId: task?.schemeId ?? null,
    lineIds: task?.lineIds ?? [],
    endTime: toInputTime(task?.endTime ?? null),
  };
}

function toBody(form: TaskForm) {
  return {
    ...(form.id ? { id: form.id, version: form.version } : {}),
    name: form.name.trim(),
    type: form.type,
    schemeId: form.schemeId ?? '',
    lineIds: form.lineIds,
    endTime: fromInputTime(form.endTime),
  };
}

/** The schemes a task of `type` may use: text tasks take TEXT schemes, voice tasks VOICE ones; AI and manual. */
async function schemeOptions(client: ApiClient, type: string): Promise<Option[]> {
  const schemeType = type.endsWith('_TEXT') ? 'TEXT' : 'VOICE';
  const api = resource<SchemeRecord>(client, '/v3/chats/qc-scheme', { detailParam: 'schemeId' });
  const lists = await Promise.all(
    (['AI', 'PERSON'] as const).map((targetType) =>
      api.list({ targetType, type: schemeType, fields: ['id', 'name', 'targetType'] }),
    ),
  );
  return lists
    .flat()
    .slice(0, SCHEME_LOOKUP_TOP)
    .map((s) => ({ value: String(s.id), label: s.name }));
}

/** The service lines the sessions name (there is no line directory yet). */
async function lineOptions(client: ApiClient): Promise<Option[]> {
  const sessions = await client.request<{ lineId?: string | null; lineName?: string | null }[]>({
    path: '/v3/chats/session/list',
    body: { fields: ['lineId', 'lineName'] },
  });
  const lines = new Map<string, string>();
  for (const s of sessions ?? [])
    if (s.lineId) lines.set(String(s.lineId), lineLabel({ lineId: String(s.lineId), lineName: s.lineName }));
  return [...lines].map(([value, label]) => ({ value, label })).sort((a, b) => a.value.localeCompare(b.value));
}

/**
 * /qc/task/edit?id={id}&type={type}&_modal=small: name, type (fixed), scheme and lines, with the end time the entity
 * carries. After a save it reopens itself on the saved task and reloads the list.
 */
export function TaskEdit({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(
    () => resource<TaskRecord>(client, qcTaskDescription.api.base, { detailParam: qcTaskDescription.api.detailParam }),
    [client],
  );
  const { t, locale, options } = useI18n();
  const can = useCan();
  const id = location.query.id || null;
  const type = location.query.type || 'OFFLINE_TEXT';
  const [form, setForm] = useState<TaskForm>(() => toForm(null, type));
  const [task, setTask] = useState<TaskRecord | null>(null);
  const [schemes, setSchemes] = useState<Option[]>([]);
  const [lines, setLines] = useState<Option[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const [saving, setSaving] = useState(false);
  const editable = can('qc-task.edit');

  const load = useCallback(async () => {
    if (id === null) return;
    setLoading(true);
    try {
      const answer = await api.detail(id);
      setTask(answer);
      setForm(toForm(answer, type));
    } catch (e) {
      setBanner(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [api, id, type]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    let live = true;
    schemeOptions(client, form.type)
      .then((o) => live && setSchemes(o))
      .catch((e) => live && setBanner(errorText(e)));
    lineOptions(client)
      .then((o) => live && setLines(o))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, form.type]);

  // the saved task's scheme and lines stay choosable even when the lookups do not list them
  const schemeData = useMemo(() => {
    const all = [...schemes];
    if (task?.schemeId && !all.some((o) => o.value === task.schemeId))
      all.push({ value: task.schemeId, label: task.schemeName ?? task.schemeId });
    return all;
  }, [schemes, task]);
  const lineData = useMemo(() => {
    const all = new Map(lines.map((o) => [o.value, o.label]));
    for (const line of task?.lines ?? []) if (!all.has(line.lineId)) all.set(line.lineId, lineLabel(line));
    return [...all].map(([value, label]) => ({ value, label }));
  }, [lines, task]);

  const set = (change: Partial<TaskForm>) => setForm((f) => ({ ...f, ...change }));

  const save = async () => {
    const body = toBody(form);
    const checked = qcTaskSaveSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const problem of toFieldErrors(checked.error, locale))
        next[problem.field.split('[')[0]!] ??= problem.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBanner(null);
    setSaving(true);
    try {
      const savedId = await api.save(checked.data);
      notifySuccess();
      navigate(
        TASK_EDIT_PATH,
        { id: savedId, type: form.type, _modal: location.query._modal ?? 'small', _reload: 'list' },
        { replace: true },
      );
    } catch (e) {
      // a field the server names is shown at that field; anything else in the banner
      if (e instanceof ApiError && e.field) setErrors({ [e.field.split('[')[0]!]: e.message });
      else setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <TextInput
        label={t('task.name')}
        withAsterisk
        value={form.name}
        maxLength={LIMITS.nameMax}
        error={errors.name}
        disabled={!editable}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      <Select
        label={t('common.type')}
        withAsterisk
        data={options(QcTaskType)}
        value={form.type}
        disabled
        error={errors.type}
      />
      <Select
        label={t('task.scheme')}
        withAsterisk
        searchable
        data={schemeData}
        value={form.schemeId}
        error={errors.schemeId}
        disabled={!editable}
        nothingFoundMessage={t('common.noData')}
        onChange={(value) => set({ schemeId: value })}
      />
      <MultiSelect
        label={t('task.lines')}
        withAsterisk
        searchable
        data={lineData}
        value={form.lineIds}
        error={errors.lineIds}
        disabled={!editable}
        nothingFoundMessage={t('common.noData')}
        onChange={(value) => set({ lineIds: value })}
      />
      <TextInput
        type="datetime-local"
        label={t('task.endTime')}
        value={form.endTime}
        error={errors.endTime}
        disabled={!editable}
        onChange={(e) => set({ endTime: e.currentTarget.value })}
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
