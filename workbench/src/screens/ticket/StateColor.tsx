import { CheckIcon, ColorSwatch, Group, Input, Text, UnstyledButton } from '@mantine/core';
import { TICKET_STATE_COLORS } from '@qcdesk/contracts';
import { useT } from '../../i18n/locale-store';

/** A state's name after a dot of its colour, as the lists and the kinds' flows show a state. */
export function StateColorDot({ color, name }: { color: string | null | undefined; name: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={color ?? TICKET_STATE_COLORS[0]} size={10} withShadow={false} aria-hidden />
      <Text span size="sm">
        {name}
      </Text>
    </Group>
  );
}

/**
 * The 18 preset colours of a ticket state as swatches (tickets spec "Ticket states": the first is the default), one
 * chosen: a radio group, so the keyboard and screen readers treat it as one choice.
 */
export function StateColorPicker({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string;
  onChange: (color: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <Input.Wrapper label={t('ticketState.color')} error={error}>
      <Group gap={6} mt={4} role="radiogroup" aria-label={t('ticketState.color')}>
        {TICKET_STATE_COLORS.map((color) => {
          const chosen = color === value;
          return (
            <UnstyledButton
              key={color}
              role="radio"
              aria-checked={chosen}
              aria-label={t('ticketState.colorOption', { color })}
              disabled={disabled}
              onClick={() => onChange(color)}
              style={{ cursor: disabled ? 'not-allowed' : 'pointer', opacity: disabled && !chosen ? 0.5 : 1 }}
            >
              <ColorSwatch color={color} size={24}>
                {chosen && <CheckIcon width={12} color="white" />}
              </ColorSwatch>
            </UnstyledButton>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
