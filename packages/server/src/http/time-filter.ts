import type { QuickDate } from '@qcdesk/contracts';
import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { quickDateRange } from './quick-date.js';
import { parseTime } from './time-zone.js';

/**
 * The time conditions of a result or complaint list on `column`: `timeFrom` ≤ t, t within `timeTo` (a date alone
 * names the whole day, a time the whole second), and the quick date's days in the console's time zone.
 */
export function timeFilter(
  column: PgColumn,
  f: { timeFrom?: string | null; timeTo?: string | null; quickDate?: QuickDate | undefined },
  timeZone: string,
  now = new Date(),
): SQL[] {
  const parts: SQL[] = [];
  const from = parseTime(f.timeFrom, timeZone);
  const to = parseTime(f.timeTo, timeZone);
  if (from !== null) parts.push(gte(column, from));
  if (to !== null && f.timeTo) parts.push(lt(column, new Date(to.getTime() + wholeUnit(f.timeTo))));
  if (f.quickDate !== undefined) {
    const range = quickDateRange(f.quickDate, now, timeZone);
    if (range !== null) parts.push(gte(column, range.from), lt(column, range.to));
  }
  return parts;
}

/** How long `timeTo` reaches past its instant: a date alone its whole day, a time its whole second. */
export function wholeUnit(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) return 86_400_000;
  return /[.]\d/.test(text) ? 1 : 1000;
}
