import { NumberInput, Paper, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  type CsLine,
  LIMITS,
  LINE_LIMITS,
  lineWaitingConfigSchema,
  type LineWaitingConfig as Waiting,
} from '@qcdesk/contracts';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { LineScreenFrame } from './LineModalLayout';
import { useLineScreen } from './use-line-screen';

function valuesOf(line: CsLine): Waiting {
  return line.waitingConfig ?? lineWaitingConfigSchema.parse({});
}

type TextKey = 'guide' | 'prompt' | 'vipPrompt' | 'longQueuePrompt' | 'relaxPrompt' | 'notePrompt';
type NumberKey = 'longQueuePersons' | 'relaxMinutes' | 'overloadNote' | 'timeoutNote';
type SwitchKey = 'vipFirst' | 'chatbotServe';

/** The form in the spec's order (§2.1), each number with its maximum: people or minutes. */
const ROWS: readonly (
  | { kind: 'text'; key: TextKey; hint?: 'csLine.wait.promptHint' }
  | { kind: 'number'; key: NumberKey; max: number }
  | { kind: 'switch'; key: SwitchKey }
  | { kind: 'tag' }
)[] = [
  { kind: 'text', key: 'guide' },
  { kind: 'text', key: 'prompt', hint: 'csLine.wait.promptHint' },
  { kind: 'switch', key: 'vipFirst' },
  { kind: 'tag' },
  { kind: 'text', key: 'vipPrompt' },
  { kind: 'number', key: 'longQueuePersons', max: LINE_LIMITS.personsMax },
  { kind: 'text', key: 'longQueuePrompt' },
  { kind: 'number', key: 'relaxMinutes', max: LINE_LIMITS.minutesMax },
  { kind: 'text', key: 'relaxPrompt' },
  { kind: 'switch', key: 'chatbotServe' },
  { kind: 'number', key: 'overloadNote', max: LINE_LIMITS.personsMax },
  { kind: 'number', key: 'timeoutNote', max: LINE_LIMITS.minutesMax },
  { kind: 'text', key: 'notePrompt' },
];

const shows = (field: string) => field.startsWith('waitingConfig.');

/**
 * /online/csLine/waiting-config?id=&_modal=full (online-service-config §2.1, §3.1, §5): the queue's guide and prompt
 * ({X}: the number waiting), members first, long queues, soothing, the chatbot while queueing and when to guide to
 * leave a message. Counts and minutes are at least 0. The save sends id, name, version and waitingConfig.
 */
export function LineWaitingConfig({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const screen = useLineScreen(location, valuesOf, shows);
  const { values, set, editable, errors } = screen;
  const disabled = !editable;
  const err = (key: string) => errors[`waitingConfig.${key}`];

  return (
    <LineScreenFrame
      location={location}
      screen={screen}
      onSave={values && (() => void screen.save({ waitingConfig: values }))}
    >
      {values && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {ROWS.map((row) => {
              if (row.kind === 'tag')
                return (
                  <TextInput
                    key="vipTag"
                    label={t('csLine.wait.vipTag')}
                    value={values.vipTag ?? ''}
                    maxLength={LIMITS.nameMax}
                    error={err('vipTag')}
                    disabled={disabled}
                    onChange={(e) => set({ vipTag: e.currentTarget.value }, 'waitingConfig.vipTag')}
                  />
                );
              const label = t(`csLine.wait.${row.key}`);
              const path = `waitingConfig.${row.key}`;
              if (row.kind === 'switch')
                return (
                  <Switch
                    key={row.key}
                    label={label}
                    checked={values[row.key]}
                    disabled={disabled}
                    onChange={(e) => set({ [row.key]: e.currentTarget.checked })}
                  />
                );
              if (row.kind === 'number')
                return (
                  <NumberInput
                    key={row.key}
                    label={label}
                    min={0}
                    max={row.max}
                    allowDecimal={false}
                    allowNegative={false}
                    value={values[row.key] ?? ''}
                    error={err(row.key)}
                    disabled={disabled}
                    onChange={(v) => set({ [row.key]: typeof v === 'number' ? v : null }, path)}
                  />
                );
              return (
                <Textarea
                  key={row.key}
                  label={label}
                  description={row.hint ? t(row.hint) : undefined}
                  rows={1}
                  value={values[row.key] ?? ''}
                  maxLength={LINE_LIMITS.textMax}
                  error={err(row.key)}
                  disabled={disabled}
                  onChange={(e) => set({ [row.key]: e.currentTarget.value }, path)}
                />
              );
            })}
          </Stack>
        </Paper>
      )}
    </LineScreenFrame>
  );
}
