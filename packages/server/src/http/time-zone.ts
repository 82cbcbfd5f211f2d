/**
 * Times as the console shows and sends them: 'YYYY-MM-DD HH:mm:ss' on the wall clock of the configured time zone
 * (config.timeZone, default Asia/Shanghai), whatever zone the server itself runs in.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of `instant` in `timeZone`, written as if it were UTC (milliseconds since the epoch). */
export function wallClock(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const seconds = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return seconds + (((instant.getTime() % 1000) + 1000) % 1000);
}

/** The instant whose wall clock in `timeZone` reads `wall` (as from `wallClock`); in a DST gap, just after it. */
export function instantOf(wall: number, timeZone: string): Date {
  // offset = wall clock − instant; apply it, then once more in case the first guess fell across an offset change
  let instant = wall - (wallClock(new Date(wall), timeZone) - wall);
  instant = wall - (wallClock(new Date(instant), timeZone) - instant);
  return new Date(instant);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone`; null stays null. */
export function formatTime(instant: Date | null | undefined, timeZone: string): string | null {
  if (instant === null || instant === undefined) return null;
  const d = new Date(wallClock(instant, timeZone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/;

/**
 * A time the console sent: 'YYYY-MM-DD HH:mm:ss' or a date alone is read on the wall clock of `timeZone`; an ISO
 * time with `Z` or an offset is taken as it says. Null for anything else (callers validate with the contracts).
 */
export function parseTime(text: string | null | undefined, timeZone: string): Date | null {
  if (text === null || text === undefined || text === '') return null;
  const m = LOCAL.exec(text.trim());
  if (m === null) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : new Date(t);
  }
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  return instantOf(wall, timeZone);
}
