import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { qcTaskSessions } from '../db/schema/qc-tasks.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { fieldPath } from '../http/field-path.js';
import type { RawRecord } from './read-records.js';
import { type NormalizedSession, normalizeSession, sessionRecordSchema } from './session-record.js';

/** A record that was not imported: where (line and field path) and why. */
export interface ImportLineError {
  readonly line: number;
  readonly sessionId: string | null;
  /** path inside the record, e.g. `messages[3].senderRole`; '' for the record as a whole */
  readonly field: string;
  readonly message: string;
}

export interface ImportSummary {
  /** records read (blank lines not counted) */
  total: number;
  created: number;
  updated: number;
  /** re-imports whose content had not changed */
  unchanged: number;
  failed: number;
  /** the first `maxErrors` failures, in input order */
  errors: ImportLineError[];
}

export interface ImportOptions {
  /** sessions written per transaction (default 200) */
  readonly batchSize?: number;
  /** errors kept in the answer (default 1000; the count in `failed` is always complete) */
  readonly maxErrors?: number;
  readonly onProgress?: (summary: Readonly<ImportSummary>, bytes: number) => void;
}

/**
 * Imports sessions into an organisation, idempotent on `sessionId`: a new id creates the session, a known one
 * with other content replaces it (and its messages) and puts it back in line for every task that inspected it,
 * the same content changes nothing. Every batch is one transaction, so an interrupted import can simply be
 * run again.
 */
export async function importSessions(
  db: Database,
  organizationId: number,
  records: Iterable<RawRecord> | AsyncIterable<RawRecord>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 200;
  const maxErrors = options.maxErrors ?? 1000;
  const summary: ImportSummary = { total: 0, created: 0, updated: 0, unchanged: 0, failed: 0, errors: [] };
  let bytes = 0;
  let batch = new Map<string, NormalizedSession>();
  const fail = (error: ImportLineError) => {
    summary.failed += 1;
    if (summary.errors.length < maxErrors) summary.errors.push(error);
  };
  const flush = async () => {
    if (batch.size === 0) return;
    const written = await writeBatch(db, organizationId, [...batch.values()]);
    summary.created += written.created;
    summary.updated += written.updated;
    summary.unchanged += batch.size - written.created - written.updated;
    batch = new Map();
    options.onProgress?.(summary, bytes);
  };
  for await (const record of records) {
    summary.total += 1;
    bytes += record.bytes;
    if (!record.ok) {
      fail({
        line: record.line,
        sessionId: null,
        field: '',
        message: `不是合法的 JSON / not valid JSON: ${record.message}`,
      });
      continue;
    }
    const parsed = sessionRecordSchema.safeParse(record.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const raw = (record.value as { sessionId?: unknown } | null)?.sessionId;
      fail({
        line: record.line,
        sessionId: typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null,
        field: fieldPath(issue.path),
        message: issue.message,
      });
      continue;
    }
    const session = normalizeSession(parsed.data);
    // one statement cannot upsert the same row twice: a repeated id within a batch goes to the next batch
    if (batch.has(session.session.sessionId)) await flush();
    batch.set(session.session.sessionId, session);
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  return summary;
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
  sessions: readonly NormalizedSession[],
): Promise<{ created: number; updated: number }> {
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
