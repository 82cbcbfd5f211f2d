import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { qcTaskSessions } from '../db/schema/qc-tasks.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { createMissingStaff } from './create-missing-staff.js';
import { DatabaseUnavailableError, databaseReason, isRecordRefusal, isWorthRetrying } from './database-refusal.js';
import type { NormalizedSession } from './session-record.js';

/** A session to write and the line it came from (to report it if the database refuses it). */
export interface PendingSession {
  readonly line: number;
  readonly session: NormalizedSession;
}

/** A session the database would not keep, with the database's own short reason (never the statement). */
export interface RefusedSession {
  readonly line: number;
  readonly sessionId: string;
  readonly reason: string;
}

export interface WrittenSessions {
  created: number;
  updated: number;
  /** written with the same content as before */
  unchanged: number;
  refused: RefusedSession[];
}

/**
 * Writes a batch in one transaction. If the database refuses it for a reason no check foresaw, the batch is not
 * lost: each session is written again on its own, the refused ones are answered and the others kept. An error that
 * is no record's fault (connection, shutdown, missing table) throws DatabaseUnavailableError instead, so a database
 * that is down is not reported as thousands of bad records.
 */
export async function writeSessions(
  db: Database,
  organizationId: number,
  pending: readonly PendingSession[],
): Promise<WrittenSessions> {
  const out: WrittenSessions = { created: 0, updated: 0, unchanged: 0, refused: [] };
  const add = (written: { created: number; updated: number }, size: number) => {
    out.created += written.created;
    out.updated += written.updated;
    out.unchanged += size - written.created - written.updated;
  };
  if (pending.length === 0) return out;
  try {
    add(await writeBatch(db, organizationId, pending), pending.length);
    return out;
  } catch (error) {
    if (!isWorthRetrying(error)) throw unavailable(error);
  }
  for (const one of pending) {
    try {
      add(await writeBatch(db, organizationId, [one]), 1);
    } catch (error) {
      if (!isRecordRefusal(error)) throw unavailable(error);
      out.refused.push({ line: one.line, sessionId: one.session.session.sessionId, reason: databaseReason(error) });
    }
  }
  return out;
}

/** The import cannot go on: the database's trouble as DatabaseUnavailableError; a bug of ours stays what it is. */
function unavailable(error: unknown): unknown {
  const bug = error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError;
  return bug ? error : new DatabaseUnavailableError(databaseReason(error), { cause: error });
}

const sessionColumns = getTableColumns(chatSessions);
/** every imported column takes the new value on conflict */
const UPDATED_COLUMNS = Object.fromEntries(
  Object.entries(sessionColumns)
    .filter(([key]) => !['id', 'organizationId', 'sessionId', 'createTime'].includes(key))
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

async function writeBatch(
  db: Database,
  organizationId: number,
  pending: readonly PendingSession[],
): Promise<{ created: number; updated: number }> {
  const sessions = pending.map((p) => p.session);
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(chatSessions)
      .values(sessions.map((s) => ({ ...s.session, organizationId }) as typeof chatSessions.$inferInsert))
      .onConflictDoUpdate({
        target: [chatSessions.organizationId, chatSessions.sessionId],
        set: { ...UPDATED_COLUMNS, modifyTime: sql`now()` },
        setWhere: sql`${chatSessions.contentHash} <> excluded.content_hash`,
      })
      // xmax is 0 for a freshly inserted row and the locking transaction's id for an updated one
      .returning({ id: chatSessions.id, sessionId: chatSessions.sessionId, inserted: sql<boolean>`(xmax = 0)` });
    // the agents and groups the sessions name exist as records (created here when missing)
    await createMissingStaff(
      tx,
      organizationId,
      sessions.map((s) => s.session),
    );
    const bySessionId = new Map(sessions.map((s) => [s.session.sessionId, s]));
    const updatedRefs = rows.filter((r) => !r.inserted).map((r) => r.id);
    if (updatedRefs.length > 0) {
      await tx.delete(chatMessages).where(inArray(chatMessages.sessionRef, updatedRefs));
      // changed content is inspected again by every task that had it
      await tx
        .update(qcTaskSessions)
        .set({ state: 'PENDING', error: null, modifyTime: new Date() })
        .where(and(inArray(qcTaskSessions.sessionRef, updatedRefs)));
    }
    const messages = rows.flatMap((row) =>
      bySessionId.get(row.sessionId)!.messages.map((m) => ({ ...m, sessionRef: row.id, organizationId })),
    );
    for (let i = 0; i < messages.length; i += 2000) await tx.insert(chatMessages).values(messages.slice(i, i + 2000));
    return { created: rows.length - updatedRefs.length, updated: updatedRefs.length };
  });
}
