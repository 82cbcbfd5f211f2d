import { Button, Group, LoadingOverlay, Stack } from '@mantine/core';
import { toFieldErrors } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../api/api-context';
import { ApiError, errorText } from '../api/client';
import { type RecordId, resource } from '../api/resource';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import type { RouteLocation } from '../router/location';
import { navigate } from '../router/router-store';
import { FormErrorBanner } from '../ui/FormErrorBanner';
import { notifySuccess } from '../ui/notify';
import { FormFieldInput } from './FormFieldInput';
import { checkFields, defaultBody, fieldKeyOf, initialValues, versionOf } from './form-values';
import type { EntityDescriptionWithForm, EntityRecord, FormValue, FormValues } from './types';

export interface EntityFormProps<R extends EntityRecord> {
  description: EntityDescriptionWithForm<R>;
  /** the route: `id` in the query edits that record, none creates one */
  location: RouteLocation;
  /** instead of reopening the saved record (e.g. a create inside a drawer hands the new id to its caller) */
  onSaved?: (id: RecordId) => void;
}

/**
 * The create/edit form of any entity description with a `form`: loads the record named by `id`, checks the fields
 * (required, maximum length) and the body (the description's contract check), saves by `/create` or `/change` by
 * presence of id with the record's version, shows a field the server names at that field and any other failure in the
 * banner, and after the success message reopens itself in its saved state as the description's `afterSave` says.
 * Without the description's permission every input is disabled and there is no save.
 */
export function EntityForm<R extends EntityRecord>({ description, location, onSaved }: EntityFormProps<R>) {
  const client = useApi();
  const { form } = description;
  const api = useMemo(
    () => resource<R>(client, description.api.base, { detailParam: description.api.detailParam }),
    [client, description],
  );
  const { t, m, locale } = useI18n();
  const can = useCan();
  const id = location.query.id || null;
  const editable = form.permission === undefined || can(form.permission);
  const defaults = useMemo(() => form.defaults?.(location.query) ?? {}, [form, location.query]);
  const [record, setRecord] = useState<R | null>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(form, null, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [loading, setLoading] = useState(id !== null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setLoading(true);
    api
      .detail(id)
      .then((answer) => {
        if (!live) return;
        setRecord(answer);
        setValues(initialValues(form, answer, defaults));
      })
      .catch((e) => live && setBanner(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, form, id, defaults]);

  const set = (key: string, value: FormValue) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const save = async () => {
    const next = checkFields(form.fields, values, m);
    const body = form.toBody ? form.toBody(values, record) : defaultBody(form.fields, values);
    if (id !== null) Object.assign(body, { id: record?.id ?? id, version: versionOf(record) });
    let sent: unknown = body;
    const unplaced: string[] = [];
    if (form.check) {
      const checked = form.check(body);
      if (checked.success) sent = checked.data;
      else
        for (const problem of toFieldErrors(checked.error, locale)) {
          const key = fieldKeyOf(problem.field, form.fields);
          if (key === null) unplaced.push(problem.message);
          else next[key] ??= problem.message;
        }
    }
    setErrors(next);
    setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
    if (Object.keys(next).length > 0 || unplaced.length > 0) return;
    setSaving(true);
    try {
      const savedId = await api.save(sent as Record<string, unknown>);
      notifySuccess();
      if (onSaved) onSaved(savedId);
      else {
        const target = form.afterSave(savedId, values, location.query);
        navigate(target.path, target.query, { replace: target.replace });
      }
    } catch (e) {
      // a field the server names is shown at that field; anything else in the banner
      const key = e instanceof ApiError && e.field ? fieldKeyOf(e.field, form.fields) : null;
      if (key !== null) setErrors({ [key]: errorText(e) });
      else setBanner(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {form.fields.map((field) => (
        <FormFieldInput
          key={field.key}
          field={field}
          value={values[field.key] ?? null}
          error={errors[field.key]}
          disabled={!editable}
          values={values}
          record={record}
          onChange={(value) => set(field.key, value)}
          onOptionsError={setBanner}
        />
      ))}
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
