import { type CsAgentPullAnswer, DESK_LIMITS } from '@qcdesk/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { csAgents } from '../../db/schema/index.js';
import type { PlatformAgent, PlatformRow } from './adapter.js';

/** Who pulls: the organisation the agents go to, and the person the records name as their creator. */
export interface Puller {
  readonly organizationId: number;
  readonly userId: number;
  readonly name: string;
}

/**
 * Upserts a platform's exported agents by their platform id (callPlatform + platformAgentId): new ones are created,
 * known ones get the platform's nick, numbers and capacity. Rows that cannot be agents (no id, no nick, a limit
 * broken, an id read twice) are answered with their line and change nothing. One transaction.
 */
export async function pullAgents(
  db: Database,
  puller: Puller,
  platform: string,
  rows: readonly PlatformRow[],
): Promise<Omit<CsAgentPullAnswer, 'platform'>> {
  const failed: CsAgentPullAnswer['failed'] = [];
  const agents = new Map<string, PlatformAgent>();
  for (const row of rows) {
    if ('error' in row) {
      failed.push({ line: row.line, platformAgentId: row.platformAgentId, reason: row.error });
      continue;
    }
    const reason = problemOf(row.agent) ?? (agents.has(row.agent.platformAgentId) ? 'duplicate platformAgentId' : null);
    if (reason !== null) failed.push({ line: row.line, platformAgentId: row.agent.platformAgentId, reason });
    else agents.set(row.agent.platformAgentId, row.agent);
  }
  const { created, updated } = await upsert(db, puller, platform, [...agents.values()]);
  return { created, updated, failed };
}

/** Why an exported agent cannot be one of ours (the contract's limits), or null. */
function problemOf(agent: PlatformAgent): string | null {
  const nick = agent.nick ?? agent.name;
  if (nick === null) return 'nick (or name) is missing';
  if (nick.length > DESK_LIMITS.nameMax) return `nick is longer than ${DESK_LIMITS.nameMax} characters`;
  if (agent.capacity !== null && (agent.capacity < DESK_LIMITS.capacityMin || agent.capacity > DESK_LIMITS.capacityMax))
    return `capacity ${agent.capacity} is outside ${DESK_LIMITS.capacityMin}–${DESK_LIMITS.capacityMax}`;
  if (agent.mobile !== null && agent.mobile.length > DESK_LIMITS.mobileMax)
    return `mobile is longer than ${DESK_LIMITS.mobileMax} characters`;
  if (agent.softNumber !== null && agent.softNumber.length > DESK_LIMITS.softNumberMax)
    return `softNumber is longer than ${DESK_LIMITS.softNumberMax} characters`;
  return null;
}

async function upsert(
  db: Database,
  puller: Puller,
  platform: string,
  agents: PlatformAgent[],
): Promise<{ created: number; updated: number }> {
  if (agents.length === 0) return { created: 0, updated: 0 };
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ id: csAgents.id, platformAgentId: csAgents.platformAgentId })
      .from(csAgents)
      .where(
        and(
          eq(csAgents.organizationId, puller.organizationId),
          eq(csAgents.callPlatform, platform),
          inArray(
            csAgents.platformAgentId,
            agents.map((a) => a.platformAgentId),
          ),
          ne(csAgents.deleted, 'BUFFER'),
        ),
      )
      .for('update');
    const byPlatformId = new Map(known.map((k) => [k.platformAgentId!, k.id]));
    const columns = (a: PlatformAgent) => ({
      nick: a.nick ?? a.name!,
      name: a.name,
      workNo: a.workNo,
      softNumber: a.softNumber,
      sipNumber: a.sipNumber,
      mobile: a.mobile,
      ...(a.capacity === null ? {} : { capacity: a.capacity }),
    });
    const fresh = agents.filter((a) => !byPlatformId.has(a.platformAgentId));
    for (let i = 0; i < fresh.length; i += 1000)
      await tx.insert(csAgents).values(
        fresh.slice(i, i + 1000).map((a) => ({
          ...columns(a),
          callPlatform: platform,
          platformAgentId: a.platformAgentId,
          organizationId: puller.organizationId,
          creatorId: puller.userId,
          creatorName: puller.name,
          modifierId: puller.userId,
          modifierName: puller.name,
        })),
      );
    for (const a of agents) {
      const id = byPlatformId.get(a.platformAgentId);
      if (id === undefined) continue;
      await tx
        .update(csAgents)
        .set({
          ...columns(a),
          modifierId: puller.userId,
          modifierName: puller.name,
          modifyTime: new Date(),
          version: sql`${csAgents.version} + 1`,
        })
        .where(and(eq(csAgents.organizationId, puller.organizationId), eq(csAgents.id, id)));
    }
    return { created: fresh.length, updated: agents.length - fresh.length };
  });
}
