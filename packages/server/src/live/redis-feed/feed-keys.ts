import type { Lang } from '@qcdesk/contracts';

/**
 * The Redis keys of the live feed queue (issue 20 "Scale"), under the installation's prefix (QCDESK_QUEUE_PREFIX,
 * as the evaluation queue): a stream of batches read by one consumer group, the answers kept a while under their
 * reply ids, and two channels (answers ready, change notices for the monitors).
 */
export interface FeedKeys {
  /** the stream of batches: XADD by the front, XREADGROUP by the consumers */
  readonly stream: string;
  readonly group: string;
  /** channel: the reply id of an answer just stored */
  readonly answers: string;
  /** channel: change notices ({ organizationId, changes }) for every server's monitors */
  readonly changes: string;
  /** where the answer to `replyTo` waits for its front */
  reply(replyTo: string): string;
}

export function feedKeys(prefix: string): FeedKeys {
  return {
    stream: `${prefix}:live:feed`,
    group: 'appliers',
    answers: `${prefix}:live:answers`,
    changes: `${prefix}:live:changes`,
    reply: (replyTo) => `${prefix}:live:reply:${replyTo}`,
  };
}

/** A batch as it travels on the stream. */
export interface QueuedBatch {
  readonly organizationId: number;
  readonly lang: Lang;
  readonly events: readonly unknown[];
  /** the reply id the front waits on */
  readonly replyTo: string;
}

/** What a consumer leaves for the front: the feed's answer, or why the batch could not be applied. */
export type QueuedReply = { readonly answer: unknown } | { readonly error: string };

/** How long a stored answer waits for its front (seconds); a front gives up long before. */
export const REPLY_TTL_S = 300;
