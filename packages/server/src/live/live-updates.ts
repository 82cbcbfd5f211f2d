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

/** Gives the app its change notices, fed by every batch of its live feed. */
export function attachLiveUpdates(app: FastifyInstance): LiveUpdates {
  const updates = new LiveUpdates();
  app.decorate('liveUpdates', updates);
  app.liveFeed.subscribe((batch) => {
    if (updates.watchers(batch.organizationId) > 0) updates.publish(batch.organizationId, changesOfBatch(batch));
  });
  return updates;
}
