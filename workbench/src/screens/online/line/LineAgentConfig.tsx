import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CsAgent,
  type CsLine,
  DESK_LIMITS,
  defaultLineAgentConfig,
  LINE_LIMITS,
  OfflineServe,
  OverloadServe,
  TIMEOUT_BLOCKS,
  type TimeoutBlockName,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { agentPicker } from '../../../entities/cs-agent';
import { agentOptions } from '../../../entities/cs-group';
import { EntityPicker } from '../../../entity/EntityPicker';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { LineScreenFrame } from './LineModalLayout';
import {
  type AgentConfigFields,
  agentConfigBody,
  type TimeoutBlockValue,
  tickBlock,
  timeoutBlocksOf,
} from './line-save';
import { useLineScreen } from './use-line-screen';

interface Values {
  fields: AgentConfigFields;
  blocks: Record<TimeoutBlockName, TimeoutBlockValue>;
}

function valuesOf(line: CsLine): Values {
  // a line saved before it had a reception config starts from a new line's (spec §9 defaults)
  const config = line.agentConfig ?? defaultLineAgentConfig();
  const { enterTimeoutRemind, enterTimeoutAssign, sessionTimeoutRemind, sessionTimeoutAssign, ...fields } = config;
  return {
    fields,
    blocks: timeoutBlocksOf({ enterTimeoutRemind, enterTimeoutAssign, sessionTimeoutRemind, sessionTimeoutAssign }),
  };
}

/** The prompts beside each switch or number, by field. */
type TextField =
  | 'offlinePrompt'
  | 'closeTimeoutPrompt'
  | 'closeCustomerHintPrompt'
  | 'closeSecondCustomerHintPrompt'
  | 'agentClosePrompt'
  | 'closeCustomerPrompt'
  | 'closeChatbotPrompt'
  | 'closeAgenPrompt';
type SwitchField =
  | 'closeCustomerHint'
  | 'closeSecondCustomerHint'
  | 'agentCloseEnable'
  | 'agentCloseAfterSummary'
  | 'closeChatbot';

/** The closing switches, each with the prompt that belongs to it (none for agentCloseAfterSummary). */
const CLOSING: readonly { on: SwitchField; prompt?: TextField }[] = [
  { on: 'closeCustomerHint', prompt: 'closeCustomerHintPrompt' },
  { on: 'closeSecondCustomerHint', prompt: 'closeSecondCustomerHintPrompt' },
  { on: 'agentCloseEnable', prompt: 'agentClosePrompt' },
  { on: 'agentCloseAfterSummary' },
  { on: 'closeChatbot', prompt: 'closeChatbotPrompt' },
];

const shows = (field: string) => field.startsWith('agentConfig.');

/**
 * /online/csLine/agent-config?id=&_modal=full (online-service-config §2.1, §3.1, §9): what the line does offline
 * (HINT shows its prompt) and at capacity (AGENT picks the agent who takes the overflow), how sessions close, and the
 * four timeout blocks, each with a tick, minutes and a prompt: a tick on an empty block fills the spec's defaults
 * (3, 10, 3, 10 minutes), and only ticked blocks are saved — the others are sent as null.
 */
export function LineAgentConfig({ location }: { location: RouteLocation }) {
  const { t, options } = useI18n();
  const client = useApi();
  const screen = useLineScreen(location, valuesOf, shows);
  const { values, setValues, editable, errors } = screen;
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const agents = useLoad(() => agentOptions(client), [client], {
    enabled: values?.fields.overloadServe === 'AGENT',
  });
  const picker = useMemo(() => agentPicker(client), [client]);

  if (!values)
    return (
      <LineScreenFrame location={location} screen={screen}>
        {null}
      </LineScreenFrame>
    );

  const setField = <K extends keyof AgentConfigFields>(key: K, value: AgentConfigFields[K]) =>
    setValues((v) => (v ? { ...v, fields: { ...v.fields, [key]: value } } : v));
  const setBlock = (name: TimeoutBlockName, block: TimeoutBlockValue) =>
    setValues((v) => (v ? { ...v, blocks: { ...v.blocks, [name]: block } } : v));
  const text = (key: TextField) => values.fields[key] ?? '';
  const disabled = !editable;
  const err = (path: string) => errors[`agentConfig.${path}`];

  const agentId = values.fields.overloadAgentId ?? null;
  const agentLabel =
    agentId === null
      ? ''
      : picked?.id === agentId
        ? picked.label
        : (agents.data?.find((o) => o.value === agentId)?.label ?? agentId);

  const prompt = (key: TextField) => (
    <Textarea
      label={t(`csLine.agent.${key}`)}
      rows={1}
      value={text(key)}
      maxLength={LINE_LIMITS.textMax}
      error={err(key)}
      disabled={disabled}
      onChange={(e) => setField(key, e.currentTarget.value)}
    />
  );

  return (
    <LineScreenFrame
      location={location}
      screen={screen}
      onSave={() => void screen.save({ agentConfig: agentConfigBody(values.fields, values.blocks) })}
    >
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={5}>{t('csLine.agent.section.serve')}</Title>
          <Select
            label={t('csLine.agent.offlineServe')}
            data={options(OfflineServe)}
            allowDeselect={false}
            value={values.fields.offlineServe}
            error={err('offlineServe')}
            disabled={disabled}
            onChange={(v) => v && setField('offlineServe', v as AgentConfigFields['offlineServe'])}
          />
          {values.fields.offlineServe === 'HINT' && prompt('offlinePrompt')}
          <Select
            label={t('csLine.agent.overloadServe')}
            data={options(OverloadServe)}
            allowDeselect={false}
            value={values.fields.overloadServe}
            error={err('overloadServe')}
            disabled={disabled}
            onChange={(v) => v && setField('overloadServe', v as AgentConfigFields['overloadServe'])}
          />
          {values.fields.overloadServe === 'AGENT' && (
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('csLine.agent.overloadAgent')}
                withAsterisk
                readOnly
                value={agentLabel}
                error={err('overloadAgentId')}
                disabled={disabled}
              />
              {!disabled && (
                <Button variant="light" onClick={() => setPicking(true)}>
                  {t('csLine.agent.pickAgent')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={5}>{t('csLine.agent.section.close')}</Title>
          <NumberInput
            label={t('csLine.agent.closeTimeout')}
            min={0}
            max={LINE_LIMITS.minutesMax}
            allowDecimal={false}
            value={values.fields.closeTimeout}
            error={err('closeTimeout')}
            disabled={disabled}
            onChange={(v) => setField('closeTimeout', typeof v === 'number' ? v : 0)}
          />
          {prompt('closeTimeoutPrompt')}
          {CLOSING.map(({ on, prompt: key }) => (
            <Stack key={on} gap={4}>
              <Switch
                label={t(`csLine.agent.${on}`)}
                checked={values.fields[on]}
                disabled={disabled}
                onChange={(e) => setField(on, e.currentTarget.checked)}
              />
              {key && values.fields[on] && prompt(key)}
            </Stack>
          ))}
          {prompt('closeCustomerPrompt')}
          {prompt('closeAgenPrompt')}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={5}>{t('csLine.agent.section.timeout')}</Title>
          {TIMEOUT_BLOCKS.map((name) => {
            const block = values.blocks[name];
            return (
              <Paper key={name} withBorder p="xs" data-testid={name}>
                <Checkbox
                  label={t(`csGroup.block.${name}`)}
                  checked={block.on}
                  disabled={disabled}
                  onChange={(e) => setBlock(name, tickBlock(name, block, e.currentTarget.checked))}
                />
                <Group align="flex-start" mt="xs">
                  <NumberInput
                    label={t('csGroup.minutes')}
                    min={1}
                    max={DESK_LIMITS.timeoutMinutesMax}
                    allowDecimal={false}
                    value={block.minutes ?? ''}
                    error={err(`${name}.minutes`)}
                    disabled={disabled || !block.on}
                    onChange={(v) => setBlock(name, { ...block, minutes: typeof v === 'number' ? v : null })}
                  />
                  <TextInput
                    label={t('csGroup.prompt')}
                    style={{ flex: 1 }}
                    value={block.prompt}
                    maxLength={DESK_LIMITS.textMax}
                    error={err(`${name}.prompt`)}
                    disabled={disabled || !block.on}
                    onChange={(e) => setBlock(name, { ...block, prompt: e.currentTarget.value })}
                  />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Paper>

      <EntityPicker<CsAgent>
        description={picker}
        opened={picking}
        multiple={false}
        onClose={() => setPicking(false)}
        onPick={(rows) => {
          const agent = rows[0];
          if (agent) {
            setField('overloadAgentId', agent.id);
            setPicked({ id: agent.id, label: agent.nick ?? agent.name ?? agent.id });
          }
          setPicking(false);
        }}
      />
    </LineScreenFrame>
  );
}
