import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  LoadingOverlay,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ActiveStatus,
  SummaryFieldType,
  TASK_KIND_LIMITS,
  type TaskKindDetail,
  type TaskKindField,
  taskKindContract,
  taskKindSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/client';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import type { CustomFieldRecord } from '../../entities/custom-field';
import { KIND_CONFIG_PATH } from '../../entities/task-kind';
import { mayUse } from '../../entity/access';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { confirmAction } from '../../ui/confirm';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifySuccess } from '../../ui/notify';
import { FieldPicker } from '../field/FieldPicker';
import { KindFlowEditor } from './KindFlowEditor';

/** A field of the template as the form holds it. */
type FieldRow = Pick<TaskKindField, 'fieldId' | 'fieldName' | 'fieldType' | 'label' | 'search' | 'required'>;

interface Values {
  name: string;
  code: string;
  taskCode: string;
  attachmentRequired: boolean;
  fields: FieldRow[];
}

const BASIC = ['name', 'code', 'taskCode', 'attachmentRequired'] as const;

function valuesOf(kind: TaskKindDetail): Values {
  return {
    name: kind.name,
    code: kind.code ?? '',
    taskCode: kind.taskCode ?? '',
    attachmentRequired: kind.attachmentRequired === 1,
    fields: kind.fields.map((f) => ({ ...f })),
  };
}

/**
 * Fields picked in the field picker join the end of the list, labelled with their name, both switches off; a field
 * already attached is ignored (tickets spec §5 "selecting a duplicate field (by fieldId) is ignored").
 */
export function addKindFields(rows: readonly FieldRow[], picked: readonly CustomFieldRecord[]): FieldRow[] {
  const next = [...rows];
  for (const field of picked)
    if (!next.some((row) => row.fieldId === field.id))
      next.push({
        fieldId: field.id,
        fieldName: field.name,
        fieldType: field.type as FieldRow['fieldType'],
        label: field.name,
        search: false,
        required: false,
      });
  return next;
}

/**
 * /ticket/kind/config?id={id}&_modal=large (tickets spec "Ticket kinds"): the template's basic fields (name, code,
 * taskCode, the attachment switch), its custom fields (fieldId, fieldName, fieldType, label, search, required: added
 * with the field picker, a field already there ignored), and its state flow with the matrix of nodes. A kind is edited
 * only while shielded (INACTIVE): while ACTIVE, save and adding states are disabled, and the shield button is at hand.
 * Saving the basics reopens the config with _reload=list; the flow saves as it is changed.
 */
export function TaskKindConfig({ location }: { location: RouteLocation }) {
  const id = location.query.id ?? '';
  const client = useApi();
  const api = useMemo(() => resource<TaskKindDetail>(client, taskKindContract.base, taskKindContract), [client]);
  const { t, m, label, locale } = useI18n();
  const can = useCan();
  const editable = mayUse(can, taskKindContract.base, 'change');
  const mayToggle = mayUse(can, taskKindContract.base, 'status');
  const [values, setValues] = useState<Values | null>(null);
  const [picking, setPicking] = useState(false);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => ((BASIC as readonly string[]).includes(field) ? field : null),
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    // the flow's changes reload the kind: the form keeps what is being typed
    onLoad: (kind) => setValues((current) => current ?? valuesOf(kind)),
    onError: setBanner,
  });
  const kind = loaded.data;
  const active = kind?.status === 'ACTIVE';
  const changeable = editable && !active;

  const set = (patch: Partial<Values>, field?: string) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    if (field) clearError(field);
  };
  const setField = (fieldId: string, patch: Partial<FieldRow>) =>
    set({ fields: (values?.fields ?? []).map((f) => (f.fieldId === fieldId ? { ...f, ...patch } : f)) });

  const toggle = async (status: 'ACTIVE' | 'INACTIVE') => {
    if (!kind) return;
    const question = status === 'INACTIVE' ? 'ticketKind.shieldConfirm' : 'ticketKind.activateConfirm';
    if (!(await confirmAction(t(question, { name: kind.name }), { danger: false }))) return;
    try {
      await api.setStatus([kind.id], status);
      notifySuccess();
      loaded.reload();
    } catch (e) {
      setBanner(errorText(e));
    }
  };

  const save = async () => {
    if (!values || !kind) return;
    const body = {
      id: kind.id,
      version: kind.version,
      name: values.name,
      code: values.code,
      taskCode: values.taskCode.trim() === '' ? null : values.taskCode,
      attachmentRequired: values.attachmentRequired ? 1 : 0,
      fields: values.fields.map((f) => ({
        fieldId: f.fieldId,
        label: f.label,
        search: f.search,
        required: f.required,
      })),
    };
    const checked = taskKindSaveSchema.safeParse(body);
    if (!checked.success) {
      const problems = toFieldErrors(checked.error, locale);
      setErrors(
        Object.fromEntries(problems.filter((p) => BASIC.some((k) => k === p.field)).map((p) => [p.field, p.message])),
      );
      const others = problems.filter((p) => !BASIC.some((k) => k === p.field));
      setBanner(others.length > 0 ? others.map((p) => `${p.field}：${p.message}`).join('；') : null);
      return;
    }
    setErrors({});
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) =>
        navigate(
          KIND_CONFIG_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        ),
    );
  };

  return (
    <Stack pos="relative">
      <LoadingOverlay visible={loaded.loading && kind === null} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      {kind && values && (
        <>
          <Group justify="space-between">
            <Group gap="xs">
              <Title order={5}>{kind.name}</Title>
              <Badge color={active ? 'green' : 'gray'} variant="light">
                {label(ActiveStatus, kind.status)}
              </Badge>
            </Group>
            {mayToggle &&
              (active ? (
                <Button color="orange" variant="light" onClick={() => void toggle('INACTIVE')}>
                  {t('ticketKind.shield')}
                </Button>
              ) : (
                <Button variant="light" onClick={() => void toggle('ACTIVE')}>
                  {t('ticketKind.activate')}
                </Button>
              ))}
          </Group>
          {active && editable && (
            <Alert color="orange" data-testid="kind-active-notice">
              {t('ticketKind.activeNotice')}：{m('ticketKind.shieldFirst')}
            </Alert>
          )}

          <Divider label={t('ticketKind.section.basic')} labelPosition="left" />
          <Group grow align="flex-start">
            <TextInput
              label={t('common.name')}
              withAsterisk
              maxLength={TASK_KIND_LIMITS.nameMax}
              value={values.name}
              error={errors.name}
              disabled={!changeable}
              onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
            />
            <TextInput
              label={t('ticketKind.code')}
              withAsterisk
              maxLength={TASK_KIND_LIMITS.codeMax}
              value={values.code}
              error={errors.code}
              disabled={!changeable}
              onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
            />
            <TextInput
              label={t('ticketKind.taskCode')}
              maxLength={TASK_KIND_LIMITS.taskCodeMax}
              value={values.taskCode}
              error={errors.taskCode}
              disabled={!changeable}
              onChange={(e) => set({ taskCode: e.currentTarget.value }, 'taskCode')}
            />
          </Group>
          <Switch
            label={t('ticketKind.attachmentRequired')}
            checked={values.attachmentRequired}
            disabled={!changeable}
            onChange={(e) => set({ attachmentRequired: e.currentTarget.checked }, 'attachmentRequired')}
          />

          <Divider label={t('ticketKind.section.fields')} labelPosition="left" />
          <Group justify="flex-end">
            {editable && (
              <Button size="xs" variant="light" disabled={!changeable} onClick={() => setPicking(true)}>
                {t('ticketKind.fields.add')}
              </Button>
            )}
          </Group>
          <Table withTableBorder data-testid="kind-fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ticketKind.fields.fieldId')}</Table.Th>
                <Table.Th>{t('ticketKind.fields.fieldName')}</Table.Th>
                <Table.Th>{t('ticketKind.fields.fieldType')}</Table.Th>
                <Table.Th>{t('ticketKind.fields.label')}</Table.Th>
                <Table.Th>{t('ticketKind.fields.search')}</Table.Th>
                <Table.Th>{t('ticketKind.fields.required')}</Table.Th>
                {editable && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.fields.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center">
                      {t('ticketKind.fields.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {values.fields.map((f) => (
                <Table.Tr key={f.fieldId}>
                  <Table.Td>{f.fieldId}</Table.Td>
                  <Table.Td>{f.fieldName}</Table.Td>
                  <Table.Td>{label(SummaryFieldType, f.fieldType)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`${t('ticketKind.fields.label')} ${f.fieldName}`}
                      maxLength={TASK_KIND_LIMITS.labelMax}
                      value={f.label}
                      disabled={!changeable}
                      onChange={(e) => setField(f.fieldId, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${t('ticketKind.fields.search')} ${f.fieldName}`}
                      checked={f.search}
                      disabled={!changeable}
                      onChange={(e) => setField(f.fieldId, { search: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${t('ticketKind.fields.required')} ${f.fieldName}`}
                      checked={f.required}
                      disabled={!changeable}
                      onChange={(e) => setField(f.fieldId, { required: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        disabled={!changeable}
                        aria-label={`${t('ticketKind.fields.remove')} ${f.fieldName}`}
                        onClick={() => set({ fields: values.fields.filter((o) => o.fieldId !== f.fieldId) })}
                      >
                        {t('ticketKind.fields.remove')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {editable && (
            <Group justify="flex-end">
              <Button loading={saving} disabled={active} onClick={() => void save()}>
                {t('common.save')}
              </Button>
            </Group>
          )}

          <Divider label={t('ticketKind.section.flow')} labelPosition="left" />
          <KindFlowEditor kind={kind} editable={editable} onChanged={loaded.reload} onError={setBanner} />
          <FieldPicker
            opened={picking}
            onClose={() => setPicking(false)}
            takenIds={values.fields.map((f) => f.fieldId)}
            onPick={(picked) => {
              set({ fields: addKindFields(values.fields, picked) });
              setPicking(false);
            }}
          />
        </>
      )}
    </Stack>
  );
}
