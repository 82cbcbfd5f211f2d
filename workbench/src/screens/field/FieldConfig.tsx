import { LoadingOverlay, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  customFieldContract,
  customFieldSaveSchema,
  hasOptions,
  isTreeChoiceType,
  SummaryFieldType,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { type RecordId, resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { FIELD_CONFIG_PATH } from '../../entities/custom-field';
import { mayUse } from '../../entity/access';
import { placeProblems } from '../../entity/place-problems';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { useDrawerForm } from '../../ui/Drawer';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { SavableForm } from '../../ui/SavableForm';
import { type OptionRow, OptionsEditor, optionRows, optionsBody } from './OptionsEditor';

interface Values {
  name: string;
  code: string;
  type: string | null;
  placeholder: string;
  intro: string;
  options: OptionRow[];
}

function valuesOf(record: CustomField | null): Values {
  return {
    name: record?.name ?? '',
    code: record?.code ?? '',
    type: record?.type ?? null,
    placeholder: record?.placeholder ?? '',
    intro: record?.intro ?? '',
    options: optionRows(record?.options ?? []),
  };
}

/** Where a problem is shown: under one input, above the options (`options`), or at one option's input. */
const SHOWN = /^(name|code|type|placeholder|intro|options|options(\[\d+\]\.children)*\[\d+\]\.(label|value|children))$/;

/**
 * The custom field's form (tickets spec "Custom fields": the spec leaves its contents to us): name, code, type —
 * chosen once, kept after — placeholder, description, and for a choice type its options (a list, or a tree of up to
 * three levels). The contract checks the body first; a problem goes under its input, or above the options.
 */
export function FieldForm({ id, onSaved }: { id: string | null; onSaved: (id: RecordId) => void }) {
  const client = useApi();
  const api = useMemo(() => resource<CustomField>(client, customFieldContract.base, customFieldContract), [client]);
  const { t, locale, options } = useI18n();
  const editable = mayUse(useCan(), customFieldContract.base, id === null ? 'create' : 'change');
  const [values, setValues] = useState<Values>(() => valuesOf(null));
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (SHOWN.test(field) ? field : null),
  });
  const drawer = useDrawerForm(editable);
  const loaded = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (record) => setValues(valuesOf(record)),
    onError: setBanner,
  });
  const record = id === null ? null : loaded.data;
  const disabled = !editable;

  const set = (patch: Partial<Values>, field: keyof Values) => {
    setValues((v) => ({ ...v, ...patch }));
    clearError(field);
  };
  const setOptions = (rows: OptionRow[]) => {
    // rows move: problems shown under them no longer fit
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith('options'))));
    setValues((v) => ({ ...v, options: rows }));
  };

  const save = async () => {
    const type = values.type ?? '';
    const body: Record<string, unknown> = {
      name: values.name,
      code: values.code.trim(),
      type: values.type,
      placeholder: values.placeholder.trim() || null,
      intro: values.intro.trim() || null,
      options: hasOptions(type) ? optionsBody(values.options, isTreeChoiceType(type)) : [],
    };
    if (id !== null) Object.assign(body, { id, version: record?.version ?? null });
    const checked = customFieldSaveSchema.safeParse(body);
    if (!checked.success) {
      const placed = placeProblems(checked.error, locale, (field) => (SHOWN.test(field) ? field : null));
      setErrors(placed.errors);
      setBanner(placed.banner);
      return;
    }
    setErrors({});
    drawer?.setSaving(true);
    await submit(() => api.save(checked.data as unknown as Record<string, unknown>), onSaved);
    drawer?.setSaving(false);
  };

  const type = values.type ?? '';
  return (
    <SavableForm drawer={drawer} editable={editable} saving={saving} onSave={() => void save()}>
      <Stack pos="relative">
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
        <TextInput
          label={t('field.name')}
          withAsterisk
          value={values.name}
          maxLength={CUSTOM_FIELD_LIMITS.nameMax}
          error={errors.name}
          disabled={disabled}
          onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
        />
        <TextInput
          label={t('field.code')}
          withAsterisk
          value={values.code}
          maxLength={CUSTOM_FIELD_LIMITS.codeMax}
          error={errors.code}
          disabled={disabled}
          onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
        />
        <Select
          label={t('field.type')}
          withAsterisk
          description={id !== null ? t('field.typeKept') : undefined}
          data={options(SummaryFieldType)}
          value={values.type}
          error={errors.type}
          allowDeselect={false}
          // the type is chosen once: summaries and tickets hold values of it
          disabled={disabled || id !== null}
          onChange={(value) => set({ type: value }, 'type')}
        />
        <TextInput
          label={t('field.placeholder')}
          value={values.placeholder}
          maxLength={CUSTOM_FIELD_LIMITS.placeholderMax}
          error={errors.placeholder}
          disabled={disabled}
          onChange={(e) => set({ placeholder: e.currentTarget.value }, 'placeholder')}
        />
        <Textarea
          label={t('field.intro')}
          value={values.intro}
          maxLength={CUSTOM_FIELD_LIMITS.introMax}
          error={errors.intro}
          disabled={disabled}
          onChange={(e) => set({ intro: e.currentTarget.value }, 'intro')}
        />
        {hasOptions(type) && (
          <OptionsEditor
            rows={values.options}
            onChange={setOptions}
            tree={isTreeChoiceType(type)}
            errors={errors}
            disabled={disabled}
          />
        )}
      </Stack>
    </SavableForm>
  );
}

/** /field/config?id=&_modal=large: after a save it reopens on the saved field and reloads the list beneath. */
export function FieldConfig({ location }: { location: RouteLocation }) {
  const id = location.query.id || null;
  return (
    <FieldForm
      key={id ?? 'new'}
      id={id}
      onSaved={(saved) =>
        navigate(
          FIELD_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        )
      }
    />
  );
}
