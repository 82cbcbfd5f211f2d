/**
 * The QC overview (beyond the spec): how the desk is doing over a period, for one AI scheme or all, from the AI
 * results. `/v3/chats/ai-result/overview` answers it; every figure names the result-list filter it clicks through to.
 */
import { z } from 'zod';
import { filter, idSchema } from '../fields.js';
import { timeOrder, timeRangeShape } from './common.js';

export const OVERVIEW_BUCKETS = ['DAY', 'WEEK'] as const;
export type OverviewBucket = (typeof OVERVIEW_BUCKETS)[number];
/** how many rows the rankings answer */
export const OVERVIEW_TOP = 10;
/** an agent is ranked only with at least this many results (one bad session is no verdict) */
export const OVERVIEW_MIN_RESULTS = 3;
/** the score distribution's bins are this wide */
export const OVERVIEW_BIN = 10;

export const qcOverviewQuerySchema = z
  .object({
    schemeId: filter(idSchema),
    lineId: filter(idSchema),
    groupId: filter(idSchema),
    agentId: filter(idSchema),
    /** session start from / to ('YYYY-MM-DD' or with a time, in the console's time zone); absent: the last 30 days */
    ...timeRangeShape,
    bucket: z.enum(OVERVIEW_BUCKETS).default('DAY'),
  })
  .superRefine((f, ctx) => timeOrder(f.timeFrom, f.timeTo, ctx));
export type QcOverviewQuery = z.infer<typeof qcOverviewQuerySchema>;

const count = z.number().int().min(0);
/** null where there is nothing to average */
const mean = z.number().nullable();

export const qcOverviewSchema = z.object({
  /** the period the figures cover, as the result list's timeFrom / timeTo take it */
  timeFrom: z.string(),
  timeTo: z.string(),
  totals: z.object({
    results: count,
    avgScore: mean,
    vetoes: count,
    /** results an agent complained about */
    complaints: count,
    /** results re-inspected */
    reviews: count,
  }),
  /** one row per day or week (its first day, 'YYYY-MM-DD'), oldest first; days without results are absent */
  trend: z.array(z.object({ bucket: z.string(), results: count, avgScore: mean, vetoes: count })),
  /** results per score bin [from, to), the last bin closed */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), results: count })),
  lines: z.array(z.object({ lineId: z.string(), lineName: z.string().nullable(), results: count, avgScore: mean })),
  groups: z.array(z.object({ groupId: z.string(), groupName: z.string().nullable(), results: count, avgScore: mean })),
  /** the rules that hit the most results, each with its hits per bucket (same buckets as `trend`) */
  topRules: z.array(
    z.object({
      ruleId: z.string(),
      ruleName: z.string(),
      results: count,
      /** share of all results in the period, 0..1 */
      share: z.number(),
      trend: z.array(z.object({ bucket: z.string(), results: count })),
    }),
  ),
  /** agents with the lowest average score (at least OVERVIEW_MIN_RESULTS results), then most vetoes */
  lowAgents: z.array(
    z.object({
      agentId: z.string(),
      agentName: z.string().nullable(),
      agentNick: z.string().nullable(),
      results: count,
      avgScore: mean,
      vetoes: count,
    }),
  ),
  /** AI score against the manual score of the same session, where an inspector assessed it */
  agreement: z.object({
    pairs: count,
    /** mean |AI − manual| */
    meanAbsDiff: mean,
    /** Pearson correlation; null below 3 pairs or with no spread */
    correlation: mean,
  }),
});
export type QcOverview = z.infer<typeof qcOverviewSchema>;
