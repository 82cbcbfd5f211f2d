import { type CensorBanSave, censorBanContract } from '@qcdesk/contracts';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { libraryMatchCounts } from '../../censor/library-matches.js';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import { type CensorScopesValue, censorBans, csAgents } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { censorBanRecord } from './censor-ban-record.js';
import { checkLibrary } from './check-library.js';

/**
 * Sensitive-word libraries: the contract's page, list, detail, create, change, status and remove. A new library
 * starts INACTIVE: an ABORT library blocks messages the moment it is on, so it is switched on deliberately.
 */
export async function censorBanRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, censorBanContract, {
    table: censorBans,
    where: (filter) => [
      filter.flag ? eq(censorBans.flag, filter.flag) : undefined,
      filter.status ? eq(censorBans.status, filter.status) : undefined,
      filter.keyword ? nameOrWord(filter.keyword) : undefined,
    ],
    // matches: the log records each library has (messages it matched at ingest and in rescans)
    records: async (rows, { db, auth, timeZone }) => {
      const counts = await libraryMatchCounts(
        db,
        auth.organizationId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...censorBanRecord(row, timeZone), matches: counts.get(row.id) ?? 0 }));
    },
    summaries: {
      page: 'sensitive-word libraries, a page at a time (flag = the tab, keyword on the name or any one word, status), newest change first, every word',
      detail: 'one library (banId) with its words, scopes and matching options',
    },
    save: {
      summary:
        'save a library: creates (INACTIVE) without id, changes with id and version; words trimmed, blanks and repeats dropped, none kept for SYS_WORDS; the engine compiles it before it is stored',
      values: async (body, { tx, auth }) => {
        const words = body.tempType === 'SYS_WORDS' ? [] : body.words;
        await checkLibrary({ ...body, words }, body.options);
        return {
          name: body.name,
          operation: body.operation,
          flag: body.flag,
          tempType: body.tempType,
          words,
          scopes: await scopesOf(tx, auth, body),
          options: body.options,
        };
      },
    },
    status: { summary: 'switch libraries on (ACTIVE: they scan from then on) or off (INACTIVE), several at once' },
    delete: { summary: 'remove libraries for good (the log keeps their names in its own rows)' },
  });
}

/** The keyword in the name or in any one of the words, literally (`%` and `_` are characters). */
function nameOrWord(keyword: string) {
  const like = `%${escapeLike(keyword)}%`;
  return or(
    ilike(censorBans.name, like),
    sql`exists (select 1 from unnest(${censorBans.words}) as w(word) where w.word ilike ${like})`,
  );
}

/**
 * Scopes limit cs-agent libraries only (a customer is nobody's staff), so a cs-customer library keeps none, and no
 * scope at all is stored as null (everyone). The staff must be live agents of the organisation; their names are
 * read from the agents, not taken from the body, so the list shows who the library is really limited to.
 */
async function scopesOf(tx: Queryable, auth: RequestAuth, body: CensorBanSave): Promise<CensorScopesValue | null> {
  const scopes = body.scopes;
  if (body.flag !== 'cs-agent' || scopes === null || scopes === undefined) return null;
  const staffIds = [...new Set(scopes.staffIds)];
  const branchIds = [...new Set(scopes.branchIds)];
  if (staffIds.length === 0 && branchIds.length === 0) return null;
  const keys = staffIds.map((id) => dbId(id) ?? -1);
  const agents =
    keys.length === 0
      ? []
      : await tx
          .select({ id: csAgents.id, nick: csAgents.nick, name: csAgents.name })
          .from(csAgents)
          .where(
            and(
              eq(csAgents.organizationId, auth.organizationId),
              inArray(csAgents.id, keys),
              eq(csAgents.deleted, 'NONE'),
            ),
          );
  const byKey = new Map(agents.map((a) => [a.id, a]));
  const missing = keys.findIndex((key) => !byKey.has(key));
  if (missing >= 0)
    throw ApiError.of(
      400,
      'INVALID_REFERENCE',
      'desk.agent.unknown',
      { id: staffIds[missing]! },
      `scopes.staffIds[${scopes.staffIds.indexOf(staffIds[missing]!)}]`,
    );
  const staffNames = keys.map((key) => {
    const agent = byKey.get(key)!;
    return agent.name ?? agent.nick;
  });
  return { branchIds, staffIds, staffNames };
}
