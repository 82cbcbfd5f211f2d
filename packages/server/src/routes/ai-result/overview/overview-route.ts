import { type QcOverviewQuery, qcOverviewQuerySchema, qcOverviewSchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { dbId } from '../../../crud/ids.js';
import { defineRoute } from '../../../http/define-route.js';
import { quickDateRange } from '../../../http/quick-date.js';
import type { RequestAuth } from '../../../http/request-auth.js';
import { formatTime } from '../../../http/time-zone.js';
import { aiResultWhere } from '../ai-result-filter.js';
import { assembleOverview } from './overview-figures.js';
import { liveFigureRows } from './overview-queries.js';
import { rollupFigureRows } from './overview-rollup.js';

const DAY_MS = 86_400_000;

/** The period asked for, or the last 30 days (today and the 29 before) as the console's time zone counts them. */
export function overviewPeriod(
  q: QcOverviewQuery,
  timeZone: string,
  now = new Date(),
): { timeFrom: string; timeTo: string } {
  const range = quickDateRange('DAY30', now, timeZone)!;
  const day = (instant: Date) => formatTime(instant, timeZone)!.slice(0, 10);
  return {
    timeFrom: q.timeFrom ?? day(range.from),
    timeTo: q.timeTo ?? day(new Date(range.to.getTime() - DAY_MS)),
  };
}

/**
 * The period as whole days (a date alone, or from 00:00:00 to 23:59:59), which the daily rollup serves; null for a
 * period that cuts a day, which is counted from the results themselves.
 */
export function wholeDays(period: { timeFrom: string; timeTo: string }): { fromDay: string; toDay: string } | null {
  const from = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00)?)?$/.exec(period.timeFrom.trim());
  const to = /^(\d{4}-\d{2}-\d{2})(?:[ T]23:59:59)?$/.exec(period.timeTo.trim());
  return from && to ? { fromDay: from[1]!, toDay: to[1]! } : null;
}

/**
 * /v3/chats/ai-result/overview (beyond the spec): the QC overview, from the AI results the caller may see (an agent
 * his own), filtered as the AI result list filters, so that each figure clicks through to that list.
 */
export async function overviewRoute(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/ai-result/overview',
      body: qcOverviewQuerySchema,
      summary:
        'QC overview: totals, score trend by day or week, score distribution, lines, groups, most-hit rules, lowest agents, AI–manual agreement',
      response: qcOverviewSchema,
      tags: ['ai-result'],
    },
    async ({ body, auth }) => overview(body, auth),
  );

  async function overview(q: QcOverviewQuery, auth: RequestAuth) {
    const period = overviewPeriod(q, config.timeZone);
    const where = aiResultWhere(
      {
        deleted: 'NONE',
        timeby: 'createTime',
        schemeId: q.schemeId,
        lineId: q.lineId,
        groupId: q.groupId,
        agentId: q.agentId,
        ...period,
      },
      auth,
      config.timeZone,
    );
    const scope = { organizationId: auth.organizationId, where, bucket: q.bucket, timeZone: config.timeZone };
    const days = wholeDays(period);
    const key = (id: string | undefined) => (id ? (dbId(id) ?? 0) : undefined);
    const figures =
      days === null
        ? await liveFigureRows(db, scope)
        : await rollupFigureRows(db, {
            ...scope,
            ...days,
            schemeId: key(q.schemeId),
            lineId: key(q.lineId),
            groupId: key(q.groupId),
            agentIds: [auth.agentId ?? undefined, key(q.agentId)].filter((id) => id !== undefined),
          });
    return { ...period, ...(await assembleOverview(db, auth.organizationId, figures)) };
  }
}
