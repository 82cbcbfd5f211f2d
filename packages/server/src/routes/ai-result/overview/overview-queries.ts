import { OVERVIEW_BIN, type OverviewBucket } from '@qcdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../crud/entity-table.js';
import { csGroups } from '../../../db/schema/desk-staffing.js';
import { aiResults, manualResults } from '../../../db/schema/qc-results.js';
import { type FigureRows, num, rows } from './overview-figures.js';

/** What every figure reads: the results the filter keeps, and how their session starts fall into days or weeks. */
export interface OverviewScope {
  readonly organizationId: number;
  /** the AI results counted (aiResultWhere) */
  readonly where: SQL;
  readonly bucket: OverviewBucket;
  readonly timeZone: string;
}

/** The first day of the session's day or week (weeks start on Monday), in the console's time zone. */
function bucketOf(scope: OverviewScope): SQL {
  const unit = scope.bucket === 'WEEK' ? sql.raw(`'week'`) : sql.raw(`'day'`);
  return sql`to_char(date_trunc(${unit}, ${aiResults.sessionBeginTime} at time zone ${scope.timeZone}), 'YYYY-MM-DD')`;
}

/** A score's bin: 10-point bins, with a score of exactly 100 in the last bin [90, 100]. */
export const binOf = (score: SQL) =>
  sql`(floor(${score} / ${OVERVIEW_BIN}) * ${OVERVIEW_BIN} - case when ${score} = 100 then ${OVERVIEW_BIN} else 0 end)`;

/** The grouping set a row of the main query belongs to: GROUPING(bucket, bin, line, agent), 1 for each left out. */
const SET = { totals: 15, trend: 7, bins: 11, lines: 13, agents: 14 } as const;

/**
 * The figures read from the AI results themselves, in four scans: one GROUPING SETS query for the totals, the trend,
 * the score bins, the lines and the agents; one for the groups (unnested), one for the rules and their trend
 * (rule_ids unnested), and the agreement with manual scores. They run side by side (a PostgreSQL pool gives each its
 * connection). Any period works; whole days are served faster by the rollup (overview-rollup.ts).
 */
export async function liveFigureRows(db: Queryable, scope: OverviewScope): Promise<FigureRows> {
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
        from (select ${bucket} as bucket, ${binOf(sql`${aiResults.aiScore}`)} as bin, ${aiResults.lineId} as line_id,
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
  const [main, groups, ruleRows, agreement] = await Promise.all([mainQ, groupsQ, rulesQ, agreementRow(db, scope)]);
  const set = (g: number) => main.filter((r) => num(r.g) === g);
  return {
    totals: set(SET.totals)[0],
    trend: set(SET.trend),
    bins: set(SET.bins),
    lines: set(SET.lines),
    agents: set(SET.agents),
    groups,
    rules: ruleRows.filter((r) => num(r.g) === 1),
    ruleTrend: ruleRows.filter((r) => num(r.g) === 0),
    agreement,
  };
}

/** AI score against the manual score of the same session, over the scope's results. */
export async function agreementRow(db: Queryable, scope: OverviewScope) {
  const [row] = await rows(
    db,
    sql`select count(*) as pairs, avg(abs(${aiResults.aiScore} - m.manual_score)) as diff,
          case when count(*) >= 3 then corr(${aiResults.aiScore}, m.manual_score) end as corr
        from ${aiResults} join ${manualResults} m on m.session_ref = ${aiResults.sessionRef}
          and m.organization_id = ${scope.organizationId} and m.deleted = 'NONE'
          and m.manual_status = 'CHECKED' and m.manual_score is not null
        where ${scope.where}`,
  );
  return row;
}
