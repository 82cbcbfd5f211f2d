import { describe, expect, it } from 'vitest';
import { quickDateRange } from '../../src/http/quick-date.js';
import { formatTime, parseTime } from '../../src/http/time-zone.js';

const iso = (r: { from: Date; to: Date } | null) => (r === null ? null : [r.from.toISOString(), r.to.toISOString()]);

describe('quickDateRange', () => {
  // 2024-05-02 01:00 in Shanghai is still May 1st in UTC: the console's day, not the server's, counts
  const now = new Date('2024-05-01T17:00:00Z');

  it('YESTERDAY is the previous day from 00:00 to the next midnight in the time zone', () => {
    expect(iso(quickDateRange('YESTERDAY', now, 'Asia/Shanghai'))).toEqual([
      '2024-04-30T16:00:00.000Z',
      '2024-05-01T16:00:00.000Z',
    ]);
  });

  it('TODAY, DAY7 (6 days before plus today) and DAY30 (29 before plus today)', () => {
    expect(iso(quickDateRange('TODAY', now, 'Asia/Shanghai'))).toEqual([
      '2024-05-01T16:00:00.000Z',
      '2024-05-02T16:00:00.000Z',
    ]);
    expect(iso(quickDateRange('DAY7', now, 'Asia/Shanghai'))).toEqual([
      '2024-04-25T16:00:00.000Z',
      '2024-05-02T16:00:00.000Z',
    ]);
    expect(iso(quickDateRange('DAY30', now, 'Asia/Shanghai'))).toEqual([
      '2024-04-02T16:00:00.000Z',
      '2024-05-02T16:00:00.000Z',
    ]);
  });

  it('ALL has no limits', () => {
    expect(quickDateRange('ALL', now, 'Asia/Shanghai')).toBeNull();
  });

  it('counts days in other zones, including across a daylight-saving change', () => {
    expect(iso(quickDateRange('TODAY', now, 'UTC'))).toEqual(['2024-05-01T00:00:00.000Z', '2024-05-02T00:00:00.000Z']);
    // Europe/Berlin went to summer time on 2024-03-31: that day lasted 23 hours
    const afterChange = new Date('2024-04-01T10:00:00Z');
    expect(iso(quickDateRange('YESTERDAY', afterChange, 'Europe/Berlin'))).toEqual([
      '2024-03-30T23:00:00.000Z',
      '2024-03-31T22:00:00.000Z',
    ]);
  });

  it('crosses month and year ends', () => {
    expect(iso(quickDateRange('YESTERDAY', new Date('2024-01-01T02:00:00+08:00'), 'Asia/Shanghai'))).toEqual([
      '2023-12-30T16:00:00.000Z',
      '2023-12-31T16:00:00.000Z',
    ]);
  });
});

describe('console times', () => {
  it("formats and reads 'YYYY-MM-DD HH:mm:ss' on the time zone's wall clock", () => {
    expect(formatTime(new Date('2024-05-01T16:30:05Z'), 'Asia/Shanghai')).toBe('2024-05-02 00:30:05');
    expect(parseTime('2024-05-02 00:30:05', 'Asia/Shanghai')?.toISOString()).toBe('2024-05-01T16:30:05.000Z');
    expect(parseTime('2024-05-02', 'Asia/Shanghai')?.toISOString()).toBe('2024-05-01T16:00:00.000Z');
    expect(parseTime('2024-05-02T00:30:05Z', 'Asia/Shanghai')?.toISOString()).toBe('2024-05-02T00:30:05.000Z');
    expect(parseTime('', 'Asia/Shanghai')).toBeNull();
    expect(formatTime(null, 'UTC')).toBeNull();
  });
});
