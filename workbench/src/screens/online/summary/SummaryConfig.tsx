import { Badge, Button, Group, LoadingOverlay, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  LineType,
  SUMMARY_LIMITS,
  type SummaryConfig as Summary,
  type SummaryConfigField,
  SummaryFieldType,
  summaryConfigContract,
  summaryConfigSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { resource } from '../../../api/resource';
import { useLoad } from '../../../api/use-load';
import { useSaveForm } from '../../../api/use-save-form';
import { useCan } from '../../../auth/session-store';
import type { CustomFieldRecord } from '../../../entities/custom-field';
import { SUMMARY_CONFIG_PATH } from '../../../entities/summary-config';
import { mayUse } from '../../../entity/access';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { ReadOnlyField } from '../../../ui/ReadOnlyField';
import { SavableForm } from '../../../ui/SavableForm';
import { SortableList } from '../../../ui/SortableList';
import { FieldPicker } from '../../field/FieldPicker';

/** A field of the form being edited: what the list shows of it and its two switches. */
type FieldRow = Pick<SummaryConfigField, 'fieldId' | 'fieldName' | 'fieldCode' | 'fieldType' | 'required' | 'search'>;

interface Values {
  name: string;
  fields: FieldRow[];
}

/**
 * Fields picked in the picker join the end of the list with both switches off; a field already listed is ignored
 * (spec §5 "selecting a field already in the list (same fieldId) is ignored"), as is one picked twice.
 */
export function addFields(rows: readonly FieldRow[], picked: readonly CustomFieldRecord[]): FieldRow[] {
  const next = [...rows];
  for (const field of picked)
    if (!next.some((row) => row.fieldId === field.id))
      next.push({
        fieldId: field.id,
        fieldName: field.name,
        fieldCode: field.code,
        fieldType: field.type as SummaryConfigField['fieldType'],
        required: false,
        search: false,
      });
  return next;
}

/**
 * /csSummary/config?id={id}&_modal=large (online-service-config §2.9): the summary's name and type, and its fields —
 * added from the field picker, each with its required and search switches, removed, and dragged into order (a
 * handle per row; space, arrows and space again from the keyboard). Saving sends id, name, version and the fields'
 * ids with their switches in order; an empty name shows the spec's 请输入名称 in the banner.
 */
export function SummaryConfig({ location }: { location: RouteLocation }) {
  const id = location.query.id ?? '';
  const client = useApi();
  const api = useMemo(() => resource<Summary>(client, summaryConfigContract.base, summaryConfigContract), [client]);
  const { t, label, locale } = useI18n();
  const editable = mayUse(useCan(), summaryConfigContract.base, 'change');
  const [values, setValues] = useState<Values | null>(null);
  const [picking, setPicking] = useState(false);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (field === 'name' ? field : null),
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    onLoad: (record) => setValues({ name: record.name, fields: record.fields.map((f) => ({ ...f })) }),
    onError: setBanner,
  });
  const record = loaded.data;
  const disabled = !editable;

  const setFields = (update: (fields: FieldRow[]) => FieldRow[]) =>
    setValues((v) => (v ? { ...v, fields: update(v.fields) } : v));
  const setField = (fieldId: string, patch: Partial<FieldRow>) =>
    setFields((fields) => fields.map((f) => (f.fieldId === fieldId ? { ...f, ...patch } : f)));

  const save = async () => {
    if (!values || !record) return;
    const body = {
      id,
      version: record.version,
      name: values.name,
      fields: values.fields.map((f) => ({ fieldId: f.fieldId, required: f.required, search: f.search })),
    };
    const checked = summaryConfigSaveSchema.safeParse(body);
    if (!checked.success) {
      const problems = toFieldErrors(checked.error, locale);
      // the spec shows the summary's name problem (请输入名称) in the banner; it is marked at the input too
      setErrors(Object.fromEntries(problems.filter((p) => p.field === 'name').map((p) => [p.field, p.message])));
      setBanner(problems.map((p) => p.message).join('；'));
      return;
    }
    setErrors({});
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) =>
        navigate(
          SUMMARY_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        ),
    );
  };

  return (
    <SavableForm drawer={null} editable={editable && values !== null} saving={saving} onSave={() => void save()}>
      <Stack pos="relative">
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
        {values && record && (
          <>
            <Group grow align="flex-start">
              <TextInput
                label={t('common.name')}
                withAsterisk
                value={values.name}
                maxLength={SUMMARY_LIMITS.nameMax}
                error={errors.name}
                disabled={disabled}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setValues((v) => (v ? { ...v, name } : v));
                  clearError('name');
                }}
              />
              <ReadOnlyField label={t('common.type')} value={label(LineType, record.type)} />
            </Group>
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={500}>{t('summary.fields')}</Text>
                <Text size="xs" c="dimmed">
                  {t('summary.fieldCount', { count: values.fields.length })}
                </Text>
              </Stack>
              {editable && (
                <Button size="xs" variant="light" onClick={() => setPicking(true)}>
                  {t('summary.addField')}
                </Button>
              )}
            </Group>
            {values.fields.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('summary.noFields')}
              </Text>
            ) : (
              <SortableList
                items={values.fields}
                itemKey={(f) => f.fieldId}
                itemLabel={(f) => f.fieldName}
                disabled={disabled}
                testId="summary-fields"
                onChange={(next) => setFields(() => next)}
                renderItem={(f, row) => (
                  <Paper withBorder p="xs" bg={row.dragging ? 'var(--mantine-color-gray-0)' : undefined}>
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs" wrap="nowrap">
                        {row.handle}
                        <Text size="sm" fw={500}>
                          {f.fieldName}
                        </Text>
                        <Badge variant="light" size="sm">
                          {label(SummaryFieldType, f.fieldType)}
                        </Badge>
                        {f.fieldCode && (
                          <Text size="xs" c="dimmed">
                            {f.fieldCode}
                          </Text>
                        )}
                      </Group>
                      <Group gap="md" wrap="nowrap">
                        <Switch
                          label={t('summary.required')}
                          aria-label={`${t('summary.required')} ${f.fieldName}`}
                          checked={f.required}
                          disabled={disabled}
                          onChange={(e) => setField(f.fieldId, { required: e.currentTarget.checked })}
                        />
                        <Switch
                          label={t('summary.search')}
                          aria-label={`${t('summary.search')} ${f.fieldName}`}
                          checked={f.search}
                          disabled={disabled}
                          onChange={(e) => setField(f.fieldId, { search: e.currentTarget.checked })}
                        />
                        {editable && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={`${t('summary.removeField')} ${f.fieldName}`}
                            onClick={() => setFields((fields) => fields.filter((o) => o.fieldId !== f.fieldId))}
                          >
                            {t('summary.removeField')}
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </Paper>
                )}
              />
            )}
          </>
        )}
      </Stack>
      <FieldPicker
        opened={picking}
        onClose={() => setPicking(false)}
        takenIds={values?.fields.map((f) => f.fieldId) ?? []}
        onPick={(picked) => {
          setFields((fields) => addFields(fields, picked));
          setPicking(false);
        }}
      />
    </SavableForm>
  );
}
