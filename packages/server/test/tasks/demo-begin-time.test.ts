import { describe, expect, it } from 'vitest';
import { quickDateRange } from '../../src/http/quick-date.js';
import { demoBeginTime } from '../../src/tasks/demo-seeder.js';

const ZONE = 'Asia/Shanghai';
const TOTAL = 4090;

/** How many of the demo's sessions each quick date shows, seeded at `now`. */
function shares(now: Date) {
  const times = Array.from({ length: TOTAL }, (_, i) => demoBeginTime(i, TOTAL, now.getTime(), ZONE));
  const count = (kind: 'TODAY' | 'YESTERDAY' | 'DAY7' | 'DAY30') => {
    const range = quickDateRange(kind, now, ZONE)!;
    return times.filter((t) => t >= range.from.getTime() && t < range.to.getTime()).length;
  };
  return { times, today: count('TODAY'), yesterday: count('YESTERDAY'), day7: count('DAY7'), day30: count('DAY30') };
}

describe('demo session start times (issue 15: the default 昨天 shows a useful share)', () => {
  for (const seeded of ['2026-11-25T06:00:00Z', '2026-11-25T16:30:00Z', '2026-11-24T16:10:00Z']) {
    it(`seeded at ${seeded}: a quarter yesterday, some today, all within 30 days, newest first`, () => {
      const now = new Date(seeded);
      const s = shares(now);
      expect(s.yesterday / TOTAL).toBeGreaterThan(0.24);
      expect(s.yesterday / TOTAL).toBeLessThan(0.26);
      expect(s.today).toBeGreaterThan(0);
      expect(s.day7).toBeGreaterThan(s.today + s.yesterday);
      expect(s.day30).toBe(TOTAL);
      // none after the seed, and the order of the file kept: the i-th is never newer than the one before
      expect(Math.max(...s.times)).toBeLessThanOrEqual(now.getTime());
      for (let i = 1; i < TOTAL; i++) expect(s.times[i]).toBeLessThanOrEqual(s.times[i - 1]!);
    });
  }
});
