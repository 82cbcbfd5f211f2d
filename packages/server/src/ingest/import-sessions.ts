import { findUnstorable, formatMessage, isStorableText, unstorableFieldError } from '@qcdesk/contracts';
import type { Database } from '../db/connect.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { BULK_ROWS, refreshStatistics } from '../db/statistics.js';
import { fieldPath } from '../http/field-path.js';
import { DatabaseUnavailableError } from './database-refusal.js';
import type { RawRecord } from './read-records.js';
import { normalizeSession, sessionRecordSchema } from './session-record.js';
import { type PendingSession, writeSessions } from './write-sessions.js';

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
 * The import stopped because the database could take no more writes (see DatabaseUnavailableError); `summary` says
 * how far it got. Batches written before stay written, so the import can simply be run again.
 */
export class ImportStoppedError extends Error {
  readonly zh: string;
  readonly en: string;
  constructor(
    readonly summary: Readonly<ImportSummary>,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    const saved = summary.created + summary.updated + summary.unchanged;
    const zh = `导入中止，数据库不可用（已读 ${summary.total} 条，已保存 ${saved} 条）：${reason}`;
    const en = `import stopped, the database is unavailable (${summary.total} records read, ${saved} saved): ${reason}`;
    super(`${zh} / ${en}`, options);
    this.name = 'ImportStoppedError';
    this.zh = zh;
    this.en = en;
  }
}

/**
 * Imports sessions into an organisation, idempotent on `sessionId`: a new id creates the session, a known one
 * with other content replaces it (and its messages) and puts it back in line for every task that inspected it,
 * the same content changes nothing. A bad record (not JSON, not a session, text the database cannot store, nested
 * too deep, or refused by the database itself) is reported by line and field and costs no other record. Every
 * batch is one transaction, so an import the database stopped (ImportStoppedError) can simply be run again.
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
  // by sessionId: one statement cannot upsert the same row twice
  let batch = new Map<string, PendingSession>();
  // kept in input order: a record the database refuses is found at its batch's write, after later lines were read
  const fail = (error: ImportLineError) => {
    summary.failed += 1;
    const errors = summary.errors;
    let at = errors.length;
    while (at > 0 && errors[at - 1]!.line > error.line) at -= 1;
    if (at >= maxErrors) return;
    errors.splice(at, 0, error);
    if (errors.length > maxErrors) errors.pop();
  };
  const flush = async () => {
    if (batch.size === 0) return;
    const pending = [...batch.values()];
    batch = new Map();
    let written: Awaited<ReturnType<typeof writeSessions>>;
    try {
      written = await writeSessions(db, organizationId, pending);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError)
        throw new ImportStoppedError({ ...summary, errors: [...summary.errors] }, error.reason, { cause: error });
      throw error;
    }
    summary.created += written.created;
    summary.updated += written.updated;
    summary.unchanged += written.unchanged;
    for (const refused of written.refused)
      fail({
        line: refused.line,
        sessionId: refused.sessionId,
        field: '',
        message: `数据库拒绝保存 / the database refused the record: ${refused.reason}`,
      });
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
    // before the schema: what the database cannot store is a bad record, never a failed batch
    const unstorable = findUnstorable(record.value);
    if (unstorable !== null) {
      const zh = unstorableFieldError(unstorable, 'zh');
      fail({
        line: record.line,
        sessionId: sessionIdOf(record.value),
        field: zh.field,
        message: `${zh.message} / ${formatMessage(unstorable.code, 'en', unstorable.params)}`,
      });
      continue;
    }
    const parsed = sessionRecordSchema.safeParse(record.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      fail({
        line: record.line,
        sessionId: sessionIdOf(record.value),
        field: fieldPath(issue.path),
        message: issue.message,
      });
      continue;
    }
    const session = normalizeSession(parsed.data);
    // a repeated id within a batch goes to the next batch
    if (batch.has(session.session.sessionId)) await flush();
    batch.set(session.session.sessionId, { line: record.line, session });
    if (batch.size >= batchSize) await flush();
  }
  await flush();
  if (summary.created + summary.updated >= BULK_ROWS) await refreshStatistics(db, [chatSessions, chatMessages]);
  return summary;
}

/** The record's sessionId as given, for the report (null when missing or itself unstorable). */
function sessionIdOf(value: unknown): string | null {
  const raw = (value as { sessionId?: unknown } | null)?.sessionId;
  if (typeof raw === 'number') return String(raw);
  return typeof raw === 'string' && isStorableText(raw) ? raw : null;
}
