import { randomUUID } from 'node:crypto';
import type { FeedAnswer, Lang, LiveChange } from '@qcdesk/contracts';
import { Redis } from 'ioredis';
import { type FeedKeys, feedKeys, type QueuedBatch, type QueuedReply } from './feed-keys.js';

/** Entries the stream keeps at most (approximately): a day of a busy desk's batches is far fewer. */
const STREAM_MAX = 100_000;
/** How often the answers of batches waiting longer than this are read without their notice (a lost publish). */
const POLL_MS = 1000;

/** The front could not get an answer: no consumer took the batch in time, or the one that did failed it. */
export class FeedQueueError extends Error {
  constructor(
    message: string,
    readonly code: 'FEED_TIMEOUT' | 'FEED_FAILED',
  ) {
    super(message);
  }
}

type Waiter = {
  readonly since: number;
  readonly resolve: (reply: QueuedReply) => void;
};

export interface FeedFrontOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** how long a batch may wait for a consumer (default 60 s: long enough for a dead consumer's batch to be taken over) */
  readonly timeoutMs?: number;
}

/**
 * The server's side of the Redis feed queue: a batch goes onto the stream with a reply id, a consumer (`qcdesk
 * worker`, or this server's own) applies it and stores the answer under that id, and the front hands it to the
 * caller as if the batch had run here. The same connection follows the change notices every consumer publishes, for
 * this server's monitors. Connections open on first use.
 */
export class FeedFront {
  private readonly keys: FeedKeys;
  private readonly waiters = new Map<string, Waiter>();
  private commandLink: Redis | null = null;
  private noticeLink: { readonly notices: Redis; readonly ready: Promise<unknown> } | null = null;
  private poller: NodeJS.Timeout | null = null;
  private readonly changeListeners = new Set<(organizationId: number, changes: readonly LiveChange[]) => void>();

  constructor(private readonly options: FeedFrontOptions) {
    this.keys = feedKeys(options.prefix);
  }

  private commands(): Redis {
    this.commandLink ??= new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    return this.commandLink;
  }

  /** The subscription to the answers and the change notices (only a process that waits for either opens it). */
  private listen() {
    if (this.noticeLink !== null) return this.noticeLink;
    const notices = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    notices.on('message', (channel: string, message: string) => {
      if (channel === this.keys.answers) void this.collect(message);
      else if (channel === this.keys.changes) this.noticed(message);
    });
    const ready = notices.subscribe(this.keys.answers, this.keys.changes);
    this.poller = setInterval(() => {
      const now = Date.now();
      for (const [id, waiter] of this.waiters) if (now - waiter.since > POLL_MS) void this.collect(id);
    }, POLL_MS);
    this.poller.unref();
    this.noticeLink = { notices, ready };
    return this.noticeLink;
  }

  /** Applies a batch through the queue and answers what the consumer answered. */
  async accept(organizationId: number, events: readonly unknown[], lang: Lang): Promise<FeedAnswer> {
    await this.listen().ready;
    const commands = this.commands();
    const replyTo = randomUUID();
    const reply = new Promise<QueuedReply>((resolve) => this.waiters.set(replyTo, { since: Date.now(), resolve }));
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const batch: QueuedBatch = { organizationId, lang, events, replyTo };
      await commands.call('XADD', this.keys.stream, 'MAXLEN', '~', STREAM_MAX, '*', 'batch', JSON.stringify(batch));
      const answered = await Promise.race([reply, timeout]);
      if (answered === 'timeout') {
        const s = Math.round(timeoutMs / 1000);
        throw new FeedQueueError(
          `实时接入队列 ${s} 秒内没有应答（没有运行中的 qcdesk worker？）/ no consumer of the live feed queue answered within ${s} s (is a qcdesk worker running?)`,
          'FEED_TIMEOUT',
        );
      }
      if ('error' in answered) throw new FeedQueueError(answered.error, 'FEED_FAILED');
      return answered.answer as FeedAnswer;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(replyTo);
    }
  }

  /** Tells every server's monitors what changed (a consumer's batches, real-time QC's alarms). */
  publishChanges(organizationId: number, changes: readonly LiveChange[]): void {
    if (changes.length === 0) return;
    void this.commands()
      .publish(this.keys.changes, JSON.stringify({ organizationId, changes }))
      .catch(() => {
        // a notice lost to a broken connection only delays a monitor until its next refresh
      });
  }

  /** Follows the change notices of every consumer (this server's monitors). */
  onChanges(listener: (organizationId: number, changes: readonly LiveChange[]) => void): void {
    this.changeListeners.add(listener);
    this.listen();
  }

  private async collect(replyTo: string): Promise<void> {
    const waiter = this.waiters.get(replyTo);
    if (waiter === undefined) return;
    const stored = await this.commands().getdel(this.keys.reply(replyTo));
    if (stored === null) return;
    this.waiters.delete(replyTo);
    waiter.resolve(JSON.parse(stored) as QueuedReply);
  }

  private noticed(message: string): void {
    const { organizationId, changes } = JSON.parse(message) as {
      organizationId: number;
      changes: readonly LiveChange[];
    };
    for (const listener of this.changeListeners) listener(organizationId, changes);
  }

  async close(): Promise<void> {
    if (this.poller !== null) clearInterval(this.poller);
    this.noticeLink?.notices.disconnect();
    this.noticeLink = null;
    const commands = this.commandLink;
    this.commandLink = null;
    await commands?.quit();
  }
}
