import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiResultWhere } from '../../src/routes/ai-result/ai-result-filter.js';
import { assembleOverview } from '../../src/routes/ai-result/overview/overview-figures.js';
import { liveFigureRows } from '../../src/routes/ai-result/overview/overview-queries.js';
import { refreshRollup } from '../../src/routes/ai-result/overview/overview-rollup.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { deskSessions, inspectedDesk, type Json, ok } from '../tasks/fixtures.js';

/**
 * The overview's daily rollup against the results themselves: whatever is written to ai_results (scores, flags, trash,
 * session times moved across days, a time zone change), the overview read from the rollup equals the same figures
 * counted live from ai_results, for every filter.
 */
let t: TestApp;
let admin: Caller;
let organizationId: number;
let schemeId: string;
let ids: number[];

type Filter = { schemeId?: string; lineId?: string; groupId?: string; agentId?: string; bucket?: 'DAY' | 'WEEK' };

async function rollupAnswer(f: Filter) {
  const { timeFrom, timeTo, ...figures } = await ok(
    admin.post('/v3/chats/ai-result/overview', { ...f, timeFrom: '2026-01-01', timeTo: '2027-12-31' }),
  );
  return figures;
}

async function liveAnswer(f: Filter, timeZone = t.config.timeZone) {
  const auth = { organizationId, agentId: null } as Parameters<typeof aiResultWhere>[1];
  const where = aiResultWhere(
    { deleted: 'NONE', timeby: 'createTime', timeFrom: '2026-01-01', timeTo: '2027-12-31', ...f } as Parameters<
      typeof aiResultWhere
    >[0],
    auth,
    timeZone,
  );
  const db = t.database.db;
  const rows = await liveFigureRows(db, { organizationId, where, bucket: f.bucket ?? 'DAY', timeZone });
  return JSON.parse(JSON.stringify(await assembleOverview(db, organizationId, rows)));
}

/** Equal, means to 9 places (a sum of sums divided, against avg()). */
function expectSame(rollup: Json, live: Json) {
  const round = (v: unknown): unknown =>
    typeof v === 'number'
      ? Math.round(v * 1e9) / 1e9
      : Array.isArray(v)
        ? v.map(round)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x)]))
          : v;
  expect(round(rollup)).toEqual(round(live));
}

const FILTERS: Filter[] = [
  {},
  { bucket: 'WEEK' },
  { lineId: '2' },
  { groupId: '12' },
  { agentId: '102', bucket: 'WEEK' },
  { schemeId: 'x' },
];

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await organisationWith(t, 'ovr', { admin: ['*'] }));
  const desk = await inspectedDesk(t, admin, deskSessions(60));
  schemeId = desk.scheme.schemeId;
  FILTERS[5] = { schemeId };
  ids = desk.aiRows.map((r: Json) => Number(r.id));
  const [row] = (
    (await t.database.db.execute(sql`select organization_id from ai_results where id = ${ids[0]}`)) as unknown as {
      rows: { organization_id: number | string }[];
    }
  ).rows;
  organizationId = Number(row!.organization_id);
}, 120_000);
afterAll(async () => t.close());

describe('the overview rollup', () => {
  it('answers what the live count answers, for every filter', async () => {
    for (const f of FILTERS) expectSame(await rollupAnswer(f), await liveAnswer(f));
  });

  it('follows every write to ai_results: scores, flags, trash and restore, session starts moved to other days', async () => {
    const write = fc.oneof(
      fc.record({ kind: fc.constant('score' as const), at: fc.nat(), score: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constant('flags' as const), at: fc.nat(), on: fc.boolean() }),
      fc.record({ kind: fc.constant('trash' as const), at: fc.nat(), deleted: fc.constantFrom('TRASH', 'NONE') }),
      fc.record({ kind: fc.constant('move' as const), at: fc.nat(), hours: fc.integer({ min: -200, max: 200 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...FILTERS),
        async (writes, f) => {
          for (const w of writes) {
            const id = ids[w.at % ids.length]!;
            const db = t.database.db;
            if (w.kind === 'score') await db.execute(sql`update ai_results set ai_score = ${w.score} where id = ${id}`);
            if (w.kind === 'flags')
              await db.execute(sql`update ai_results set is_complaint = ${w.on}, is_veto = ${!w.on} where id = ${id}`);
            if (w.kind === 'trash')
              await db.execute(sql`update ai_results set deleted = ${w.deleted} where id = ${id}`);
            if (w.kind === 'move')
              await db.execute(
                sql`update ai_results set session_begin_time = session_begin_time + make_interval(hours => ${w.hours})
                  where id = ${id}`,
              );
          }
          expectSame(await rollupAnswer(f), await liveAnswer(f));
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('rebuilds every day when the console’s time zone changes', async () => {
    const db = t.database.db;
    await refreshRollup(db, organizationId, 'America/Los_Angeles');
    const zones = (await db.execute(
      sql`select distinct time_zone from ai_result_days where organization_id = ${organizationId}`,
    )) as unknown as { rows: { time_zone: string }[] };
    expect(zones.rows.map((r) => r.time_zone)).toEqual(['America/Los_Angeles']);
    // and back: the console's own zone answers as the live count does
    expectSame(await rollupAnswer({}), await liveAnswer({}));
  });

  it('counts a period that cuts a day from the results themselves', async () => {
    // a day with results before and after its noon: from noon on, only the later ones count
    const live: Json[] = await ok(admin.post('/v3/chats/ai-result/list', {}));
    const times = live.map((r) => String(r.createTime));
    const day = [...new Set(times.map((x) => x.slice(0, 10)))].find(
      (d) => times.some((x) => x.startsWith(d) && x < `${d} 12:00:00`) && times.some((x) => x >= `${d} 12:00:00`),
    )!;
    const cut = `${day} 12:00:00`;
    const fromNoon = await ok(admin.post('/v3/chats/ai-result/overview', { timeFrom: cut, timeTo: '2027-12-31' }));
    const fromDay = await ok(admin.post('/v3/chats/ai-result/overview', { timeFrom: day, timeTo: '2027-12-31' }));
    expect(fromNoon.timeFrom).toBe(cut);
    expect(fromNoon.totals.results).toBe(times.filter((x) => x >= cut).length);
    expect(fromDay.totals.results).toBe(times.filter((x) => x >= day).length);
    expect(fromNoon.totals.results).toBeLessThan(fromDay.totals.results);
  });
});
