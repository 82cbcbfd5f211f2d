import {
  OVERVIEW_BIN,
  OVERVIEW_MIN_RESULTS,
  OVERVIEW_TOP,
  type OverviewBucket,
  type QcOverview,
} from '@qcdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../crud/entity-table.js';
import { csGroups } from '../../../db/schema/desk-staffing.js';
import { aiResults, manualResults } from '../../../db/schema/qc-results.js';
import { chatSessions } from '../../../db/schema/sessions.js';

/** What every figure reads: the results the filter keeps, and how their session starts fall into days or weeks. */
export interface OverviewScope {
  readonly organizationId: number;
  readonly where: SQL;
  readonly bucket: OverviewBucket;
  readonly timeZone: string;
}

type Row = Record<string, unknown>;

/** Both drivers answer `{rows}`; numbers may come as text (bigint, numeric), so each is read with `num`. */
async function rows(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const num = (v: unknown): number => Number(v ?? 0);
const meanOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The first day of the session's day or week (weeks start on Monday), in the console's time zone. */
function bucketOf(scope: OverviewScope): SQL {
  const unit = scope.bucket === 'WEEK' ? sql.raw(`'week'`) : sql.raw(`'day'`);
  return sql`to_char(date_trunc(${unit}, ${aiResults.sessionBeginTime} at time zone ${scope.timeZone}), 'YYYY-MM-DD')`;
}

/** A score's bin: 10-point bins, with a score of exactly 100 in the last bin [90, 100]. */
const binOf = sql`(floor(${aiResults.aiScore} / ${OVERVIEW_BIN}) * ${OVERVIEW_BIN} - case when ${aiResults.aiScore} = 100 then ${OVERVIEW_BIN} else 0 end)`;

/** Every figure of the overview but the period, each one SQL aggregate over the scope's results. */
export async function overviewFigures(
  db: Queryable,
  scope: OverviewScope,
): Promise<Omit<QcOverview, 'timeFrom' | 'timeTo'>> {
  const w = scope.where;
  const bucket = bucketOf(scope);
  const [totals] = await rows(
    db,
    sql`select count(*) as results, avg(${aiResults.aiScore}) as avg,
          count(*) filter (where ${aiResults.isVeto}) as vetoes,
          count(*) filter (where ${aiResults.isComplaint}) as complaints,
          count(*) filter (where ${aiResults.isReview}) as reviews
        from ${aiResults} where ${w}`,
  );
  const all = num(totals?.results);
  const trend = await rows(
    db,
    sql`select ${bucket} as bucket, count(*) as results, avg(${aiResults.aiScore}) as avg,
          count(*) filter (where ${aiResults.isVeto}) as vetoes
        from ${aiResults} where ${w} group by 1 order by 1`,
  );
  const bins = await rows(
    db,
    sql`select ${binOf} as bin, count(*) as results from ${aiResults} where ${w} group by 1 order by 1`,
  );
  const lines = await rows(
    db,
    sql`select r.line_id, r.results, r.avg,
          (select ${chatSessions.lineName} from ${chatSessions}
            where ${chatSessions.organizationId} = ${scope.organizationId} and ${chatSessions.lineId} = r.line_id
              and ${chatSessions.lineName} is not null limit 1) as name
        from (select ${aiResults.lineId} as line_id, count(*) as results, avg(${aiResults.aiScore}) as avg
              from ${aiResults} where ${w} and ${aiResults.lineId} is not null group by 1) r
        order by r.results desc, r.line_id limit 20`,
  );
  const groups = await rows(
    db,
    sql`select r.group_id, r.results, r.avg, g.name
        from (select gid as group_id, count(*) as results, avg(${aiResults.aiScore}) as avg
              from ${aiResults} cross join lateral unnest(${aiResults.groupIds}) as gid where ${w} group by 1) r
        left join ${csGroups} g on g.organization_id = ${scope.organizationId} and g.id = r.group_id
        order by r.results desc, r.group_id limit 20`,
  );
  const rules = await rows(
    db,
    sql`select (rule->>'ruleId')::bigint as rule_id, max(rule->>'ruleName') as name, count(*) as results
        from ${aiResults} cross join lateral jsonb_array_elements(${aiResults.resultRules}) as rule
        where ${w} group by 1 order by 3 desc, 1 limit ${OVERVIEW_TOP}`,
  );
  const ruleKeys = rules.map((r) => num(r.rule_id));
  const ruleTrend =
    ruleKeys.length === 0
      ? []
      : await rows(
          db,
          sql`select (rule->>'ruleId')::bigint as rule_id, ${bucket} as bucket, count(*) as results
              from ${aiResults} cross join lateral jsonb_array_elements(${aiResults.resultRules}) as rule
              where ${w} and (rule->>'ruleId')::bigint in (${sql.join(
                ruleKeys.map((k) => sql`${k}`),
                sql`, `,
              )})
              group by 1, 2 order by 2`,
        );
  const agents = await rows(
    db,
    sql`select ${aiResults.agentId} as agent_id, max(${aiResults.agentName}) as name, max(${aiResults.agentNick}) as nick,
          count(*) as results, avg(${aiResults.aiScore}) as avg, count(*) filter (where ${aiResults.isVeto}) as vetoes
        from ${aiResults} where ${w} and ${aiResults.agentId} is not null
        group by 1 having count(*) >= ${OVERVIEW_MIN_RESULTS}
        order by 5 asc, 6 desc, 1 limit ${OVERVIEW_TOP}`,
  );
  const [agreement] = await rows(
    db,
    sql`select count(*) as pairs, avg(abs(${aiResults.aiScore} - m.manual_score)) as diff,
          case when count(*) >= 3 then corr(${aiResults.aiScore}, m.manual_score) end as corr
        from ${aiResults} join ${manualResults} m on m.session_ref = ${aiResults.sessionRef}
          and m.organization_id = ${scope.organizationId} and m.deleted = 'NONE'
          and m.manual_status = 'CHECKED' and m.manual_score is not null
        where ${w}`,
  );

  return {
    totals: {
      results: all,
      avgScore: meanOf(totals?.avg),
      vetoes: num(totals?.vetoes),
      complaints: num(totals?.complaints),
      reviews: num(totals?.reviews),
    },
    trend: trend.map((r) => ({
      bucket: String(r.bucket),
      results: num(r.results),
      avgScore: meanOf(r.avg),
      vetoes: num(r.vetoes),
    })),
    distribution: bins.map((r) => ({ from: num(r.bin), to: num(r.bin) + OVERVIEW_BIN, results: num(r.results) })),
    lines: lines.map((r) => ({
      lineId: String(r.line_id),
      lineName: textOf(r.name),
      results: num(r.results),
      avgScore: meanOf(r.avg),
    })),
    groups: groups.map((r) => ({
      groupId: String(r.group_id),
      groupName: textOf(r.name),
      results: num(r.results),
      avgScore: meanOf(r.avg),
    })),
    topRules: rules.map((r) => ({
      ruleId: String(r.rule_id),
      ruleName: String(r.name ?? r.rule_id),
      results: num(r.results),
      share: all === 0 ? 0 : num(r.results) / all,
      trend: ruleTrend
        .filter((t) => num(t.rule_id) === num(r.rule_id))
        .map((t) => ({ bucket: String(t.bucket), results: num(t.results) })),
    })),
    lowAgents: agents.map((r) => ({
      agentId: String(r.agent_id),
      agentName: textOf(r.name),
      agentNick: textOf(r.nick),
      results: num(r.results),
      avgScore: meanOf(r.avg),
      vetoes: num(r.vetoes),
    })),
    agreement: {
      pairs: num(agreement?.pairs),
      meanAbsDiff: meanOf(agreement?.diff),
      correlation: meanOf(agreement?.corr),
    },
  };
}
