import { type DeleteBody, defaultScoreOnlineConfig, type ScoreConfig, scoreConfigContract } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import { dbId, dbIds } from '../../crud/ids.js';
import { usersShown } from '../../crud/in-use.js';
import type { RowOf } from '../../crud/rows.js';
import { csLines, scoreConfigs } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { linesBinding } from '../cs-line/lines-binding.js';

type ScoreConfigRow = RowOf<typeof scoreConfigs>;

/**
 * Satisfaction configs (online-service-config §2.8, §3.8, §7): the contract's page, list, detail, create, change,
 * status and delete, with the trash. The body's onlineConfig is checked by the contract (feedbackRequired cleared,
 * auto-send or manual-send on, positive above negative, five replies); a create without it starts from the default
 * survey and a change without it keeps the stored one. The type is fixed at creation.
 */
export async function scoreConfigRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, scoreConfigContract, {
    table: scoreConfigs,
    keywordColumns: [scoreConfigs.name],
    where: (filter, auth) => [
      filter.status ? eq(scoreConfigs.status, filter.status) : undefined,
      // the config a line binds (none for a line of another organisation or an id that cannot be one)
      filter.lineId
        ? inArray(
            scoreConfigs.id,
            app.deps.db
              .select({ id: csLines.scoreConfigId })
              .from(csLines)
              .where(and(eq(csLines.organizationId, auth.organizationId), eq(csLines.id, dbId(filter.lineId) ?? 0))),
          )
        : undefined,
    ],
    records: scoreConfigRecords,
    summaries: {
      page: 'satisfaction configs, a page at a time (keyword on name, status, lineId: the config that line binds, deleted), with the live lines binding each',
      detail: 'one satisfaction config (configId) with its survey (onlineConfig) and the live lines binding it',
    },
    save: {
      summary:
        'save a satisfaction config: name required (≤ 100), type ONLINE, validDays 1, 3 or 7 (default 3), agentVisible (default false); onlineConfig needs all five scene replies (≤ 200), tags ≤ 50, positiveScore above negativeScore, auto-send or manual-send; feedbackRequired is kept only with feedback and resolved',
      values: (body, { stored }) => ({
        name: body.name,
        // read-only once created (spec §3.8)
        type: stored?.type ?? body.type,
        validDays: body.validDays,
        agentVisible: body.agentVisible,
        onlineConfig: body.onlineConfig ?? stored?.onlineConfig ?? defaultScoreOnlineConfig(),
      }),
    },
    status: { summary: 'switch satisfaction configs on (ACTIVE) or off (INACTIVE), several at once' },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseConfigsInUse(context, body);
      },
    },
  });
}

/** Rows → records: the live lines binding each config, in one query a page. */
export async function scoreConfigRecords(
  rows: ScoreConfigRow[],
  { db, auth, timeZone }: EntityContext,
): Promise<ScoreConfig[]> {
  const lines = await linesBinding(
    db,
    auth.organizationId,
    'scoreConfig',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    type: row.type,
    status: row.status,
    validDays: row.validDays,
    agentVisible: row.agentVisible,
    onlineConfig: row.onlineConfig,
    lines: lines.get(row.id) ?? [],
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}

/**
 * A config its live lines still survey with cannot go to the trash: their surveys would stop. The caller is told
 * which lines to give another config first.
 */
async function refuseConfigsInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
  const keys = dbIds(body.ids);
  const used = await linesBinding(db, auth.organizationId, 'scoreConfig', keys);
  const index = keys.findIndex((key) => used.has(key));
  if (index < 0) return;
  const [config] = await db
    .select({ name: scoreConfigs.name })
    .from(scoreConfigs)
    .where(and(eq(scoreConfigs.id, keys[index]!), eq(scoreConfigs.organizationId, auth.organizationId)));
  const { shown, zhMore, enMore } = usersShown(
    used.get(keys[index]!)!.map((line) => line.lineName),
    '条线路',
  );
  const name = config?.name ?? body.ids[index]!;
  throw new ApiError(
    400,
    'SCORE_CONFIG_IN_USE',
    `满意度配置“${name}”仍被服务线路 ${shown.join('、')}${zhMore} 使用，请先为这些线路更换满意度配置再删除`,
    `Satisfaction config "${name}" is still used by the lines ${shown.join(', ')}${enMore}; give them another satisfaction config first`,
    `ids[${index}]`,
  );
}
