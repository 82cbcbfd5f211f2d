import { and, asc, count, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { censorLogs } from '../db/schema/censor-log.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { type JobHandle, JobStopped } from './censor-jobs.js';
import { censorMessage, logRows } from './censor-message.js';
import { orgScanner } from './org-scanner.js';

/** Messages sent in [from, to) (epoch ms), on one line or all. */
export interface RescanRange {
  readonly organizationId: number;
  readonly from: number;
  readonly to: number;
  readonly lineId: number | null;
}

/** messages read, scanned and written per transaction */
export const RESCAN_BATCH = 500;

function inRange(range: RescanRange): SQL {
  return and(
    eq(chatMessages.organizationId, range.organizationId),
    gte(chatMessages.sendTime, range.from),
    lt(chatMessages.sendTime, range.to),
    range.lineId === null ? undefined : eq(chatSessions.lineId, range.lineId),
  )!;
}

/** How many messages the rescan will read (the job's total). */
export async function countRescan(db: Database, range: RescanRange): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionRef))
    .where(inRange(range));
  return row?.n ?? 0;
}

/**
 * Re-applies the organisation's current libraries to the messages of the range, in send order, a batch of
 * RESCAN_BATCH at a time: each batch's messages get their censor columns recomputed and their log rows replaced in
 * one transaction. A failure (or the server stopping) leaves the batches before it rescanned and the rest as they
 * were, never a message with new columns and old log rows; running the rescan again finishes it.
 */
export async function rescanMessages(db: Database, range: RescanRange, job: JobHandle): Promise<void> {
  let after: { time: number; id: number } | null = null;
  let done = 0;
  for (;;) {
    if (job.stopping) throw new JobStopped();
    const batch = await readBatch(db, range, after);
    if (batch.length === 0) return;
    // the libraries as they are now: a change during the rescan applies from the next batch on
    const censor = await orgScanner(db, range.organizationId);
    await db.transaction(async (tx) => {
      const cleared: number[] = [];
      const logs: (typeof censorLogs.$inferInsert)[] = [];
      for (const m of batch) {
        const place = { lineId: m.lineId, lineName: m.lineName, agentId: m.agentId };
        const result = censor === null ? null : censorMessage(censor, m, place);
        if (result === null || result.censorOperation === null) {
          if (m.censorOperation !== null) cleared.push(m.id);
          continue;
        }
        await tx
          .update(chatMessages)
          .set({
            censorOperation: result.censorOperation,
            censorWords: result.censorWords,
            maskedContent: result.maskedContent,
          })
          .where(eq(chatMessages.id, m.id));
        logs.push(...logRows(range.organizationId, m.id, m, place, result));
      }
      if (cleared.length > 0)
        await tx
          .update(chatMessages)
          .set({ censorOperation: null, censorWords: null, maskedContent: null })
          .where(inArray(chatMessages.id, cleared));
      await tx.delete(censorLogs).where(
        inArray(
          censorLogs.messageRef,
          batch.map((m) => m.id),
        ),
      );
      for (let i = 0; i < logs.length; i += 1000) await tx.insert(censorLogs).values(logs.slice(i, i + 1000));
    });
    done += batch.length;
    await job.advance(done);
    const last = batch[batch.length - 1]!;
    after = { time: last.sendTime, id: last.id };
  }
}

/** The next RESCAN_BATCH messages of the range after `after` (send time, id), with their session's line and agent. */
function readBatch(db: Database, range: RescanRange, after: { time: number; id: number } | null) {
  const cursor: SQL | undefined =
    after === null
      ? undefined
      : or(
          gt(chatMessages.sendTime, after.time),
          and(eq(chatMessages.sendTime, after.time), gt(chatMessages.id, after.id)),
        );
  return db
    .select({
      id: chatMessages.id,
      messageId: chatMessages.messageId,
      chatId: chatMessages.chatId,
      sessionId: chatMessages.sessionId,
      senderRole: chatMessages.senderRole,
      senderNick: chatMessages.senderNick,
      senderAvatar: chatMessages.senderAvatar,
      sendTime: chatMessages.sendTime,
      content: chatMessages.content,
      censorOperation: chatMessages.censorOperation,
      lineId: chatSessions.lineId,
      lineName: chatSessions.lineName,
      agentId: chatSessions.agentId,
    })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionRef))
    .where(and(inRange(range), cursor))
    .orderBy(asc(chatMessages.sendTime), asc(chatMessages.id))
    .limit(RESCAN_BATCH);
}
