import { SYSTEM_TICKET_STATES, TicketStatusGroup } from '@qcdesk/contracts';
import type { Queryable } from '../../crud/entity-table.js';
import { taskStates } from '../../db/schema/index.js';

/**
 * The system ticket states (the spec's tenantId 0) of a new organisation: one per status group, named as the group
 * in Chinese. Migration 0020 gave the organisations that existed before the same rows.
 */
export async function createSystemStates(db: Queryable, organizationId: number): Promise<void> {
  await db
    .insert(taskStates)
    .values(
      SYSTEM_TICKET_STATES.map((state) => ({
        name: TicketStatusGroup.label(state.statusGroup, 'zh'),
        code: state.code,
        statusGroup: state.statusGroup,
        color: state.color,
        system: true,
        organizationId,
      })),
    )
    .onConflictDoNothing();
}
