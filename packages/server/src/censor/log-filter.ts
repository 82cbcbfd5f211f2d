import type { CensorLogFilter } from '@qcdesk/contracts';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { dbId } from '../crud/ids.js';
import { escapeLike } from '../crud/keyword.js';
import { censorLogs } from '../db/schema/censor-log.js';
import { chatSessions } from '../db/schema/sessions.js';
import type { RequestAuth } from '../http/request-auth.js';
import { timeFilter } from '../http/time-filter.js';

/** The log's filters as one condition, shared by its page and its export (which exports what the page shows). */
export function censorLogWhere(auth: RequestAuth, f: CensorLogFilter, timeZone: string): SQL {
  const like = f.keyword ? `%${escapeLike(f.keyword)}%` : null;
  return and(
    eq(censorLogs.organizationId, auth.organizationId),
    // an id that cannot be a line matches nothing
    eq(censorLogs.lineId, dbId(f.lineId) ?? 0),
    // the text as sent, or a word as the library spells it (a match may differ from it: `傻*逼` for 傻逼)
    like === null
      ? undefined
      : or(ilike(censorLogs.text, like), sql`array_to_string(${censorLogs.censorWords}, ' ') ilike ${like}`),
    f.censorBanId ? eq(censorLogs.censorBanId, dbId(f.censorBanId) ?? 0) : undefined,
    f.senderRole ? eq(censorLogs.senderRole, f.senderRole) : undefined,
    f.sessionId ? eq(censorLogs.sessionId, f.sessionId) : undefined,
    ...timeFilter(censorLogs.sendTime, f, timeZone),
    ownLog(auth),
  )!;
}

/** An agent reads the log of the sessions he served only, as everywhere else sessions show. */
function ownLog(auth: RequestAuth): SQL | undefined {
  if (auth.agentId === null) return undefined;
  return sql`exists (select 1 from ${chatSessions} where ${chatSessions.organizationId} = ${censorLogs.organizationId} and ${chatSessions.sessionId} = ${censorLogs.sessionId} and ${chatSessions.agentId} = ${auth.agentId})`;
}
