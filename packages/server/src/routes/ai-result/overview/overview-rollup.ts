import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/connect.js';
import { csGroups } from '../../../db/schema/desk-staffing.js';
import { aiResultDayBins, aiResultDayRules, aiResultDays, aiResultDirtyDays } from '../../../db/schema/qc-overview.js';
import { aiResults } from '../../../db/schema/qc-results.js';
import { type FigureRows, num, rows } from './overview-figures.js';
import { agreementRow, binOf, type OverviewScope } from './overview-queries.js';

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The overview over whole days, read from the rollup: the dimensions the overview filters by, as ids. */
export interface RollupScope extends OverviewScope {
  /** first and last day, 'YYYY-MM-DD', both included */
  readonly fromDay: string;
  readonly toDay: string;
  readonly schemeId?: number;
  readonly lineId?: number;
  readonly groupId?: number;
  /** each one the agent must be: the filter's, and an agent's own (so a mismatch matches nothing, as in the list) */
  readonly agentIds: readonly number[];
}

/**
 * Brings the organisation's rollup up to date: the days the ai_results triggers marked since the last read (UTC days;
 * each can hold instants of the day before and after in the console's time zone, so those are rebuilt too), or
 * every day when the console's time zone changed. Rebuilt days are deleted and aggregated again from ai_results in
 * one transaction, under a lock per organisation so two readers never rebuild the same days twice.
 */
export async function refreshRollup(db: Database, organizationId: number, timeZone: string): Promise<void> {
  const [state] = await rows(
    db,
    sql`select exists (select 1 from ${aiResultDirtyDays} where organization_id = ${organizationId}) as dirty,
          (select time_zone from ${aiResultDays} where organization_id = ${organizationId} limit 1) as zone`,
  );
  const zoneChanged = state?.zone !== null && state?.zone !== undefined && state.zone !== timeZone;
  if (state?.dirty !== true && !zoneChanged) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai_result_days:${organizationId}`}, 0))`);
    if (zoneChanged) {
      for (const table of [aiResultDays, aiResultDayBins, aiResultDayRules])
        await tx.execute(sql`delete from ${table} where organization_id = ${organizationId}`);
      await tx.execute(
        sql`insert into ${aiResultDirtyDays} (organization_id, day)
            select distinct organization_id, (session_begin_time at time zone 'UTC')::date from ${aiResults}
            where organization_id = ${organizationId} on conflict do nothing`,
      );
    }
    const dirty = await rows(
      tx,
      sql`delete from ${aiResultDirtyDays} where organization_id = ${organizationId}
          returning to_char(day, 'YYYY-MM-DD') as day`,
    );
    if (dirty.length === 0) return; // another reader rebuilt them while this one waited for the lock
    const days = [...new Set(dirty.flatMap((r) => [-1, 0, 1].map((n) => shiftDay(String(r.day), n))))].sort();
    const dayList = sql.join(
      days.map((d) => sql`${d}::date`),
      sql`, `,
    );
    for (const table of [aiResultDays, aiResultDayBins, aiResultDayRules])
      await tx.execute(sql`delete from ${table} where organization_id = ${organizationId} and day in (${dayList})`);
    // the rebuilt days' results; the instant range lets the (organisation, deleted, session start) index find them
    const lo = new Date(Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS);
    const hi = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 2 * DAY_MS);
    const source = sql`(select (a.session_begin_time at time zone ${timeZone})::date as day, a.scheme_id, a.line_id,
          a.agent_id, a.group_ids, a.ai_score, a.is_veto, a.is_complaint, a.is_review, a.agent_name, a.agent_nick,
          a.rule_ids
        from ${aiResults} a
        where a.organization_id = ${organizationId} and a.deleted = 'NONE'
          and a.session_begin_time >= ${lo} and a.session_begin_time < ${hi}
          and (a.session_begin_time at time zone ${timeZone})::date in (${dayList})) s`;
    const key = sql.raw('s.day, s.scheme_id, s.line_id, s.agent_id, s.group_ids');
    const keyColumns = sql.raw('organization_id, day, scheme_id, line_id, agent_id, group_ids');
    await tx.execute(
      sql`insert into ${aiResultDays} (${keyColumns}, results, scored, score_sum, vetoes, complaints, reviews,
            agent_name, agent_nick, time_zone)
          select ${organizationId}, ${key}, count(*), count(s.ai_score), coalesce(sum(s.ai_score), 0),
            count(*) filter (where s.is_veto), count(*) filter (where s.is_complaint),
            count(*) filter (where s.is_review), max(s.agent_name), max(s.agent_nick), ${timeZone}
          from ${source} group by ${key}`,
    );
    await tx.execute(
      sql`insert into ${aiResultDayBins} (${keyColumns}, bin, results)
          select ${organizationId}, ${key}, ${binOf(sql`s.ai_score`)}, count(*)
          from ${source} where s.ai_score is not null group by ${key}, 7`,
    );
    await tx.execute(
      sql`insert into ${aiResultDayRules} (${keyColumns}, rule_id, results)
          select ${organizationId}, ${key}, rid::bigint, count(*)
          from ${source} cross join lateral jsonb_array_elements_text(s.rule_ids) as rid group by ${key}, 7`,
    );
  });
}

/** The scope's conditions on a rollup table's key columns (every rollup table has the same key). */
function keyWhere(scope: RollupScope): SQL {
  const parts = [
    sql`d.organization_id = ${scope.organizationId}`,
    sql`d.day >= ${scope.fromDay}::date`,
    sql`d.day <= ${scope.toDay}::date`,
  ];
  if (scope.schemeId !== undefined) parts.push(sql`d.scheme_id = ${scope.schemeId}`);
  if (scope.lineId !== undefined) parts.push(sql`d.line_id = ${scope.lineId}`);
  if (scope.groupId !== undefined) parts.push(sql`d.group_ids @> array[${scope.groupId}]::bigint[]`);
  for (const agentId of scope.agentIds) parts.push(sql`d.agent_id = ${agentId}`);
  return sql.join(parts, sql` and `);
}

/** GROUPING(bucket, line, agent) of the main rollup query, 1 for each left out. */
const SET = { totals: 7, trend: 3, lines: 5, agents: 6 } as const;

/**
 * The figures from the rollup: the same rows `liveFigureRows` reads from the results, from a few thousand day rows
 * (the agreement with manual scores is still read live: manual results are few and joined by session).
 */
export async function rollupFigureRows(db: Database, scope: RollupScope): Promise<FigureRows> {
  await refreshRollup(db, scope.organizationId, scope.timeZone);
  const w = keyWhere(scope);
  const bucket =
    scope.bucket === 'WEEK'
      ? sql`to_char(date_trunc('week', d.day::timestamp), 'YYYY-MM-DD')`
      : sql`to_char(d.day, 'YYYY-MM-DD')`;
  const mean = (alias: 'b' | 'd') => sql.raw(`sum(${alias}.score_sum) / nullif(sum(${alias}.scored), 0)`);
  const mainQ = rows(
    db,
    sql`select grouping(b.bucket, b.line_id, b.agent_id) as g, b.bucket, b.line_id, b.agent_id,
          sum(b.results) as results, ${mean('b')} as avg, sum(b.vetoes) as vetoes, sum(b.complaints) as complaints,
          sum(b.reviews) as reviews, max(b.agent_name) as name, max(b.agent_nick) as nick
        from (select ${bucket} as bucket, d.* from ${aiResultDays} d where ${w}) b
        group by grouping sets ((), (b.bucket), (b.line_id), (b.agent_id))`,
  );
  const binsQ = rows(
    db,
    sql`select d.bin, sum(d.results) as results from ${aiResultDayBins} d where ${w} group by d.bin`,
  );
  const groupsQ = rows(
    db,
    sql`select r.group_id, r.results, r.avg, g.name
        from (select gid as group_id, sum(d.results) as results, ${mean('d')} as avg
              from ${aiResultDays} d cross join lateral unnest(d.group_ids) as gid where ${w} group by 1) r
        left join ${csGroups} g on g.organization_id = ${scope.organizationId} and g.id = r.group_id
        order by r.results desc, r.group_id limit 20`,
  );
  const rulesQ = rows(
    db,
    sql`select grouping(r.bucket) as g, r.rule_id, r.bucket, sum(r.results) as results
        from (select ${bucket} as bucket, d.rule_id, d.results from ${aiResultDayRules} d where ${w}) r
        group by grouping sets ((r.rule_id), (r.rule_id, r.bucket))`,
  );
  const [main, bins, groups, ruleRows, agreement] = await Promise.all([
    mainQ,
    binsQ,
    groupsQ,
    rulesQ,
    agreementRow(db, scope),
  ]);
  const set = (g: number) => main.filter((r) => num(r.g) === g);
  return {
    // no rows at all: the totals row still comes (count of nothing), as the live query answers it
    totals: set(SET.totals)[0],
    trend: set(SET.trend),
    bins,
    lines: set(SET.lines),
    agents: set(SET.agents),
    groups,
    rules: ruleRows.filter((r) => num(r.g) === 1),
    ruleTrend: ruleRows.filter((r) => num(r.g) === 0),
    agreement,
  };
}
