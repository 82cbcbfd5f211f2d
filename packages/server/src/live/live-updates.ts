import type { LiveChange } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppliedBatch } from './accept-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** change notices of the live desk, per organisation (the monitors' event stream) */
    liveUpdates: LiveUpdates;
  }
}

/** Ids named in one notice at most; more and the notice says only the kind (read everything again). */
const MAX_IDS = 200;

export type ChangeListener = (changes: readonly LiveChange[]) => void;

/**
 * Small change notices for whoever watches the desk (GET /v3/chats/monitor/stream): which agents, sessions and
 * queues a feed batch changed, and which alarms real-time QC raised. Notices carry ids only, never what changed:
 * a monitor reads its own page again, so a notice can never show more than its reader may see.
 */
export class LiveUpdates {
  private readonly listeners = new Map<number, Set<ChangeListener>>();

  /** `elsewhere`: where changes go to reach every server's watchers (the Redis feed queue); null: only this one's */
  constructor(private readonly elsewhere: ((organizationId: number, changes: readonly LiveChange[]) => void) | null) {}

  /** Tells the watchers of every server (through Redis) or of this one what changed. */
  announce(organizationId: number, changes: readonly LiveChange[]): void {
    if (this.elsewhere !== null) this.elsewhere(organizationId, changes);
    else if (this.watchers(organizationId) > 0) this.publish(organizationId, changes);
  }

  subscribe(organizationId: number, listener: ChangeListener): () => void {
    let set = this.listeners.get(organizationId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(organizationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organizationId);
    };
  }

  /** How many watch the organisation (nothing is worked out for nobody). */
  watchers(organizationId: number): number {
    return this.listeners.get(organizationId)?.size ?? 0;
  }

  /** Tells this server's watchers. */
  publish(organizationId: number, changes: readonly LiveChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners.get(organizationId) ?? []) {
      try {
        listener(changes);
      } catch {
        // a watcher whose connection broke is removed by its own close handler
      }
    }
  }
}

/** A notice of `kind` naming `ids`, or only the kind when there are too many to name. */
export function changeOf(kind: LiveChange['kind'], ids: readonly (string | number)[]): LiveChange {
  return ids.length > MAX_IDS ? { kind } : { kind, ids: [...new Set(ids.map(String))] };
}

/** What a feed batch changed, as notices: its agents, its sessions, and the queue when sessions queued or left it. */
export function changesOfBatch(batch: AppliedBatch): LiveChange[] {
  const changes: LiveChange[] = [];
  if (batch.agentIds.length > 0) changes.push(changeOf('agent', batch.agentIds));
  if (batch.sessionIds.length > 0) changes.push(changeOf('session', batch.sessionIds));
  const queued = batch.events.some(
    (e) =>
      e.type === 'SESSION_QUEUED' ||
      e.type === 'SESSION_ASSIGNED' ||
      e.type === 'SESSION_OPENED' ||
      e.type === 'SESSION_CLOSED' ||
      e.type === 'SESSION_TRANSFERRED',
  );
  if (queued) changes.push({ kind: 'queue' });
  return changes;
}

/**
 * Gives the app its change notices. In process, the batches applied here are told to this server's watchers. With
 * the Redis feed queue, batches are applied by whichever consumer takes them: every consumer (this server's own
 * too) announces its changes on Redis, and every server tells its watchers what it hears there.
 */
export function attachLiveUpdates(app: FastifyInstance): LiveUpdates {
  const front = app.liveFeed.front;
  const updates = new LiveUpdates(front === null ? null : (org, changes) => front.publishChanges(org, changes));
  app.decorate('liveUpdates', updates);
  front?.onChanges((org, changes) => updates.publish(org, changes));
  app.liveFeed.subscribe((batch) => updates.announce(batch.organizationId, changesOfBatch(batch)));
  return updates;
}
