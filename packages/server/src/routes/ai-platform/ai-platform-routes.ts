import { type AiPlatformSave, aiPlatformContract, type DeleteBody, maskApiKey } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import { dbIds } from '../../crud/ids.js';
import { usersShown } from '../../crud/in-use.js';
import type { RowOf } from '../../crud/rows.js';
import { aiPlatforms, chatbots } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { classifyRoute } from './classify-route.js';

type PlatformRow = RowOf<typeof aiPlatforms>;

/**
 * AI platforms (online-service-config §2.6): the contract's page, list, detail, create, change and delete, with the
 * trash. The API key is written but never read back: every answer carries its masked form.
 */
export async function aiPlatformRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, aiPlatformContract, {
    table: aiPlatforms,
    keywordColumns: [aiPlatforms.name, aiPlatforms.outerId],
    where: (filter) => [filter.provider ? eq(aiPlatforms.provider, filter.provider) : undefined],
    records: (rows, { timeZone }) => Promise.resolve(rows.map((row) => platformRecord(row, timeZone))),
    summaries: {
      page: 'AI platforms, a page at a time (keyword on name or outerId, provider, deleted); API keys masked',
      detail: 'one AI platform (platformId); its API key masked as sk-****abcd',
    },
    save: {
      summary:
        'save an AI platform: baseUrl (http/https) required unless BUILTIN; apiKey absent or masked keeps the stored key, null clears it',
      values: (body, { stored }) => ({
        name: body.name,
        outerId: body.outerId ?? null,
        provider: body.provider,
        baseUrl: body.baseUrl ?? null,
        apiKey: keptApiKey(body, stored?.apiKey ?? null),
      }),
    },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refusePlatformsInUse(context, body);
      },
    },
  });
  classifyRoute(app);
}

/**
 * The key a save leaves stored: the body's, unless it is absent or exactly the masked form of the stored key (the
 * form shows the mask and sends back what it shows); null or '' clears it.
 */
export function keptApiKey(body: Pick<AiPlatformSave, 'apiKey'>, stored: string | null): string | null {
  if (body.apiKey === undefined) return stored;
  if (body.apiKey === null) return null;
  if (stored !== null && body.apiKey === maskApiKey(stored)) return stored;
  return body.apiKey;
}

/** A row as answered: the key masked. */
export function platformRecord(row: PlatformRow, timeZone: string) {
  return {
    id: String(row.id),
    name: row.name,
    outerId: row.outerId,
    provider: row.provider,
    baseUrl: row.baseUrl,
    apiKey: maskApiKey(row.apiKey),
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  };
}

/**
 * A platform its live chatbots still call cannot go to the trash: the bots would answer from nothing. The caller is
 * told which bots to move first.
 */
async function refusePlatformsInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
  const keys = dbIds(body.ids);
  const uses = await db
    .select({ platformId: chatbots.platformId, platformName: aiPlatforms.name, botName: chatbots.name })
    .from(chatbots)
    .innerJoin(aiPlatforms, eq(aiPlatforms.id, chatbots.platformId))
    .where(
      and(
        inArray(chatbots.platformId, keys),
        eq(chatbots.organizationId, auth.organizationId),
        eq(chatbots.deleted, 'NONE'),
      ),
    )
    .orderBy(chatbots.id);
  const first = uses[0];
  if (first === undefined) return;
  const bots = uses.filter((u) => u.platformId === first.platformId).map((u) => u.botName);
  const { shown, zhMore, enMore } = usersShown(bots, '个');
  throw new ApiError(
    400,
    'PLATFORM_IN_USE',
    `AI 平台“${first.platformName}”仍被机器人 ${shown.join('、')}${zhMore} 使用，请先为它们换一个平台再删除`,
    `AI platform "${first.platformName}" is still used by the chatbots ${shown.join(', ')}${enMore}; move them to another platform first`,
    `ids[${keys.indexOf(first.platformId!)}]`,
  );
}
