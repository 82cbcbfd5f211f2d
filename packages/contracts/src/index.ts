/**
 * @qcdesk/contracts — the QC area's entity types, enums, zod schemas and validation messages, shared by the
 * server and the workbench so that nothing is validated twice.
 *
 * ```ts
 * import { schemeSaveSchema, toFieldErrors } from '@qcdesk/contracts';
 * const r = schemeSaveSchema.safeParse(body);
 * if (!r.success) reply.code(400).send({ errors: toFieldErrors(r.error, 'zh') });
 * ```
 */

export * from './crud/entity-contract.js';
export * from './entities/index.js';
export * from './entity-contracts/index.js';
export * from './enums/index.js';
export {
  angleScoreSchema,
  boolFilterSchema,
  type Id,
  idSchema,
  idsSchema,
  LIMITS,
  ruleScoreNumSchema,
  scoreSchema,
  storableString,
  timeSchema,
  versionSchema,
} from './fields.js';
export * from './live/feed-events.js';
export * from './live/monitor.js';
export * from './live/transfer.js';
export * from './messages/index.js';
export * from './permissions.js';
export * from './requests/index.js';
export * from './storable.js';
export * from './tickets/ticket-fields.js';
export * from './tickets/ticket-flow.js';
