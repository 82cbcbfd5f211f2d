import dayjs from 'dayjs';

/** A stored time ('YYYY-MM-DD HH:mm:ss' or ISO) as a datetime-local input value. */
export function toInputTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = dayjs(value.replace(' ', 'T'));
  return time.isValid() ? time.format('YYYY-MM-DDTHH:mm') : '';
}

/** A datetime-local input value as the API stores it; empty is null. */
export function fromInputTime(value: string): string | null {
  if (!value) return null;
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : null;
}
