import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type CensoredMessage, censorMessage, logRows, type MessagePlace } from '../censor/censor-message.js';
import { type OrgScanner, orgScanner } from '../censor/org-scanner.js';
import type { Database } from '../db/connect.js';
import { censorLogs } from '../db/schema/censor-log.js';
import { qcTaskSessions } from '../db/schema/qc-tasks.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { createMissingLines } from './create-missing-lines.js';
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
  // the organisation's sensitive-word libraries, checked for changes once a batch (null: it has none active)
  let censor: OrgScanner | null;
  try {
    censor = await orgScanner(db, organizationId);
  } catch (error) {
    throw unavailable(error);
  }
  try {
    add(await writeBatch(db, organizationId, pending, censor), pending.length);
    return out;
  } catch (error) {
    if (!isWorthRetrying(error)) throw unavailable(error);
  }
  for (const one of pending) {
    try {
      add(await writeBatch(db, organizationId, [one], censor), 1);
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
  censor: OrgScanner | null,
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
    // the agents, groups and lines the sessions name exist as records (created here when missing)
    await createMissingStaff(
      tx,
      organizationId,
      sessions.map((s) => s.session),
    );
    await createMissingLines(
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
    if (censor === null) {
      // no library of the organisation scans: a message keeps the censor fields the desk sent with it
      for (let i = 0; i < messages.length; i += 2000) await tx.insert(chatMessages).values(messages.slice(i, i + 2000));
    } else await writeCensoredMessages(tx, organizationId, messages, bySessionId, censor);
    return { created: rows.length - updatedRefs.length, updated: updatedRefs.length };
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type MessageRow = typeof chatMessages.$inferInsert & NormalizedSession['messages'][number] & { sessionRef: number };

/**
 * Writes messages scanned by the organisation's libraries: each keeps the scan's operation and words (none found:
 * none, whatever the desk sent), FUZZY ones also the content the customer side sees; every (message, library) match
 * becomes a row of the log, in the same transaction as its message.
 */
async function writeCensoredMessages(
  tx: Transaction,
  organizationId: number,
  messages: MessageRow[],
  bySessionId: ReadonlyMap<string, NormalizedSession>,
  censor: OrgScanner,
): Promise<void> {
  const censored = new Map<MessageRow, { place: MessagePlace; result: CensoredMessage }>();
  for (const m of messages) {
    const { session } = bySessionId.get(m.sessionId)!;
    const place = { lineId: session.lineId, lineName: session.lineName, agentId: session.agentId };
    const result = censorMessage(censor, m, place);
    m.censorOperation = result.censorOperation;
    m.censorWords = result.censorWords;
    m.maskedContent = result.maskedContent;
    if (result.hits.length > 0) censored.set(m, { place, result });
  }
  const logs: (typeof censorLogs.$inferInsert)[] = [];
  for (let i = 0; i < messages.length; i += 2000) {
    const chunk = messages.slice(i, i + 2000);
    const hits = chunk.filter((m) => censored.has(m));
    if (hits.length === 0) {
      await tx.insert(chatMessages).values(chunk);
      continue;
    }
    await tx.insert(chatMessages).values(chunk);
    // the ids of the messages with a match, read back by their sessions (an insert returning every row's id costs
    // more, and PGlite cannot plan a long list of (session, seq) pairs)
    const ids = await tx
      .select({ id: chatMessages.id, sessionRef: chatMessages.sessionRef, seq: chatMessages.seq })
      .from(chatMessages)
      .where(inArray(chatMessages.sessionRef, [...new Set(hits.map((m) => m.sessionRef))]));
    const idOf = new Map(ids.map((r) => [`${r.sessionRef}:${r.seq}`, r.id]));
    for (const m of hits) {
      const { place, result } = censored.get(m)!;
      logs.push(...logRows(organizationId, idOf.get(`${m.sessionRef}:${m.seq}`)!, m, place, result));
    }
  }
  for (let i = 0; i < logs.length; i += 1000) await tx.insert(censorLogs).values(logs.slice(i, i + 1000));
}
