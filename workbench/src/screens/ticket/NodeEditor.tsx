import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import {
  NODE_DEFAULTS,
  NodeHandlerType,
  TASK_KIND_LIMITS,
  type TaskKindNode,
  type TicketFlow,
  takesHandlers,
  taskKindNodeSaveSchema,
  toFieldErrors,
} from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { useSaveForm } from '../../api/use-save-form';
import { useI18n } from '../../i18n/locale-store';
import { confirmAction } from '../../ui/confirm';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { handlerChoices, type NodeValues, nodeProblem, withHandlerType, withOwnHandlers } from './kind-flow-view';

/** What the editor opens on: a node of the matrix, or a free cell to create one on. */
export type NodeTarget = { readonly node: TaskKindNode } | { readonly from: string; readonly to: string };

export interface NodeEditorProps {
  kindId: string;
  flow: TicketFlow;
  /** the flow's states by code, for names */
  stateName: (code: string) => string;
  target: NodeTarget | null;
  /** false: shown read-only (no permission, or the kind is active: `lockedText` says why) */
  editable: boolean;
  lockedText?: string | null;
  onClose: () => void;
  /** after a save or a removal */
  onChanged: () => void;
}

const FIELDS = ['name', 'handlerType', 'handlerIds', 'stateFrom', 'stateTo', 'alarmMinutes', 'timeoutMinutes'];

function initialValues(target: NodeTarget): NodeValues {
  if ('node' in target) {
    const { node } = target;
    return { ...node, handlerIds: [...node.handlerIds] };
  }
  return {
    name: '',
    handlerType: null,
    handlerIds: [],
    stateFrom: target.from,
    stateTo: target.to,
    alarmMinutes: NODE_DEFAULTS.alarmMinutes,
    timeoutMinutes: NODE_DEFAULTS.timeoutMinutes,
  };
}

/**
 * The node editor (tickets spec "Node editor"): name, handler type, handlers, the two states of its cell, alarm
 * (10) and timeout (720) minutes, both at least 0. CREATOR and LAST disable and clear the handler choice; GROUP lists
 * ticket groups, STAFF staff (the first 100 of each). The flow's own rules are checked as the server checks them
 * (contracts' flowProblems) before the save; a stored node can be deleted after '确认删除该节点吗——{name}'.
 */
export function NodeEditor(props: NodeEditorProps) {
  const { t } = useI18n();
  const { target } = props;
  const creating = target !== null && !('node' in target);
  return (
    <Modal
      opened={target !== null}
      onClose={props.onClose}
      title={t(creating ? 'ticketKind.node.createTitle' : 'ticketKind.node.editTitle')}
      size="lg"
      zIndex={300}
    >
      {target !== null && <NodeForm {...props} target={target} />}
    </Modal>
  );
}

function NodeForm({
  kindId,
  flow,
  stateName,
  target,
  editable,
  lockedText,
  onClose,
  onChanged,
}: NodeEditorProps & { target: NodeTarget }) {
  const { t, m, options, locale } = useI18n();
  const client = useApi();
  const stored = 'node' in target ? target.node : null;
  const [values, setValues] = useState<NodeValues>(() => initialValues(target));
  const { saving, errors, setErrors, banner, setBanner, clearError, submit } = useSaveForm({
    fieldOf: (field) => {
      const head = field.split(/[[.]/)[0] ?? '';
      return FIELDS.includes(head) ? head : null;
    },
  });
  const handlers = useLoad(() => handlerChoices(client, values.handlerType), [client, values.handlerType], {
    enabled: values.handlerType !== null && takesHandlers(values.handlerType),
    onError: setBanner,
  });
  const choices = withOwnHandlers(
    handlers.data ?? [],
    stored !== null && stored.handlerType === values.handlerType ? stored : null,
  );
  const stateOptions = flow.states.map((code) => ({ value: code, label: stateName(code) }));
  const handlerFree = values.handlerType === null || !takesHandlers(values.handlerType);
  const set = (patch: Partial<NodeValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    clearError(field);
  };

  const save = async () => {
    const body = {
      ...(stored ? { id: stored.id } : {}),
      kindId,
      name: values.name,
      handlerType: values.handlerType,
      handlerIds: values.handlerIds,
      stateFrom: values.stateFrom ?? '',
      stateTo: values.stateTo ?? '',
      alarmMinutes: values.alarmMinutes,
      timeoutMinutes: values.timeoutMinutes,
    };
    const checked = taskKindNodeSaveSchema.safeParse(body);
    if (!checked.success) {
      const problems = toFieldErrors(checked.error, locale);
      setErrors(Object.fromEntries(problems.map((p) => [p.field.split(/[[.]/)[0] ?? '', p.message])));
      return;
    }
    const problem = nodeProblem(flow, { ...checked.data, id: stored?.id ?? '' }, stateName);
    if (problem !== null) {
      setErrors({ [problem.field]: m(problem.warning.code, problem.warning.params) });
      return;
    }
    setErrors({});
    await submit(
      () => call(client, '/v3/feed/task-kind/node/save', { body: checked.data }),
      () => {
        onChanged();
        onClose();
      },
    );
  };

  const remove = async () => {
    if (!stored || !(await confirmAction(t('ticketKind.node.removeConfirm', { name: stored.name })))) return;
    await submit(
      () => call(client, '/v3/feed/task-kind/node/remove', { body: { id: stored.id } }),
      () => {
        onChanged();
        onClose();
      },
    );
  };

  return (
    <Stack>
      {lockedText && <Alert color="orange">{lockedText}</Alert>}
      <FormErrorBanner error={banner} onClose={() => setBanner(null)} />
      <TextInput
        label={t('ticketKind.node.name')}
        withAsterisk
        maxLength={TASK_KIND_LIMITS.nodeNameMax}
        value={values.name}
        error={errors.name}
        disabled={!editable}
        onChange={(e) => set({ name: e.currentTarget.value }, 'name')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('ticketKind.node.stateFrom')}
          withAsterisk
          data={stateOptions}
          value={values.stateFrom}
          error={errors.stateFrom}
          disabled={!editable}
          onChange={(stateFrom) => set({ stateFrom }, 'stateFrom')}
        />
        <Select
          label={t('ticketKind.node.stateTo')}
          withAsterisk
          data={stateOptions}
          value={values.stateTo}
          error={errors.stateTo}
          disabled={!editable}
          onChange={(stateTo) => set({ stateTo }, 'stateTo')}
        />
      </Group>
      <Select
        label={t('ticketKind.node.handlerType')}
        withAsterisk
        data={options(NodeHandlerType)}
        value={values.handlerType}
        error={errors.handlerType}
        disabled={!editable}
        onChange={(type) => {
          setValues((v) => withHandlerType(v, type as NodeValues['handlerType']));
          clearError('handlerType');
          clearError('handlerIds');
        }}
      />
      <MultiSelect
        label={t('ticketKind.node.handlers')}
        withAsterisk={!handlerFree}
        description={handlerFree && values.handlerType !== null ? t('ticketKind.node.handlersNone') : undefined}
        data={choices}
        searchable
        nothingFoundMessage={t('common.noData')}
        value={values.handlerIds}
        error={errors.handlerIds}
        disabled={!editable || handlerFree}
        onChange={(handlerIds) => set({ handlerIds }, 'handlerIds')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('ticketKind.node.alarmMinutes')}
          min={0}
          max={TASK_KIND_LIMITS.minutesMax}
          allowDecimal={false}
          value={values.alarmMinutes ?? ''}
          error={errors.alarmMinutes}
          disabled={!editable}
          onChange={(v) => set({ alarmMinutes: typeof v === 'number' ? v : null }, 'alarmMinutes')}
        />
        <NumberInput
          label={t('ticketKind.node.timeoutMinutes')}
          min={0}
          max={TASK_KIND_LIMITS.minutesMax}
          allowDecimal={false}
          value={values.timeoutMinutes ?? ''}
          error={errors.timeoutMinutes}
          disabled={!editable}
          onChange={(v) => set({ timeoutMinutes: typeof v === 'number' ? v : null }, 'timeoutMinutes')}
        />
      </Group>
      <Group justify="space-between">
        <Group>
          {editable && stored && (
            <Button variant="subtle" color="red" onClick={() => void remove()} disabled={saving}>
              {t('ticketKind.node.delete')}
            </Button>
          )}
        </Group>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {editable && (
            <Button loading={saving} onClick={() => void save()}>
              {t('common.save')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
