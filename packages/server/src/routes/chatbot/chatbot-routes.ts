import { type ChatbotSave, chatbotContract } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import type { RowOf } from '../../crud/rows.js';
import { aiPlatforms, chatbots } from '../../db/schema/index.js';
import { attachUploads } from '../../files/upload-lifetime.js';
import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';

type ChatbotRow = RowOf<typeof chatbots>;

/**
 * Chatbots (online-service-config §2.5): the contract's page, list, detail, create, change, status and delete, with
 * the trash. A bot's platform must be a live AI platform of the organisation; its name is read when answering, so a
 * renamed platform shows its new name.
 */
export async function chatbotRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, chatbotContract, {
    table: chatbots,
    keywordColumns: [chatbots.name, chatbots.nick],
    where: (filter) => [
      filter.outerId ? eq(chatbots.outerId, filter.outerId) : undefined,
      filter.platformId ? eq(chatbots.platformId, dbId(filter.platformId) ?? -1) : undefined,
      filter.mode ? eq(chatbots.mode, filter.mode) : undefined,
      filter.status ? eq(chatbots.status, filter.status) : undefined,
    ],
    records: chatbotRecords,
    summaries: {
      page: 'chatbots, a page at a time (keyword on name or nick, outerId, platformId, mode, status, deleted), with the platform name',
      detail: 'one chatbot (chatbotId) with its platform name, knowledge-base space ids and bound lines',
    },
    save: {
      summary:
        'save a chatbot: mode (default AI), name and nick required; platformId must be a live AI platform of the organisation',
      values: async (body, { tx, auth, stored }) => ({
        mode: body.mode,
        name: body.name,
        nick: body.nick,
        code: body.code ?? null,
        avatar: await avatarOf(tx, auth, body, stored?.avatar ?? null),
        outerId: body.outerId ?? null,
        platformId: await platformKey(tx, auth, body),
        // knowledge-base spaces do not exist yet: the ids are kept as given, without repeats
        spaceIds: [...new Set(body.spaceIds)],
      }),
    },
    status: { summary: 'switch chatbots on (ACTIVE) or off (INACTIVE), several at once' },
  });
}

/**
 * The avatar a save leaves: unchanged, or a new upload of the caller's, which is attached so the upload sweep keeps it
 * (anything else is 400 FILE_MISSING naming avatar).
 */
async function avatarOf(tx: Queryable, auth: RequestAuth, body: ChatbotSave, stored: string | null) {
  const avatar = body.avatar ?? null;
  if (avatar !== null && avatar !== stored) await attachUploads(tx, auth, [{ path: avatar, field: 'avatar' }]);
  return avatar;
}

/** The body's platform as a key: a platform of another organisation, in the trash or unknown is a 400 on platformId. */
async function platformKey(tx: Queryable, auth: RequestAuth, body: ChatbotSave): Promise<number | null> {
  if (body.platformId == null) return null;
  const key = dbId(body.platformId);
  const [platform] =
    key === null
      ? []
      : await tx
          .select({ id: aiPlatforms.id })
          .from(aiPlatforms)
          .where(
            and(
              eq(aiPlatforms.id, key),
              eq(aiPlatforms.organizationId, auth.organizationId),
              eq(aiPlatforms.deleted, 'NONE'),
            ),
          );
  if (platform === undefined)
    throw ApiError.of(400, 'INVALID_REFERENCE', 'bots.platform.unknown', { id: body.platformId }, 'platformId');
  return platform.id;
}

/** Rows → records: the platforms' names in one query a page; spaces by id only; no lines until lines exist. */
export async function chatbotRecords(rows: ChatbotRow[], { db, auth, timeZone }: EntityContext) {
  const keys = [...new Set(rows.map((row) => row.platformId).filter((key): key is number => key !== null))];
  const platforms =
    keys.length === 0
      ? []
      : await db
          .select({ id: aiPlatforms.id, name: aiPlatforms.name })
          .from(aiPlatforms)
          .where(and(eq(aiPlatforms.organizationId, auth.organizationId), inArray(aiPlatforms.id, keys)));
  const names = new Map(platforms.map((p) => [p.id, p.name]));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    nick: row.nick,
    code: row.code,
    status: row.status,
    avatar: row.avatar,
    mode: row.mode,
    outerId: row.outerId,
    platformId: row.platformId === null ? null : String(row.platformId),
    platformName: row.platformId === null ? null : (names.get(row.platformId) ?? null),
    spaceIds: row.spaceIds,
    spaces: row.spaceIds.map((spaceId) => ({ spaceId, spaceName: null })),
    lines: [],
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  }));
}
