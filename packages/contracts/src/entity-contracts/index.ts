import type { EntityContract } from '../crud/entity-contract.js';
import { aiPlatformContract, chatbotContract } from './bots.js';
import { censorBanContract } from './censor.js';
import { customFieldContract } from './custom-field.js';
import { csAgentContract, csGroupContract, csTimeContract } from './desk-staffing.js';
import { csLineContract, spaceContract, taskKindContract } from './lines.js';
import { csNavContract } from './online-config.js';
import { roleContract, userContract } from './people.js';
import { qcRuleContract, qcSchemeContract, qcTaskContract } from './qc.js';
import { scoreConfigContract } from './score-config.js';
import { summaryConfigContract } from './summary-config.js';
import { taskGroupContract, taskStateContract } from './ticket-states-groups.js';

export * from './bots.js';
export * from './censor.js';
export * from './custom-field.js';
export * from './desk-staffing.js';
export * from './lines.js';
export * from './online-config.js';
export * from './people.js';
export * from './qc.js';
export * from './score-config.js';
export * from './summary-config.js';
export * from './ticket-states-groups.js';

/**
 * Every entity whose calls are generated from a contract, by name. A new entity adds its contract here; the route
 * table (`crudAccess`), the server (`defineEntityRoutes`), the workbench registry and the shared CRUD suite follow.
 */
export const ENTITY_CONTRACTS = {
  'qc-rule': qcRuleContract,
  'qc-scheme': qcSchemeContract,
  'qc-task': qcTaskContract,
  user: userContract,
  role: roleContract,
  'cs-time': csTimeContract,
  'cs-group': csGroupContract,
  'cs-agent': csAgentContract,
  'censor-ban': censorBanContract,
  'ai-platform': aiPlatformContract,
  chatbot: chatbotContract,
  'cs-line': csLineContract,
  space: spaceContract,
  'task-kind': taskKindContract,
  'task-state': taskStateContract,
  'task-group': taskGroupContract,
  'cs-nav': csNavContract,
  'custom-field': customFieldContract,
  'summary-config': summaryConfigContract,
  'score-config': scoreConfigContract,
} as const satisfies Record<string, EntityContract>;
export type EntityContractName = keyof typeof ENTITY_CONTRACTS;
