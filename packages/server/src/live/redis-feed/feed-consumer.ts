import type { FeedAnswer } from '@qcdesk/contracts';
import { Redis } from 'ioredis';
import { feedKeys, type QueuedBatch, type QueuedReply, REPLY_TTL_S } from './feed-keys.js';

export interface FeedConsumerOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** this consumer's name in the group (host and pid: a restarted process is a new consumer) */
  readonly name: string;
  /** applies one batch (the live feed's pipeline, under the batch's id) and answers what the caller is told */
  readonly apply: (batch: QueuedBatch, batchId: string) => Promise<FeedAnswer>;
  /**
   * How long a batch another consumer took may go unanswered before this one takes it over (default 15 s,
   * QCDESK_FEED_CLAIM_MS): longer than any batch takes, so only a dead consumer's batches are taken.
   */
  readonly claimIdleMs?: number;
  readonly onError?: (error: unknown) => void;
}

export interface FeedConsumer {
  /** batches this consumer answered */
  readonly answered: () => number;
  /** finishes the batch in hand and stops */
  close(): Promise<void>;
}

type Entry = readonly [id: string, fields: readonly string[] | null];

/**
 * A consumer of the Redis feed queue (`qcdesk worker`, or a server's own): reads batches from the stream as one of
 * the group, applies each, stores the answer for its front and acknowledges it. A consumer killed mid-batch leaves
 * the batch pending in the group; another takes it over (XAUTOCLAIM) once it has gone unanswered for `claimIdleMs`
 * and applies it again: its events are stored once whatever happened (unique event ids, one transaction per batch),
 * and a batch whose transaction had committed answers what it answered then (live_batches).
 */
export function startFeedConsumer(options: FeedConsumerOptions): FeedConsumer {
  const keys = feedKeys(options.prefix);
  const claimIdleMs = options.claimIdleMs ?? claimIdleFromEnv();
  const onError = options.onError ?? ((error) => console.error(`live feed consumer: ${messageOf(error)}`));
  // the reads block their connection; answers and acknowledgements go on the other
  const reader = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const commands = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  let stopping = false;
  let answered = 0;

  const handle = async ([id, fields]: Entry): Promise<void> => {
    const raw = fields === null ? undefined : fields[fields.indexOf('batch') + 1];
    if (raw !== undefined) {
      let replyTo: string | null = null;
      let reply: QueuedReply;
      try {
        const batch = JSON.parse(raw) as QueuedBatch;
        replyTo = batch.replyTo;
        reply = { answer: await options.apply(batch, id) };
      } catch (error) {
        onError(error);
        reply = { error: messageOf(error) };
      }
      if (replyTo !== null) {
        await commands.set(keys.reply(replyTo), JSON.stringify(reply), 'EX', REPLY_TTL_S);
        await commands.publish(keys.answers, replyTo);
      }
      answered += 1;
    }
    // a batch deleted meanwhile (fields null) is only let go
    await commands.call('XACK', keys.stream, keys.group, id);
    await commands.call('XDEL', keys.stream, id);
  };

  const loop = async () => {
    try {
      await commands.call('XGROUP', 'CREATE', keys.stream, keys.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!messageOf(error).includes('BUSYGROUP')) onError(error);
    }
    let lastClaim = 0;
    while (!stopping) {
      try {
        if (Date.now() - lastClaim >= claimIdleMs / 3) {
          lastClaim = Date.now();
          const claimed = (await commands.call(
            'XAUTOCLAIM',
            keys.stream,
            keys.group,
            options.name,
            claimIdleMs,
            '0-0',
            'COUNT',
            10,
          )) as [string, Entry[], ...unknown[]];
          for (const entry of claimed[1]) await handle(entry);
        }
        const read = (await reader.call(
          'XREADGROUP',
          'GROUP',
          keys.group,
          options.name,
          'COUNT',
          1,
          'BLOCK',
          1000,
          'STREAMS',
          keys.stream,
          '>',
        )) as unknown;
        for (const entry of entriesOfRead(read)) await handle(entry);
      } catch (error) {
        if (stopping) break;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const running = loop();

  return {
    answered: () => answered,
    async close() {
      stopping = true;
      await running;
      reader.disconnect();
      await commands.quit();
    },
  };
}

/**
 * The entries of an XREADGROUP reply on one stream: `[[key, entries]]` as Redis sends it, or `[key, entries]` as
 * some client versions flatten a one-stream reply.
 */
function entriesOfRead(reply: unknown): readonly Entry[] {
  if (!Array.isArray(reply) || reply.length === 0) return [];
  if (typeof reply[0] === 'string') return (reply[1] ?? []) as Entry[];
  return reply.flatMap((stream) => (stream as [string, Entry[]])[1]);
}

function claimIdleFromEnv(): number {
  const ms = Number(process.env.QCDESK_FEED_CLAIM_MS);
  return Number.isFinite(ms) && ms >= 100 ? ms : 15_000;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
