import { OVERVIEW_BIN, OVERVIEW_MIN_RESULTS, OVERVIEW_TOP, type QcOverview } from '@qcdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../crud/entity-table.js';
import { qcRules } from '../../../db/schema/qc-config.js';
import { chatSessions } from '../../../db/schema/sessions.js';

export type Row = Record<string, unknown>;

/**
 * The overview's figures as rows, before ranking and naming: what the live queries (overview-queries.ts) and the
 * daily rollup (overview-rollup.ts) both produce, so the two can be compared row for row.
 */
export interface FigureRows {
  /** results, avg, vetoes, complaints, reviews */
  readonly totals: Row | undefined;
  /** … per bucket */
  readonly trend: readonly Row[];
  /** bin, results */
  readonly bins: readonly Row[];
  /** line_id, results, avg */
  readonly lines: readonly Row[];
  /** agent_id, results, avg, vetoes, name, nick */
  readonly agents: readonly Row[];
  /** group_id, results, avg, name (the 20 largest) */
  readonly groups: readonly Row[];
  /** rule_id, results */
  readonly rules: readonly Row[];
  /** rule_id, bucket, results */
  readonly ruleTrend: readonly Row[];
  /** pairs, diff, corr */
  readonly agreement: Row | undefined;
}

/** Both drivers answer `{rows}`; numbers may come as text (bigint, numeric), so each is read with `num`. */
export async function rows(db: Queryable, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
export const num = (v: unknown): number => Number(v ?? 0);
const meanOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Orders by a number descending, then by an id (as a number) ascending. */
const byMost = (key: string, id: string) => (a: Row, b: Row) => num(b[key]) - num(a[key]) || num(a[id]) - num(b[id]);
const sorted = (list: readonly Row[], order: (a: Row, b: Row) => number): Row[] => [...list].sort(order);
const byBucket = (a: Row, b: Row) => String(a.bucket).localeCompare(String(b.bucket));

/** The figures ranked, cut to their top rows and named: lines by a session's line name, rules by the rule's name. */
export async function assembleOverview(
  db: Queryable,
  organizationId: number,
  f: FigureRows,
): Promise<Omit<QcOverview, 'timeFrom' | 'timeTo'>> {
  const all = num(f.totals?.results);
  const lines = sorted(
    f.lines.filter((r) => r.line_id !== null),
    byMost('results', 'line_id'),
  ).slice(0, 20);
  const agents = sorted(
    f.agents.filter((r) => r.agent_id !== null && num(r.results) >= OVERVIEW_MIN_RESULTS),
    (a, b) => num(a.avg) - num(b.avg) || num(b.vetoes) - num(a.vetoes) || num(a.agent_id) - num(b.agent_id),
  ).slice(0, OVERVIEW_TOP);
  const rules = sorted(f.rules, byMost('results', 'rule_id')).slice(0, OVERVIEW_TOP);
  const [lineNames, ruleNames] = await Promise.all([
    // one session's name per line, found through (organisation, line) of the index, not by reading every session
    namesOf(
      db,
      sql`select l.id, (select ${chatSessions.lineName} from ${chatSessions}
            where ${chatSessions.organizationId} = ${organizationId} and ${chatSessions.lineId} = l.id
              and ${chatSessions.lineName} is not null limit 1) as name
          from unnest(array[`,
      lines.map((r) => num(r.line_id)),
      sql`]::bigint[]) as l(id)`,
    ),
    namesOf(
      db,
      sql`select ${qcRules.id} as id, ${qcRules.name} as name from ${qcRules}
          where ${qcRules.organizationId} = ${organizationId} and ${qcRules.id} in `,
      rules.map((r) => num(r.rule_id)),
    ),
  ]);

  return {
    totals: {
      results: all,
      avgScore: meanOf(f.totals?.avg),
      vetoes: num(f.totals?.vetoes),
      complaints: num(f.totals?.complaints),
      reviews: num(f.totals?.reviews),
    },
    trend: sorted(f.trend, byBucket).map((r) => ({
      bucket: String(r.bucket),
      results: num(r.results),
      avgScore: meanOf(r.avg),
      vetoes: num(r.vetoes),
    })),
    distribution: sorted(f.bins, (a, b) => num(a.bin) - num(b.bin)).map((r) => ({
      from: num(r.bin),
      to: num(r.bin) + OVERVIEW_BIN,
      results: num(r.results),
    })),
    lines: lines.map((r) => ({
      lineId: String(r.line_id),
      lineName: lineNames.get(num(r.line_id)) ?? null,
      results: num(r.results),
      avgScore: meanOf(r.avg),
    })),
    groups: f.groups.map((r) => ({
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
      trend: sorted(
        f.ruleTrend.filter((t) => num(t.rule_id) === num(r.rule_id)),
        byBucket,
      ).map((t) => ({ bucket: String(t.bucket), results: num(t.results) })),
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
      pairs: num(f.agreement?.pairs),
      meanAbsDiff: meanOf(f.agreement?.diff),
      correlation: meanOf(f.agreement?.corr),
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
