import {
  type FeedAnswer,
  type FeedEvent,
  type FeedResult,
  feedEventSchema,
  findUnstorable,
  formatMessage,
  type Lang,
  toFieldErrors,
  unstorableFieldError,
} from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { type OrgScanner, orgScanner } from '../censor/org-scanner.js';
import type { Database } from '../db/connect.js';
import { liveBatches } from '../db/schema/index.js';
import { fieldPath } from '../http/field-path.js';
import { applyEvent } from './apply-event.js';
import type { LiveDesk, StoredEvent } from './live-desk.js';
import { loadDesk } from './load-desk.js';
import { type WrittenMessage, writeDesk } from './write-desk.js';

/** What one accepted batch changed, for those who follow the desk live (monitors, real-time QC). */
export interface AppliedBatch {
  readonly organizationId: number;
  /** every event stored, the caller's and the desk's, in the order applied */
  readonly events: readonly StoredEvent[];
  /** the messages written, with their ids and censor results */
  readonly messages: readonly WrittenMessage[];
  /** sessions and agents whose state changed */
  readonly sessionIds: readonly string[];
  readonly agentIds: readonly number[];
}

export interface AcceptOptions {
  /** the console's time zone: the agents' day counters start at its midnight */
  readonly timeZone: string;
  /** the language of refusal messages */
  readonly lang?: Lang;
  /**
   * The batch's id on the Redis feed queue: its answer is stored with its events, and a batch taken again (its worker
   * died after the commit, before it could answer) gets the stored answer and changes nothing.
   */
  readonly batchId?: string;
}

/**
 * Serialises batches of one organisation across transactions and processes: taken first in the batch's
 * transaction, held until it commits. Two batches at once therefore never see the same agent free twice, and a
 * session's events apply in the order their batches committed. (PGlite runs one transaction at a time anyway.)
 */
const LOCK_CLASS = 0x71646c66; // 'qdlf'

type Parsed = { readonly index: number; readonly event: FeedEvent };

/**
 * The feed's pipeline for one batch: each event checked on its own (a bad one is refused with its JSON path, the
 * others go on), duplicates of stored or earlier events answered as such and left alone, then — in one transaction
 * under the organisation's lock — the desk loaded, the events applied in order, and everything written at once.
 */
export async function acceptEvents(
  db: Database,
  organizationId: number,
  raw: readonly unknown[],
  options: AcceptOptions,
): Promise<{ answer: FeedAnswer; applied: AppliedBatch | null }> {
  const lang = options.lang ?? 'zh';
  const results: FeedResult[] = raw.map((value) => ({ eventId: eventIdOf(value), outcome: 'REFUSED' }));
  const parsed: Parsed[] = [];
  const seen = new Set<string>();
  raw.forEach((value, index) => {
    const problem = findUnstorable(value);
    if (problem !== null) {
      const error = unstorableFieldError(problem, lang);
      results[index] = { ...results[index]!, ...refusalOf('INVALID_FIELD', error.message, index, error.field) };
      return;
    }
    const check = feedEventSchema.safeParse(value);
    if (!check.success) {
      const error = toFieldErrors(check.error, lang)[0]!;
      results[index] = { ...results[index]!, ...refusalOf('INVALID_FIELD', error.message, index, error.field) };
      return;
    }
    if (seen.has(check.data.eventId)) {
      results[index] = { eventId: check.data.eventId, outcome: 'DUPLICATE' };
      return;
    }
    seen.add(check.data.eventId);
    parsed.push({ index, event: check.data });
  });

  let applied: AppliedBatch | null = null;
  let desk: LiveDesk | null = null;
  let answered: FeedAnswer | null = null;
  const answerOf = (): FeedAnswer => {
    const count = (outcome: FeedResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
    return {
      accepted: count('ACCEPTED'),
      duplicate: count('DUPLICATE'),
      refused: count('REFUSED'),
      results,
      desk: (desk as LiveDesk | null)?.deskEvents ?? [],
    };
  };
  const { batchId } = options;
  const rememberAnswer = async (tx: Pick<Database, 'insert'>) => {
    if (batchId === undefined) return;
    const answer = answerOf() as unknown as Record<string, unknown>;
    await tx.insert(liveBatches).values({ organizationId, batchId, answer });
  };
  if (parsed.length > 0) {
    const censoring = parsed.some((p) => p.event.type === 'MESSAGE');
    applied = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${organizationId}::int)`);
      // the stored event ids, a queued batch's stored answer and the censor libraries' stamp come with the desk, in
      // one round trip
      const loaded = await loadDesk(
        tx,
        organizationId,
        options.timeZone,
        parsed.map((p) => p.event),
        { ...(batchId === undefined ? {} : { batchId }), libraries: censoring },
      );
      if (loaded.answer !== null && loaded.answer !== undefined) {
        answered = loaded.answer as FeedAnswer;
        return null;
      }
      const fresh = parsed.filter((p) => {
        if (!loaded.stored.has(p.event.eventId)) return true;
        results[p.index] = { eventId: p.event.eventId, outcome: 'DUPLICATE' };
        return false;
      });
      if (fresh.length === 0) {
        await rememberAnswer(tx);
        return null;
      }
      desk = loaded.desk;
      // cached across batches until a library changes; null when no library of the organisation is active
      const censor: OrgScanner | null =
        loaded.librariesStamp === null
          ? null
          : await orgScanner(db, organizationId, { stamp: loaded.librariesStamp, reader: tx });
      for (const { index, event } of fresh) {
        const outcome = applyEvent(desk, event, censor);
        if ('refused' in outcome) {
          const { code, message, params, field } = outcome.refused;
          results[index] = {
            eventId: event.eventId,
            ...refusalOf(code, formatMessage(message, lang, params), index, field),
          };
        } else results[index] = { eventId: event.eventId, outcome: 'ACCEPTED', seq: outcome.seq };
      }
      const messages = await writeDesk(tx, desk);
      await rememberAnswer(tx);
      return {
        organizationId,
        events: desk.events,
        messages,
        sessionIds: [...desk.sessions.values()].filter((s) => s.dirty).map((s) => s.row.sessionId),
        agentIds: [...desk.agents.values()].filter((a) => a.dirty).map((a) => a.agentId),
      } satisfies AppliedBatch;
    });
  }
  return { answer: answered ?? answerOf(), applied };
}

function refusalOf(code: string, message: string, index: number, field: string) {
  const path = fieldPath(['events', index]);
  return { outcome: 'REFUSED' as const, code, message, field: field === '' ? path : `${path}.${field}` };
}

/** The event's id as sent, when it is a usable one (the answer names refused events by it). */
function eventIdOf(value: unknown): string | null {
  const id = (value as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'string' && id.trim() !== '' && findUnstorable(id) === null ? id.trim() : null;
}
