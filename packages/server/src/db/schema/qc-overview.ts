import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The QC overview's daily rollup of AI results (live ones only), so the home page reads thousands of rows, not a
 * million. A row is one (day, scheme, line, agent, groups) of an organisation, the day as the console's time zone
 * counts it (`time_zone`). Rows are never adjusted in place: a trigger on ai_results marks the days a write touched
 * (ai_result_dirty_days) and the overview rebuilds those days from ai_results before it reads (overview-rollup.ts).
 */
const rollupKey = {
  organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  schemeId: bigint('scheme_id', { mode: 'number' }).notNull(),
  lineId: bigint('line_id', { mode: 'number' }),
  agentId: bigint('agent_id', { mode: 'number' }),
  groupIds: bigint('group_ids', { mode: 'number' }).array().notNull(),
};

export const aiResultDays = pgTable(
  'ai_result_days',
  {
    ...rollupKey,
    results: integer('results').notNull(),
    /** results with a score, and their sum: the mean is score_sum / scored */
    scored: integer('scored').notNull(),
    scoreSum: doublePrecision('score_sum').notNull(),
    vetoes: integer('vetoes').notNull(),
    complaints: integer('complaints').notNull(),
    reviews: integer('reviews').notNull(),
    agentName: text('agent_name'),
    agentNick: text('agent_nick'),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [index('ai_result_days_org_day_idx').on(t.organizationId, t.day)],
);

/** Results per score bin of a rollup key (the overview's distribution). */
export const aiResultDayBins = pgTable(
  'ai_result_day_bins',
  { ...rollupKey, bin: doublePrecision('bin').notNull(), results: integer('results').notNull() },
  (t) => [index('ai_result_day_bins_org_day_idx').on(t.organizationId, t.day)],
);

/** Results a rule hit, per rollup key (the overview's rule ranking and its trend). */
export const aiResultDayRules = pgTable(
  'ai_result_day_rules',
  {
    ...rollupKey,
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    results: integer('results').notNull(),
  },
  (t) => [index('ai_result_day_rules_org_day_idx').on(t.organizationId, t.day)],
);

/**
 * Days (UTC dates of session starts) whose AI results changed since the rollup last read them; filled by the
 * statement triggers of migration 0012 on every insert, update and delete of ai_results.
 */
export const aiResultDirtyDays = pgTable(
  'ai_result_dirty_days',
  {
    organizationId: bigint('organization_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);
