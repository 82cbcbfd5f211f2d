import { DateInput } from '@mantine/dates';
import { useI18n } from '../i18n/locale-store';
import type { FieldProps } from './DateTimeField';
import { DATE_SHOWN, pickerDate } from './date-text';
import { calendarWords } from './dates-locale';

/** A date alone (`2026-11-25`), shown and typed so in both languages, picked from the calendar, cleared with its ×. */
export function DateField({
  value,
  onChange,
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void }) {
  const { t, locale } = useI18n();
  return (
    <DateInput
      {...field}
      {...calendarWords(locale, t)}
      w={field.w ?? 150}
      valueFormat={DATE_SHOWN}
      placeholder={t('date.datePlaceholder')}
      dateParser={pickerDate}
      value={pickerDate(value)}
      clearable
      allowDeselect={false}
      onKeyDown={(e) => e.key === 'Enter' && field.onEnter?.()}
      onChange={(next) => onChange(pickerDate(next) ?? '')}
    />
  );
}
