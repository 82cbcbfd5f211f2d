import { defaultLineAgentConfig, LINE_LIMITS } from '@qcdesk/contracts';
import type { Queryable } from '../crud/entity-table.js';
import { csLines } from '../db/schema/lines.js';
import { moveSequencePast } from './create-missing-staff.js';
import type { NormalizedSession } from './session-record.js';

/**
 * The service lines a batch of sessions names, created as records when the organisation has none with that id (so
 * the QC task form and the result filters offer every line sessions arrive on): named by the session's lineName,
 * else the id; ONLINE, ACTIVE, with a new line's default agent config. A line that exists keeps what the console
 * gave it (a renamed line is not renamed back). One insert for the batch; then the id sequence moves past the desk's
 * ids, so a line created later in the console cannot take one.
 */
export async function createMissingLines(
  tx: Queryable,
  organizationId: number,
  sessions: readonly NormalizedSession['session'][],
): Promise<void> {
  const lines = new Map<number, string>();
  for (const s of sessions)
    if (s.lineId !== null && !lines.has(s.lineId)) lines.set(s.lineId, s.lineName || String(s.lineId));
  if (lines.size === 0) return;
  const agentConfig = defaultLineAgentConfig();
  const created = await tx
    .insert(csLines)
    .values(
      [...lines].map(([id, name]) => ({
        id,
        organizationId,
        name: name.slice(0, LINE_LIMITS.nameMax),
        type: 'ONLINE' as const,
        status: 'ACTIVE' as const,
        agentConfig,
      })),
    )
    .onConflictDoNothing({ target: [csLines.organizationId, csLines.id] })
    .returning({ id: csLines.id });
  if (created.length > 0) await moveSequencePast(tx, 'cs_lines');
}
