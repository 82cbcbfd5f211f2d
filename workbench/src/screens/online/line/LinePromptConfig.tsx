import { Paper, Stack, Textarea } from '@mantine/core';
import { type CsLine, LINE_LIMITS, type LinePromptConfig as Prompts } from '@qcdesk/contracts';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { LineScreenFrame } from './LineModalLayout';
import { useLineScreen } from './use-line-screen';

function valuesOf(line: CsLine): { welcome: string; transfer: string } {
  const prompts: Partial<Prompts> = line.promptConfig ?? {};
  return { welcome: prompts.welcome ?? '', transfer: prompts.transfer ?? '' };
}

const shows = (field: string) => field === 'promptConfig.welcome' || field === 'promptConfig.transfer';

/**
 * /online/csLine/prompt-config?id=&_modal=full (online-service-config §2.1): the human welcome message ({X}: the agent)
 * and the transfer prompt ({X}: the agent transferred to). The default welcome texts are not shown.
 */
export function LinePromptConfig({ location }: { location: RouteLocation }) {
  const { t } = useI18n();
  const screen = useLineScreen(location, valuesOf, shows);
  const { values, set, editable, errors } = screen;
  return (
    <LineScreenFrame
      location={location}
      screen={screen}
      onSave={values && (() => void screen.save({ promptConfig: values }))}
    >
      {values && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            {(['welcome', 'transfer'] as const).map((key) => (
              <Textarea
                key={key}
                label={t(`csLine.prompt.${key}`)}
                description={t(`csLine.prompt.${key}Hint`)}
                rows={3}
                value={values[key]}
                maxLength={LINE_LIMITS.textMax}
                error={errors[`promptConfig.${key}`]}
                disabled={!editable}
                onChange={(e) => set({ [key]: e.currentTarget.value }, `promptConfig.${key}`)}
              />
            ))}
          </Stack>
        </Paper>
      )}
    </LineScreenFrame>
  );
}
