import dayjs from 'dayjs';

/**
 * Dates as the console shows and reads them, in both languages: `2026-11-25 14:03` (24-hour, year first), never the
 * browser's own `11/25/2026 02:03 PM`. The forms and filters keep holding what they held before
 * (`2026-11-25T14:03`, a date `2026-11-25`); only what a person sees and types is this.
 */

/** How a date and time field shows its value. */
export const DATE_TIME_SHOWN = 'YYYY-MM-DD HH:mm';
/** How a date field shows its value. */
export const DATE_SHOWN = 'YYYY-MM-DD';
/** What a date and time field holds (a datetime-local input's text, as the drafts and the address keep it). */
export const DATE_TIME_HELD = 'YYYY-MM-DDTHH:mm';

/** Typed or held text: a date, then optionally a time (`T` or a space between), seconds optional. */
const TYPED = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/;

interface Parts {
  date: string;
  /** `HH:mm:ss`, or null when only a date was given */
  time: string | null;
}

const pad = (n: string) => n.padStart(2, '0');

/** The date (checked: no 2026-02-30) and the time (checked: no 24:00) of a text, or null. */
function partsOf(text: string): Parts | null {
  const match = TYPED.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = `${y}-${pad(mo!)}-${pad(d!)}`;
  const day = dayjs(date);
  if (!day.isValid() || day.format('YYYY-MM-DD') !== date) return null;
  if (h === undefined) return { date, time: null };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  return { date, time: `${pad(h)}:${mi}:${s ?? '00'}` };
}

/**
 * A typed or held date and time as the picker takes it (`2026-11-25 14:03:00`); a date alone gets `time`
 * (`HH:mm`). Null when it is no date.
 */
export function pickerTime(text: string | null | undefined, time = '00:00'): string | null {
  if (!text) return null;
  const parts = partsOf(text);
  if (!parts) return null;
  return `${parts.date} ${parts.time ?? `${time}:00`}`;
}

/** A typed or held date as the picker takes it (`2026-11-25`); a time after it is ignored. Null when it is no date. */
export function pickerDate(text: string | null | undefined): string | null {
  if (!text) return null;
  return partsOf(text)?.date ?? null;
}

/** The picker's date and time as the field holds it (`2026-11-25T14:03`); '' for none. */
export function heldTime(value: string | null): string {
  if (!value) return '';
  const parts = partsOf(value);
  if (!parts) return '';
  return `${parts.date}T${(parts.time ?? '00:00:00').slice(0, 5)}`;
}

/** Whether the picker's value is a day alone (a day clicked in the calendar), not a day and a time. */
export function isDayAlone(value: string | null): boolean {
  return value !== null && partsOf(value)?.time === null;
}

/** The `HH:mm` of a held or picked time, or null. */
export function timeOfDay(value: string | null | undefined): string | null {
  if (!value) return null;
  return partsOf(value)?.time?.slice(0, 5) ?? null;
}

/** A held date and time as a person sees it (`2026-11-25 14:03`), e.g. in an active-filter tag; other text as it is. */
export function shownTime(text: string): string {
  const value = pickerTime(text);
  // the picker's form is the shown one with seconds
  return value === null ? text : value.slice(0, DATE_TIME_SHOWN.length);
}
