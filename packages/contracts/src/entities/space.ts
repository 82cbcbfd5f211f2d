import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { AppType, SpaceType } from '../enums/line.js';
import { auditShape, filter, idSchema, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/**
 * Limits of spaces and ticket kinds (tickets-censor-tasks-monitoring: intro ≤ 200; kind name 30, code 20, taskCode
 * 10; space name and code ours).
 */
export const SPACE_LIMITS = {
  nameMax: LIMITS.nameMax,
  codeMax: 50,
  introMax: 200,
  kindsMax: 100,
  kindNameMax: 30,
  kindCodeMax: 20,
  kindTaskCodeMax: 10,
} as const;

/**
 * A ticket template of a space, in the space's order: the spec's kindId, kindName, kindType and createTime (the kind's),
 * and its code for the screens that show it.
 */
export const spaceKindSchema = z.object({
  kindId: z.string(),
  kindName: z.string(),
  kindCode: z.string().nullish(),
  /** every kind is a ticket template: TICKET (the spec names the field, not its values) */
  kindType: z.string().nullish(),
  createTime: z.string().nullish(),
});
export type SpaceKind = z.infer<typeof spaceKindSchema>;

/**
 * A space (online-service-config §3.10; tickets spec "Spaces"): a ticket space with its ordered ticket templates, a
 * quick-reply space (CS_QUICK) or a chatbot knowledge base (CS_KB).
 */
export const spaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  type: SpaceType.schema,
  intro: z.string().nullish(),
  tenantId: z.string(),
  /** the ids of taskKinds, in order: what a form sends back as taskKindIds */
  taskKindIds: z.array(z.string()),
  taskKinds: z.array(spaceKindSchema),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type Space = z.infer<typeof spaceSchema>;

/** ordered template ids, each once */
const kindIdsSchema = z
  .array(idSchema)
  .max(SPACE_LIMITS.kindsMax)
  .transform((ids) => [...new Set(ids)]);

/**
 * create or change (spec §7: id, name, type, intro, taskKindIds): name and type required; the templates (ticket kinds
 * of the organisation) in order, each once. `kindIds`, the name of the first release, is still read when
 * `taskKindIds` is absent; neither: none.
 */
export const spaceSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(SPACE_LIMITS.nameMax),
    code: optionalText(SPACE_LIMITS.codeMax),
    type: SpaceType.schema,
    intro: optionalText(SPACE_LIMITS.introMax),
    taskKindIds: kindIdsSchema.nullish(),
    /** @deprecated the alias of taskKindIds */
    kindIds: kindIdsSchema.nullish(),
  })
  .superRefine(requireVersionOnChange)
  .transform(({ kindIds, taskKindIds, ...body }) => ({ ...body, taskKindIds: taskKindIds ?? kindIds ?? [] }));
export type SpaceSave = z.infer<typeof spaceSaveSchema>;
/** The save body as a client writes it (either name of the ids). */
export type SpaceSaveInput = z.input<typeof spaceSaveSchema>;

/** /v3/feed/space/page and /list: keyword, type, the trash, a /list limit. */
export const spaceFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(SPACE_LIMITS.nameMax)),
  type: filter(SpaceType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type SpaceFilter = z.infer<typeof spaceFilterSchema>;

// ticket kinds (templates): entities/task-kind.ts

/** /v3/feed/task-kind/space/kinds?spaceId: a space's ticket templates in its order (the note config's table). */
export const spaceKindsQuerySchema = z.object({ spaceId: idSchema });

/** /v3/users/app/list/top: the organisation's apps for the line's owning-app selector (spec §7). */
export const appTopBodySchema = z.object({
  keyword: filter(storableString().trim().max(LIMITS.nameMax)),
  status: filter(ActiveStatus.schema),
  types: filter(z.array(AppType.schema).max(10)),
  mode: filter(z.enum(['DEV', 'PROD'])),
  fields: z.array(z.string()).optional(),
});
export type AppTopBody = z.infer<typeof appTopBodySchema>;
export const appOptionSchema = z.object({ id: z.string(), name: z.string(), type: AppType.schema });
export type AppOption = z.infer<typeof appOptionSchema>;
