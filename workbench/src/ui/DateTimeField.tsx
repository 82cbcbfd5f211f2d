import { DateInput } from '@mantine/dates';
import { useI18n } from '../i18n/locale-store';
import { DATE_TIME_SHOWN, heldTime, isDayAlone, pickerTime, timeOfDay } from './date-text';
import { calendarWords } from './dates-locale';

/** What the date fields share with Mantine's inputs: where they sit and what they say about themselves. */
export interface FieldProps {
  label: string;
  error?: string;
  disabled?: boolean;
  readOnly?: boolean;
  withAsterisk?: boolean;
  w?: number | string;
  /** Enter in the box (e.g. the list searches) */
  onEnter?: () => void;
}

/**
 * A date and time in the user's language (issue 15, defect 9): shown and typed as `2026-11-25 14:03` (24-hour) in
 * Chinese and English alike, picked from a calendar whose month and day names follow the language, cleared with its
 * ×. It holds what a datetime-local input held (`2026-11-25T14:03`, '' for none), so drafts, the address and the
 * bodies sent stay as they were. A day clicked in the calendar keeps the time already there, else `dayTime`
 * (`23:59` for the end of a range, so the end day counts whole).
 */
export function DateTimeField({
  value,
  onChange,
  dayTime = '00:00',
  ...field
}: FieldProps & { value: string; onChange: (value: string) => void; dayTime?: string }) {
  const { t, locale } = useI18n();
  const picked = pickerTime(value);
  return (
    <DateInput
      {...field}
      {...calendarWords(locale, t)}
      w={field.w ?? 190}
      withTime
      valueFormat={DATE_TIME_SHOWN}
      placeholder={t('date.timePlaceholder')}
      dateParser={(text) => pickerTime(text, dayTime)}
      value={picked}
      clearable
      allowDeselect={false}
      onKeyDown={(e) => e.key === 'Enter' && field.onEnter?.()}
      onChange={(next) => {
        if (next !== null && isDayAlone(next)) {
          onChange(heldTime(pickerTime(next, timeOfDay(picked) ?? dayTime)));
          return;
        }
        onChange(heldTime(next));
      }}
    />
  );
}
