import { LoadingOverlay, Stack } from '@mantine/core';
import { toFieldErrors } from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../api/api-context';
import { type RecordId, resource } from '../api/resource';
import { useLoad } from '../api/use-load';
import { useSaveForm } from '../api/use-save-form';
import { useCan } from '../auth/session-store';
import { useI18n } from '../i18n/locale-store';
import type { RouteLocation } from '../router/location';
import { navigate } from '../router/router-store';
import { useDrawerForm } from '../ui/Drawer';
import { FormErrorBanner } from '../ui/FormErrorBanner';
import { SavableForm } from '../ui/SavableForm';
import { FormFieldInput } from './FormFieldInput';
import { checkFields, defaultBody, fieldKeyOf, initialValues, isShown, versionOf } from './form-values';
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
  const { m, locale } = useI18n();
  const can = useCan();
  const id = location.query.id || null;
  const editable = form.permission === undefined || can(form.permission);
  const defaults = useMemo(() => form.defaults?.(location.query) ?? {}, [form, location.query]);
  const [values, setValues] = useState<FormValues>(() => initialValues(form, null, defaults));
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => fieldKeyOf(field, form.fields),
  });
  // inside a drawer the drawer's confirm button submits the form (only a form that can be saved claims it)
  const drawer = useDrawerForm(editable);
  const loaded = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (answer) => setValues(initialValues(form, answer, defaults)),
    onError: setBanner,
  });
  const record = id === null ? null : loaded.data;

  const set = (key: string, value: FormValue) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
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
    drawer?.setSaving(true);
    await submit(
      () => api.save(sent as Record<string, unknown>),
      (savedId) => {
        if (onSaved) onSaved(savedId);
        else {
          const target = form.afterSave(savedId, values, location.query);
          navigate(target.path, target.query, { replace: target.replace });
        }
      },
    );
    drawer?.setSaving(false);
  };

  const fields = (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {form.fields
        .filter((field) => isShown(field, values))
        .map((field) => (
          <FormFieldInput
            key={field.key}
            field={field}
            value={values[field.key] ?? null}
            error={errors[field.key]}
            // while the record loads nothing can be typed: its arrival would overwrite what was typed
            disabled={!editable || loaded.loading}
            values={values}
            record={record}
            onChange={(value) => set(field.key, value)}
            onOptionsError={setBanner}
          />
        ))}
    </Stack>
  );
  return (
    <SavableForm drawer={drawer} editable={editable} saving={saving} onSave={() => void save()}>
      {fields}
    </SavableForm>
  );
}
