import { Paper, Select, Stack, Switch } from '@mantine/core';
import { type CsLine, lineMessageConfigSchema, type LineMessageConfig as Messages } from '@qcdesk/contracts';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { LineScreenFrame } from './LineModalLayout';
import { useLineScreen } from './use-line-screen';

/** The recall windows offered (minutes; the spec does not show its values, these are ours). */
export const RECALL_MINUTES = [1, 2, 5, 10, 30] as const;

function valuesOf(line: CsLine): Messages {
  return line.messageConfig ?? lineMessageConfigSchema.parse({});
}

type SwitchKey = 'customerRead' | 'agentRead' | 'recall' | 'customerInput' | 'agentInput';

const shows = (field: string) => field === 'messageConfig.recallMinutes';

/**
 * /online/csLine/message-config?id=&_modal=full (online-service-config §2.1, §3.1): read receipts both ways, recalling
 * a message within recallMinutes, and typing indicators both ways.
 */
export function LineMessageConfig({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const screen = useLineScreen(location, valuesOf, shows);
  const { values, set, editable, errors } = screen;
  const disabled = !editable;
  const toggle = (key: SwitchKey) =>
    values && (
      <Switch
        key={key}
        label={t(`csLine.msg.${key}`)}
        checked={values[key]}
        disabled={disabled}
        onChange={(e) => set({ [key]: e.currentTarget.checked })}
      />
    );
  // a stored window the list does not offer still shows
  const minutes = [...new Set([...RECALL_MINUTES, ...(values ? [values.recallMinutes] : [])])].sort((a, b) => a - b);
  return (
    <LineScreenFrame
      location={location}
      screen={screen}
      onSave={values && (() => void screen.save({ messageConfig: values }))}
    >
      {values && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {toggle('customerRead')}
            {toggle('agentRead')}
            {toggle('recall')}
            {values.recall && (
              <Select
                label={t('csLine.msg.recallMinutes')}
                w={200}
                allowDeselect={false}
                data={minutes.map((n) => ({ value: String(n), label: String(n) }))}
                value={String(values.recallMinutes)}
                error={errors['messageConfig.recallMinutes']}
                disabled={disabled}
                onChange={(v) => v && set({ recallMinutes: Number(v) }, 'messageConfig.recallMinutes')}
              />
            )}
            {toggle('customerInput')}
            {toggle('agentInput')}
          </Stack>
        </Paper>
      )}
    </LineScreenFrame>
  );
}
