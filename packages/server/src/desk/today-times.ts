import type { CsTimeConfig, TodayTime } from '@qcdesk/contracts';
import { wallClock } from '../http/time-zone.js';

/**
 * The spans of service on the day `now` falls on in `timeZone`. A special period covering the day replaces the
 * weekly periods (a holiday's hours are the day's hours); otherwise the general periods of that weekday count.
 * Sorted by begin time, each span once.
 */
export function todayTimes(config: CsTimeConfig | null | undefined, now: Date, timeZone: string): TodayTime[] {
  if (!config) return [];
  const wall = new Date(wallClock(now, timeZone));
  const date = wall.toISOString().slice(0, 10);
  const weekday = wall.getUTCDay() === 0 ? 7 : wall.getUTCDay();
  const special = config.specialPeriods.filter((p) => p.beginDate <= date && date <= p.endDate);
  const spans = special.length > 0 ? special : config.generalPeriods.filter((p) => p.daysOfWeek.includes(weekday));
  const seen = new Set<string>();
  return spans
    .map((p) => ({ beginTime: p.beginTime, endTime: p.endTime }))
    .filter((s) => {
      const key = `${s.beginTime}-${s.endTime}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.beginTime.localeCompare(b.beginTime) || a.endTime.localeCompare(b.endTime));
}
