import { instantOf, wallClock } from './time-zone.js';

/**
 * The quick date filters of the result, complaint and log lists (qc-area §9): YESTERDAY the previous day,
 * TODAY, DAY7 today and the 6 days before, DAY30 today and the 29 days before, ALL no limits — days as the
 * console's time zone counts them, not the server's.
 */
export type QuickDateKind = 'YESTERDAY' | 'TODAY' | 'DAY7' | 'DAY30' | 'ALL';

/** A half-open range of instants: `from` ≤ t < `to` (`to` is the next midnight, so no instant of the day is lost). */
export interface DateRange {
  readonly from: Date;
  readonly to: Date;
}

const FIRST_DAY: Record<Exclude<QuickDateKind, 'ALL'>, number> = { YESTERDAY: -1, TODAY: 0, DAY7: -6, DAY30: -29 };
const DAY_MS = 86_400_000;

/**
 * The range of `kind` around `now` in `timeZone` (an IANA name such as Asia/Shanghai); null for ALL.
 *
 * ```ts
 * quickDateRange('YESTERDAY', new Date('2024-05-02T01:00:00Z'), 'Asia/Shanghai');
 * // { from: 2024-04-30T16:00:00Z (May 1st 00:00 +08), to: 2024-05-01T16:00:00Z (May 2nd 00:00 +08) }
 * ```
 */
export function quickDateRange(kind: QuickDateKind, now: Date, timeZone: string): DateRange | null {
  if (kind === 'ALL') return null;
  const today = Math.floor(wallClock(now, timeZone) / DAY_MS) * DAY_MS; // today's midnight on the wall clock
  const lastDay = kind === 'YESTERDAY' ? -1 : 0;
  return {
    from: startOfDay(today + FIRST_DAY[kind] * DAY_MS, timeZone),
    to: startOfDay(today + (lastDay + 1) * DAY_MS, timeZone),
  };
}

/** The first instant of the wall-clock day starting at `midnight` (later than 00:00 where a DST jump skips it). */
function startOfDay(midnight: number, timeZone: string): Date {
  let instant = instantOf(midnight, timeZone).getTime();
  while (wallClock(new Date(instant), timeZone) < midnight) instant += 15 * 60 * 1000;
  return new Date(instant);
}
