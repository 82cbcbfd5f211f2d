import { eq, type SQL } from 'drizzle-orm';
import { chatSessions } from '../../db/schema/sessions.js';
import type { RequestAuth } from '../../http/request-auth.js';

/** An agent reads only the sessions he served; everyone else every session of the organisation. */
export function ownSessions(auth: RequestAuth): SQL | undefined {
  return auth.agentId === null ? undefined : eq(chatSessions.agentId, auth.agentId);
}
