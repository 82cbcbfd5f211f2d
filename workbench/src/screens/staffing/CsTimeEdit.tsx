import { Button, Checkbox, Group, LoadingOverlay, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CS_TIME_DEFAULT_PROMPT,
  type CsTime,
  csTimeContract,
  csTimeSaveSchema,
  DESK_LIMITS,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { type RecordId, resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { CS_TIME_EDIT_PATH } from '../../entities/cs-time';
import { placeProblems } from '../../entity/place-problems';
import type { MessageKey } from '../../i18n/dictionary';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { DateField } from '../../ui/DateField';
import { Drawer, useDrawerForm } from '../../ui/Drawer';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { SavableForm } from '../../ui/SavableForm';
import { TimeField } from '../../ui/TimeField';

interface GeneralRow {
  daysOfWeek: number[];
  beginTime: string;
  endTime: string;
}
interface SpecialRow {
  beginDate: string;
  endDate: string;
  beginTime: string;
  endTime: string;
  remark: string;
}
interface Values {
  name: string;
  code: string;
  prompt: string;
  generalPeriods: GeneralRow[];
  specialPeriods: SpecialRow[];
}

const emptyGeneral = (): GeneralRow => ({ daysOfWeek: [], beginTime: '', endTime: '' });
const emptySpecial = (): SpecialRow => ({ beginDate: '', endDate: '', beginTime: '', endTime: '', remark: '' });
const hhmm = (time: string) => time.slice(0, 5);
/** A copy of `rows` with `row` right after index `i` (a copied period lands under its original). */
const insertAfter = <T,>(rows: readonly T[], i: number, row: T): T[] => [
  ...rows.slice(0, i + 1),
  row,
  ...rows.slice(i + 1),
];

function valuesOf(record: CsTime | null, prompt: string): Values {
  if (!record) return { name: '', code: '', prompt, generalPeriods: [emptyGeneral()], specialPeriods: [] };
  return {
    name: record.name,
    code: record.code ?? '',
    prompt: record.prompt ?? '',
    generalPeriods: record.config.generalPeriods.map((p) => ({
      daysOfWeek: [...p.daysOfWeek],
      beginTime: hhmm(p.beginTime),
      endTime: hhmm(p.endTime),
    })),
    specialPeriods: record.config.specialPeriods.map((p) => ({
      ...p,
      beginTime: hhmm(p.beginTime),
      endTime: hhmm(p.endTime),
      remark: p.remark ?? '',
    })),
  };
}

/** Where a problem of the contract check is shown: under one input, above the periods (`config`), or the banner. */
const SHOWN = /^(name|code|prompt|config|config\.(generalPeriods|specialPeriods)\[\d+\]\.\w+)$/;

export interface CsTimeFormProps {
  /** the record to edit; null creates one */
  id: string | null;
  /** after a save: the saved id (a drawer opened by a selector hands it to its caller) */
  onSaved: (id: RecordId) => void;
}

/**
 * The service-time form (online-service-config §2.3, §5): name, code, general periods (weekdays, begin and end
 * time) and special periods (dates, times, remark), each with add, copy and delete, and the prompt, which starts
 * with the spec's default text. Incomplete periods are dropped by the contract check; with none complete left the
 * spec's warning shows above the periods and nothing is sent.
 */
export function CsTimeForm({ id, onSaved }: CsTimeFormProps) {
  const client = useApi();
  const api = useMemo(() => resource<CsTime>(client, csTimeContract.base, csTimeContract), [client]);
  const { t, locale, pick } = useI18n();
  const editable = useCan()('csTime.edit');
  const [values, setValues] = useState<Values>(() => valuesOf(null, pick(CS_TIME_DEFAULT_PROMPT)));
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (SHOWN.test(field) ? field : null),
  });
  const drawer = useDrawerForm(editable);
  const loaded = useLoad(() => api.detail(id!), [api, id], {
    enabled: id !== null,
    onLoad: (record) => setValues(valuesOf(record, '')),
    onError: setBanner,
  });
  const record = id === null ? null : loaded.data;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };
  const setRow = <K extends 'generalPeriods' | 'specialPeriods'>(
    key: K,
    i: number,
    patch: Partial<Values[K][number]>,
    field: string,
  ) => {
    setValues((v) => ({ ...v, [key]: v[key].map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
    clearError(`config.${key}[${i}].${field}`);
    clearError('config');
  };
  const rows = <K extends 'generalPeriods' | 'specialPeriods'>(key: K, next: Values[K]) => {
    // row indexes move: problems shown under rows no longer fit them
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('config'))));
    set(key, next);
  };

  const save = async () => {
    const body: Record<string, unknown> = {
      name: values.name,
      code: values.code.trim() || null,
      prompt: values.prompt,
      config: { generalPeriods: values.generalPeriods, specialPeriods: values.specialPeriods },
    };
    if (id !== null) Object.assign(body, { id, version: record?.version ?? null });
    const checked = csTimeSaveSchema.safeParse(body);
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

  const err = (key: string) => errors[key];
  const disabled = !editable;
  const content = (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <TextInput
        label={t('common.name')}
        withAsterisk
        value={values.name}
        maxLength={DESK_LIMITS.nameMax}
        error={err('name')}
        disabled={disabled}
        onChange={(e) => set('name', e.currentTarget.value)}
      />
      <TextInput
        label={t('csTime.code')}
        value={values.code}
        maxLength={DESK_LIMITS.codeMax}
        error={err('code')}
        disabled={disabled}
        onChange={(e) => set('code', e.currentTarget.value)}
      />
      {err('config') && (
        <Text c="red" size="sm" data-testid="periods-error">
          {err('config')}
        </Text>
      )}
      <Title order={5}>{t('csTime.general')}</Title>
      {values.generalPeriods.map((row, i) => {
        const at = (field: string) => err(`config.generalPeriods[${i}].${field}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Paper key={i} withBorder p="xs" data-testid={`general-${i}`}>
            <Checkbox.Group
              label={t('csTime.weekdays')}
              value={row.daysOfWeek.map(String)}
              error={at('daysOfWeek')}
              onChange={(days) =>
                setRow('generalPeriods', i, { daysOfWeek: days.map(Number).sort((a, b) => a - b) }, 'daysOfWeek')
              }
            >
              <Group gap="xs" mt={4}>
                {WEEKDAYS.map((d) => (
                  <Checkbox key={d} value={String(d)} label={WEEKDAY_LABELS[d][locale]} disabled={disabled} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group align="flex-end">
              <RowInputs
                inputs={TIME_INPUTS}
                row={row}
                at={at}
                disabled={disabled}
                onChange={(field, value) => setRow('generalPeriods', i, { [field]: value }, field)}
              />
              {editable && (
                <RowButtons
                  onCopy={() =>
                    rows(
                      'generalPeriods',
                      insertAfter(values.generalPeriods, i, { ...row, daysOfWeek: [...row.daysOfWeek] }),
                    )
                  }
                  onRemove={() =>
                    rows(
                      'generalPeriods',
                      values.generalPeriods.filter((_, j) => j !== i),
                    )
                  }
                />
              )}
            </Group>
          </Paper>
        );
      })}
      {editable && (
        <Button variant="light" onClick={() => rows('generalPeriods', [...values.generalPeriods, emptyGeneral()])}>
          {t('csTime.addGeneral')}
        </Button>
      )}
      <Title order={5}>{t('csTime.special')}</Title>
      {values.specialPeriods.map((row, i) => {
        const at = (field: string) => err(`config.specialPeriods[${i}].${field}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          <Paper key={i} withBorder p="xs" data-testid={`special-${i}`}>
            <Group align="flex-end">
              <RowInputs
                inputs={SPECIAL_INPUTS}
                row={row}
                at={at}
                disabled={disabled}
                onChange={(field, value) => setRow('specialPeriods', i, { [field]: value }, field)}
              />
              {editable && (
                <RowButtons
                  onCopy={() => rows('specialPeriods', insertAfter(values.specialPeriods, i, { ...row }))}
                  onRemove={() =>
                    rows(
                      'specialPeriods',
                      values.specialPeriods.filter((_, j) => j !== i),
                    )
                  }
                />
              )}
            </Group>
          </Paper>
        );
      })}
      {editable && (
        <Button variant="light" onClick={() => rows('specialPeriods', [...values.specialPeriods, emptySpecial()])}>
          {t('csTime.addSpecial')}
        </Button>
      )}
      <Textarea
        label={t('csTime.prompt')}
        withAsterisk
        value={values.prompt}
        maxLength={DESK_LIMITS.textMax}
        error={err('prompt')}
        disabled={disabled}
        onChange={(e) => set('prompt', e.currentTarget.value)}
      />
    </Stack>
  );
  return (
    <SavableForm drawer={drawer} editable={editable} saving={saving} onSave={() => void save()}>
      {content}
    </SavableForm>
  );
}

/** One text input of a period row: which field, its label, and a date or time picker where it is one. */
interface RowInput<K extends string> {
  key: K;
  label: MessageKey;
  type?: 'date' | 'time';
  maxLength?: number;
}

const TIME_INPUTS: readonly RowInput<'beginTime' | 'endTime'>[] = [
  { key: 'beginTime', label: 'csTime.beginTime', type: 'time' },
  { key: 'endTime', label: 'csTime.endTime', type: 'time' },
];
const SPECIAL_INPUTS: readonly RowInput<keyof SpecialRow>[] = [
  { key: 'beginDate', label: 'csTime.beginDate', type: 'date' },
  { key: 'endDate', label: 'csTime.endDate', type: 'date' },
  ...TIME_INPUTS,
  { key: 'remark', label: 'csTime.remark', maxLength: DESK_LIMITS.textMax },
];

function RowInputs<K extends string>(props: {
  inputs: readonly RowInput<K>[];
  row: Readonly<Record<K, string>>;
  at: (field: string) => string | undefined;
  disabled: boolean;
  onChange: (field: K, value: string) => void;
}) {
  const { t } = useI18n();
  return props.inputs.map((input) => {
    const field = {
      label: t(input.label),
      value: props.row[input.key],
      error: props.at(input.key),
      disabled: props.disabled,
      onChange: (value: string) => props.onChange(input.key, value),
    };
    // dates and times as the console shows them in either language, not as the browser's locale would
    if (input.type === 'date') return <DateField key={input.key} {...field} />;
    if (input.type === 'time') return <TimeField key={input.key} {...field} />;
    return (
      <TextInput
        key={input.key}
        {...field}
        maxLength={input.maxLength}
        onChange={(e) => field.onChange(e.currentTarget.value)}
      />
    );
  });
}

function RowButtons({ onCopy, onRemove }: { onCopy: () => void; onRemove: () => void }) {
  const { t } = useI18n();
  return (
    <Group gap={4}>
      <Button size="xs" variant="subtle" onClick={onCopy}>
        {t('csTime.copy')}
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
        {t('csTime.remove')}
      </Button>
    </Group>
  );
}

/** /csTime/edit?id=: after a save it reopens itself on the saved record and reloads the list beneath. */
export function CsTimeEdit({ location }: { location: RouteLocation }) {
  const id = location.query.id || null;
  return (
    <CsTimeForm
      key={id ?? 'new'}
      id={id}
      onSaved={(saved) =>
        navigate(
          CS_TIME_EDIT_PATH,
          { id: String(saved), _drawer: location.query._drawer, _modal: location.query._modal, _reload: 'list' },
          { replace: true },
        )
      }
    />
  );
}

/** The service-time drawer a selector opens to create one (80 %, spec §2); it hands the new id to the selector. */
export function CsTimeDrawer({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (id: RecordId) => void;
}) {
  const { t } = useI18n();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('csTime.editTitle.create')} width="80%">
      {opened && <CsTimeForm id={null} onSaved={onSaved} />}
    </Drawer>
  );
}
