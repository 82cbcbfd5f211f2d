import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import type { EngineSession } from '../queue/evaluation.js';

export type SessionRow = typeof chatSessions.$inferSelect;

/** A session of a chunk: its row (for the result's copied columns) and what the engine reads. */
export interface LoadedSession {
  readonly row: SessionRow;
  readonly engine: EngineSession;
}

type EngineMessage = EngineSession['messages'][number];

/** The messages of the sessions `refs`, in order, by session row id (what the engine reads of each message). */
export async function loadMessages(
  db: Pick<Database, 'select'>,
  refs: readonly number[],
): Promise<Map<number, EngineMessage[]>> {
  const bySession = new Map<number, EngineMessage[]>();
  if (refs.length === 0) return bySession;
  const messages = await db
    .select({
      sessionRef: chatMessages.sessionRef,
      messageId: chatMessages.messageId,
      senderRole: chatMessages.senderRole,
      sendTime: chatMessages.sendTime,
      content: chatMessages.content,
    })
    .from(chatMessages)
    .where(inArray(chatMessages.sessionRef, [...refs]))
    .orderBy(asc(chatMessages.sessionRef), asc(chatMessages.seq));
  for (const { sessionRef, ...m } of messages) {
    const list = bySession.get(sessionRef);
    if (list === undefined) bySession.set(sessionRef, [m]);
    else list.push(m);
  }
  return bySession;
}

/** The sessions of `refs` with their messages in order, in the order of `refs` (missing ones left out). */
export async function loadSessions(db: Pick<Database, 'select'>, refs: readonly number[]): Promise<LoadedSession[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select()
    .from(chatSessions)
    .where(inArray(chatSessions.id, [...refs]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withMessages(
    db,
    refs.flatMap((ref) => byId.get(ref) ?? []),
  );
}

/** Sessions already read, with their messages in order, in the order given. */
export async function withMessages(
  db: Pick<Database, 'select'>,
  rows: readonly SessionRow[],
): Promise<LoadedSession[]> {
  const bySession = await loadMessages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const staff = row.agentId === null ? {} : { staffId: String(row.agentId) };
    return { row, engine: { sessionId: row.sessionId, ...staff, messages: bySession.get(row.id) ?? [] } };
  });
}
