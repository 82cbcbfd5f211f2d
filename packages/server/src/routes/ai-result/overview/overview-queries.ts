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
import { qcRules } from '../../../db/schema/qc-config.js';
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

/** The grouping set a row of the main query belongs to: GROUPING(bucket, bin, line, agent), 1 for each left out. */
const SET = { totals: 15, trend: 7, bins: 11, lines: 13, agents: 14 } as const;

/** Orders by a number descending, then by an id (as a number) ascending. */
const byMost = (key: string, id: string) => (a: Row, b: Row) => num(b[key]) - num(a[key]) || num(a[id]) - num(b[id]);

/**
 * Every figure of the overview but the period, in four scans of the scope's results: one GROUPING SETS query for the
 * totals, the trend, the score bins, the lines and the agents; one for the groups (unnested), one for the rules and
 * their trend (rule_ids unnested), one for the agreement with manual scores. They run side by side (a PostgreSQL pool
 * gives each its connection).
 */
export async function overviewFigures(
  db: Queryable,
  scope: OverviewScope,
): Promise<Omit<QcOverview, 'timeFrom' | 'timeTo'>> {
  const w = scope.where;
  const bucket = bucketOf(scope);
  const mainQ = rows(
    db,
    sql`select grouping(b.bucket, b.bin, b.line_id, b.agent_id) as g, b.bucket, b.bin, b.line_id, b.agent_id,
          count(*) as results, avg(b.ai_score) as avg,
          count(*) filter (where b.is_veto) as vetoes,
          count(*) filter (where b.is_complaint) as complaints,
          count(*) filter (where b.is_review) as reviews,
          max(b.agent_name) as name, max(b.agent_nick) as nick
        from (select ${bucket} as bucket, ${binOf} as bin, ${aiResults.lineId} as line_id,
                ${aiResults.agentId} as agent_id, ${aiResults.aiScore} as ai_score, ${aiResults.isVeto} as is_veto,
                ${aiResults.isComplaint} as is_complaint, ${aiResults.isReview} as is_review,
                ${aiResults.agentName} as agent_name, ${aiResults.agentNick} as agent_nick
              from ${aiResults} where ${w}) b
        group by grouping sets ((), (b.bucket), (b.bin), (b.line_id), (b.agent_id))`,
  );
  const groupsQ = rows(
    db,
    sql`select r.group_id, r.results, r.avg, g.name
        from (select gid as group_id, count(*) as results, avg(${aiResults.aiScore}) as avg
              from ${aiResults} cross join lateral unnest(${aiResults.groupIds}) as gid where ${w} group by 1) r
        left join ${csGroups} g on g.organization_id = ${scope.organizationId} and g.id = r.group_id
        order by r.results desc, r.group_id limit 20`,
  );
  const rulesQ = rows(
    db,
    sql`select grouping(r.bucket) as g, r.rule_id, r.bucket, count(*) as results
        from (select rid::bigint as rule_id, ${bucket} as bucket
              from ${aiResults} cross join lateral jsonb_array_elements_text(${aiResults.ruleIds}) as rid
              where ${w}) r
        group by grouping sets ((r.rule_id), (r.rule_id, r.bucket))`,
  );
  const agreementQ = rows(
    db,
    sql`select count(*) as pairs, avg(abs(${aiResults.aiScore} - m.manual_score)) as diff,
          case when count(*) >= 3 then corr(${aiResults.aiScore}, m.manual_score) end as corr
        from ${aiResults} join ${manualResults} m on m.session_ref = ${aiResults.sessionRef}
          and m.organization_id = ${scope.organizationId} and m.deleted = 'NONE'
          and m.manual_status = 'CHECKED' and m.manual_score is not null
        where ${w}`,
  );
  const [main, groups, ruleRows, [agreement]] = await Promise.all([mainQ, groupsQ, rulesQ, agreementQ]);

  const set = (g: number) => main.filter((r) => num(r.g) === g);
  const totals = set(SET.totals)[0];
  const all = num(totals?.results);
  const lines = set(SET.lines)
    .filter((r) => r.line_id !== null)
    .sort(byMost('results', 'line_id'))
    .slice(0, 20);
  const agents = set(SET.agents)
    .filter((r) => r.agent_id !== null && num(r.results) >= OVERVIEW_MIN_RESULTS)
    .sort((a, b) => num(a.avg) - num(b.avg) || num(b.vetoes) - num(a.vetoes) || num(a.agent_id) - num(b.agent_id))
    .slice(0, OVERVIEW_TOP);
  const rules = ruleRows
    .filter((r) => num(r.g) === 1)
    .sort(byMost('results', 'rule_id'))
    .slice(0, OVERVIEW_TOP);
  const [lineNames, ruleNames] = await Promise.all([
    // one session's name per line, found through (organisation, line) of the index, not by reading every session
    namesOf(
      db,
      sql`select l.id, (select ${chatSessions.lineName} from ${chatSessions}
            where ${chatSessions.organizationId} = ${scope.organizationId} and ${chatSessions.lineId} = l.id
              and ${chatSessions.lineName} is not null limit 1) as name
          from unnest(array[`,
      lines.map((r) => num(r.line_id)),
      sql`]::bigint[]) as l(id)`,
    ),
    namesOf(
      db,
      sql`select ${qcRules.id} as id, ${qcRules.name} as name from ${qcRules}
          where ${qcRules.organizationId} = ${scope.organizationId} and ${qcRules.id} in `,
      rules.map((r) => num(r.rule_id)),
    ),
  ]);

  return {
    totals: {
      results: all,
      avgScore: meanOf(totals?.avg),
      vetoes: num(totals?.vetoes),
      complaints: num(totals?.complaints),
      reviews: num(totals?.reviews),
    },
    trend: set(SET.trend)
      .sort((a, b) => String(a.bucket).localeCompare(String(b.bucket)))
      .map((r) => ({
        bucket: String(r.bucket),
        results: num(r.results),
        avgScore: meanOf(r.avg),
        vetoes: num(r.vetoes),
      })),
    distribution: set(SET.bins)
      .sort((a, b) => num(a.bin) - num(b.bin))
      .map((r) => ({ from: num(r.bin), to: num(r.bin) + OVERVIEW_BIN, results: num(r.results) })),
    lines: lines.map((r) => ({
      lineId: String(r.line_id),
      lineName: lineNames.get(num(r.line_id)) ?? null,
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
      ruleName: ruleNames.get(num(r.rule_id)) ?? String(r.rule_id),
      results: num(r.results),
      share: all === 0 ? 0 : num(r.results) / all,
      trend: ruleRows
        .filter((t) => num(t.g) === 0 && num(t.rule_id) === num(r.rule_id))
        .sort((a, b) => String(a.bucket).localeCompare(String(b.bucket)))
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

/** id → name from `query` completed with the ids (`… in (1, 2)`, or followed by `after`); no ids, no query. */
async function namesOf(db: Queryable, query: SQL, ids: number[], after?: SQL): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await rows(db, after === undefined ? sql`${query}(${list})` : sql`${query}${list}${after}`);
  return new Map(found.filter((r) => r.name !== null).map((r) => [num(r.id), String(r.name)]));
}
