import { TextInput } from '@mantine/core';
import { useI18n } from '../i18n/locale-store';

/** A typed time of day in full: `9:05`, `0905` → `09:05`; anything else as typed (the form's check says why). */
export function normalTimeOfDay(text: string): string {
  const match = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(text);
  if (!match) return text;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return text;
  return `${String(h).padStart(2, '0')}:${match[2]}`;
}

/**
 * A time of day, `HH:mm` in 24 hours in both languages (issue 15, defect 9): a browser's own time input shows
 * `09:00 AM` wherever its locale is English, whatever the console's language.
 */
export function TimeField({
  value,
  onChange,
  ...field
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <TextInput
      {...field}
      value={value}
      placeholder={t('date.timeOfDayPlaceholder')}
      inputMode="numeric"
      maxLength={8}
      w={100}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const normal = normalTimeOfDay(e.currentTarget.value);
        if (normal !== value) onChange(normal);
      }}
    />
  );
}
