import { csLineContract, defaultLineAgentConfig } from '@qcdesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import { csLines } from '../../db/schema/index.js';
import { defineGrantRoutes, sharedByGrant } from '../grants/index.js';
import { lineRecords } from './line-record.js';
import { lineValues } from './line-values.js';
import { scoreCheckRoute } from './score-check.js';

/**
 * Service lines (online-service-config §2.1, §3.1, §7): the contract's calls with the trash and bulk status, the
 * authorisation panels and the satisfaction check. A line granted to another organisation (ORG grant) is readable
 * there (page, list, detail, its panels) and changed only by its owner.
 */
export async function csLineRoutes(app: FastifyInstance): Promise<void> {
  const shared = sharedByGrant(csLines, 'LINE');

  defineEntityRoutes(app, csLineContract, {
    table: csLines,
    keywordColumns: [csLines.name, csLines.code],
    sharedWith: shared,
    where: (filter) => [
      filter.status ? eq(csLines.status, filter.status) : undefined,
      filter.type ? eq(csLines.type, filter.type) : undefined,
    ],
    records: lineRecords,
    summaries: {
      page: 'service lines, a page at a time (keyword on name or code, status, type, deleted), with the names of what they bind; lines granted to the caller’s organisation included',
      detail: 'one service line (lineId) with every block',
    },
    save: {
      summary:
        'save a service line: create takes name (and anything else); change takes id, name, version and only the blocks it changes (left out: unchanged, null: cleared); the records it binds must be live records of the organisation',
      values: (body, { tx, auth }) => lineValues(body, tx, auth.organizationId),
      // a new line starts with the spec's reception defaults, so the agent-config screen shows them (spec §9)
      createValues: (body) => (body.agentConfig === undefined ? { agentConfig: defaultLineAgentConfig() } : {}),
    },
    status: { summary: 'activate (ACTIVE) or deactivate (INACTIVE) lines, several at once' },
  });

  defineGrantRoutes(app, {
    base: '/v3/chats/cs-line',
    table: csLines,
    targetType: 'LINE',
    what: csLineContract.name,
    ownerOnly: 'line.auth.orgPanelOwner',
  });

  scoreCheckRoute(app, shared);
}
