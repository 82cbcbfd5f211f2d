import {
  ActionIcon,
  Button,
  Group,
  Input,
  LoadingOverlay,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_ROUTE_TYPE,
  type GroupStaff,
  type StaffOption,
  TASK_GROUP_LIMITS,
  type TaskGroup,
  TicketRouteType,
  taskGroupContract,
  taskGroupSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useCan } from '../../auth/session-store';
import { GROUP_EDIT_PATH, staffPicker } from '../../entities/task-group';
import { EntityPicker } from '../../entity/EntityPicker';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { FormErrorBanner } from '../../ui/FormErrorBanner';

interface Values {
  name: string;
  code: string;
  capacity: number | string;
  routeType: string;
  agentTicket: boolean;
  staffs: GroupStaff[];
  intro: string;
}

const NEW_GROUP: Values = {
  name: '',
  code: '',
  capacity: TASK_GROUP_LIMITS.capacityDefault,
  routeType: DEFAULT_ROUTE_TYPE,
  agentTicket: true,
  staffs: [],
  intro: '',
};
const FORM_KEYS = new Set(['name', 'code', 'capacity', 'routeType', 'agentTicket', 'staffIds', 'intro']);
/** `staffIds[2]` → `staffIds`: a processor's problem shows under the processors */
const keyOf = (field: string) => field.split(/[[.]/)[0] ?? field;

function valuesOf(group: TaskGroup): Values {
  return {
    name: group.name,
    code: group.code ?? '',
    capacity: group.capacity,
    routeType: group.routeType,
    agentTicket: group.agentTicket,
    staffs: group.staffs.map((s) => ({ ...s })),
    intro: group.intro ?? '',
  };
}

/**
 * /ticket/group/edit?id={id}&_modal=large (tickets spec "Ticket groups", §5): name, capacity (0–1000, 20 by default),
 * routing (LOAD by default, or ROTATE), whether agents may open tickets for it (on by default), and the processors:
 * added from the staff picker, removed by row; saving with none says '请设置处理人'. The contract checks the body first,
 * the server's refusals show under their field; after a save the form reopens itself with _reload=list.
 */
export function TaskGroupEdit({ location }: { location: RouteLocation }) {
  const client = useApi();
  const api = useMemo(() => resource<TaskGroup>(client, taskGroupContract.base, taskGroupContract), [client]);
  const picker = useMemo(() => staffPicker(client), [client]);
  const { t, locale, options } = useI18n();
  const editable = useCan()(taskGroupContract.keys.edit);
  const id = location.query.id ?? '';
  const [values, setValues] = useState<Values>(NEW_GROUP);
  const [picking, setPicking] = useState(false);
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => (FORM_KEYS.has(keyOf(field)) ? keyOf(field) : null),
  });
  const loaded = useLoad(() => api.detail(id), [api, id], {
    enabled: id !== '',
    onLoad: (group) => setValues(valuesOf(group)),
    onError: setBanner,
  });
  const group = loaded.data;

  const set = (patch: Partial<Values>, key: string) => {
    setValues((v) => ({ ...v, ...patch }));
    clearError(key);
  };
  const addStaff = (picked: StaffOption[]) => {
    const have = new Set(values.staffs.map((s) => s.staffId));
    const added = picked
      .filter((p) => !have.has(p.id))
      .map((p) => ({ staffId: p.id, staffName: p.name, staffNick: p.nick ?? null }));
    set({ staffs: [...values.staffs, ...added] }, 'staffIds');
    setPicking(false);
  };

  const save = async () => {
    const body = {
      ...(group ? { id: group.id, version: group.version } : {}),
      name: values.name,
      code: values.code.trim() || null,
      // a cleared capacity is null, which the contract refuses as required (only an absent one takes the default)
      capacity: values.capacity === '' ? null : Number(values.capacity),
      routeType: values.routeType,
      agentTicket: values.agentTicket,
      staffIds: values.staffs.map((s) => s.staffId),
      intro: values.intro.trim() || null,
    };
    const checked = taskGroupSaveSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      const unplaced: string[] = [];
      for (const problem of toFieldErrors(checked.error, locale)) {
        const key = keyOf(problem.field);
        if (FORM_KEYS.has(key)) next[key] ??= problem.message;
        else unplaced.push(problem.message);
      }
      setErrors(next);
      setBanner(unplaced.length > 0 ? unplaced.join('；') : null);
      return;
    }
    setErrors({});
    await submit(
      () => api.save(checked.data as unknown as Record<string, unknown>),
      (saved) =>
        navigate(
          GROUP_EDIT_PATH,
          { id: String(saved), _modal: location.query._modal ?? 'large', _reload: 'list' },
          { replace: true },
        ),
    );
  };

  if (id !== '' && !group)
    return (
      <Stack pos="relative" mih={120}>
        <LoadingOverlay visible={loaded.loading} />
        <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      </Stack>
    );

  const disabled = !editable;
  return (
    <Stack pos="relative" gap="sm">
      <LoadingOverlay visible={saving} />
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <TextInput
        label={t('common.name')}
        withAsterisk
        value={values.name}
        maxLength={TASK_GROUP_LIMITS.nameMax}
        error={errors.name}
        disabled={disabled}
        onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
      />
      <TextInput
        label={t('ticketGroup.code')}
        value={values.code}
        maxLength={TASK_GROUP_LIMITS.codeMax}
        error={errors.code}
        disabled={disabled}
        onChange={(e) => set({ code: e.currentTarget.value }, 'code')}
      />
      <NumberInput
        label={t('ticketGroup.capacity')}
        description={t('ticketGroup.capacityHint')}
        withAsterisk
        min={TASK_GROUP_LIMITS.capacityMin}
        max={TASK_GROUP_LIMITS.capacityMax}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={values.capacity}
        error={errors.capacity}
        disabled={disabled}
        onChange={(v) => set({ capacity: v }, 'capacity')}
      />
      <Radio.Group
        label={t('ticketGroup.routeType')}
        withAsterisk
        value={values.routeType}
        error={errors.routeType}
        onChange={(v) => set({ routeType: v }, 'routeType')}
      >
        <Group mt={4}>
          {options(TicketRouteType).map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      <Switch
        label={t('ticketGroup.agentTicket')}
        checked={values.agentTicket}
        disabled={disabled}
        onChange={(e) => set({ agentTicket: e.currentTarget.checked }, 'agentTicket')}
      />
      <Input.Wrapper label={t('ticketGroup.staffs')} withAsterisk error={errors.staffIds}>
        <Stack gap="xs" mt={4}>
          {editable && (
            <Button variant="light" w="fit-content" onClick={() => setPicking(true)}>
              {t('ticketGroup.addStaff')}
            </Button>
          )}
          <Table withTableBorder data-staff-table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ticketGroup.staffName')}</Table.Th>
                <Table.Th>{t('ticketGroup.staffNick')}</Table.Th>
                <Table.Th>{t('ticketGroup.staffId')}</Table.Th>
                {editable && <Table.Th w={60} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.staffs.map((staff) => (
                <Table.Tr key={staff.staffId} data-staff-id={staff.staffId}>
                  <Table.Td>{staff.staffName ?? '--'}</Table.Td>
                  <Table.Td>{staff.staffNick ?? '--'}</Table.Td>
                  <Table.Td>{staff.staffId}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('ticketGroup.removeStaff', { name: staff.staffName ?? staff.staffId })}
                        onClick={() =>
                          set({ staffs: values.staffs.filter((s) => s.staffId !== staff.staffId) }, 'staffIds')
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {values.staffs.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('ticketGroup.noStaff')}
            </Text>
          )}
        </Stack>
      </Input.Wrapper>
      <Textarea
        label={t('ticketGroup.intro')}
        value={values.intro}
        maxLength={TASK_GROUP_LIMITS.introMax}
        error={errors.intro}
        disabled={disabled}
        onChange={(e) => set({ intro: e.currentTarget.value }, 'intro')}
      />
      {editable && (
        <Group justify="flex-end">
          <Button loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Group>
      )}
      <EntityPicker<StaffOption>
        description={picker}
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={addStaff}
        takenIds={values.staffs.map((s) => s.staffId)}
      />
    </Stack>
  );
}
