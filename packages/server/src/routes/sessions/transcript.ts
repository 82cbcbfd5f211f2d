import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { chatMessages, type chatSessions } from '../../db/schema/sessions.js';
import { messageRecord, sessionRecord } from './session-record.js';

/** messages a detail carries at most (the transcript pages further through /message/query) */
const DETAIL_MESSAGES = 1000;

/** What every result and complaint detail shows beside the record: the session panel and its messages. */
export async function sessionPanel(db: Database, session: typeof chatSessions.$inferSelect, timeZone: string) {
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionRef, session.id))
    .orderBy(asc(chatMessages.seq))
    .limit(DETAIL_MESSAGES);
  return {
    session: sessionRecord(session, timeZone),
    messages: messages.map((m) => messageRecord(m, timeZone)),
    messageTotal: session.messageCount,
  };
}
