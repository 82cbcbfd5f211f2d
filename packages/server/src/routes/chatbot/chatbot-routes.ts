import { type ChatbotSave, chatbotContract } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId, dbIds } from '../../crud/ids.js';
import type { RowOf } from '../../crud/rows.js';
import { aiPlatforms, chatbots } from '../../db/schema/index.js';
import { attachUploads } from '../../files/upload-lifetime.js';
import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { linesBinding } from '../cs-line/lines-binding.js';
import { liveSpaceNames, requireSpaces } from '../space/space-references.js';

type ChatbotRow = RowOf<typeof chatbots>;

/**
 * Chatbots (online-service-config §2.5): the contract's page, list, detail, create, change, status and delete, with
 * the trash. A bot's platform must be a live AI platform of the organisation and its spaces live knowledge bases
 * (CS_KB) of it; their names are read when answering, so a renamed platform or space shows its new name.
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
      detail: 'one chatbot (chatbotId) with its platform name, knowledge bases (names) and bound lines',
    },
    save: {
      summary:
        'save a chatbot: mode (default AI), name and nick required; platformId must be a live AI platform of the organisation, spaceIds live knowledge bases (CS_KB) of it',
      values: async (body, { tx, auth, stored }) => ({
        mode: body.mode,
        name: body.name,
        nick: body.nick,
        code: body.code ?? null,
        avatar: await avatarOf(tx, auth, body, stored?.avatar ?? null),
        outerId: body.outerId ?? null,
        platformId: await platformKey(tx, auth, body),
        spaceIds: await knowledgeBases(tx, auth, body.spaceIds),
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

/**
 * The knowledge bases a save keeps, without repeats, in the order given: each a live CS_KB space of the organisation,
 * else a 400 naming `spaceIds[i]`.
 */
async function knowledgeBases(tx: Queryable, auth: RequestAuth, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  await requireSpaces(tx, auth.organizationId, unique, 'CS_KB', (i) => `spaceIds[${ids.indexOf(unique[i]!)}]`);
  return unique;
}

/**
 * Rows → records: the platforms' and the spaces' names and the live lines using each bot, in one query each a page
 * (a space in the trash is left out).
 */
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
  const spaceNames = await liveSpaceNames(
    db,
    auth.organizationId,
    rows.flatMap((row) => dbIds(row.spaceIds)),
  );
  const lines = await linesBinding(
    db,
    auth.organizationId,
    'chatbot',
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const spaces = row.spaceIds.flatMap((spaceId) => {
      const spaceName = spaceNames.get(dbId(spaceId) ?? 0);
      return spaceName === undefined ? [] : [{ spaceId, spaceName }];
    });
    return {
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
      // the knowledge bases a form sends back: the live ones it shows
      spaceIds: spaces.map((space) => space.spaceId),
      spaces,
      lines: lines.get(row.id) ?? [],
      version: row.version,
      deleted: row.deleted,
      ...auditFields(row, timeZone),
    };
  });
}
