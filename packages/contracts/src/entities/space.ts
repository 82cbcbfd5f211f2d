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

/** A ticket template of a space, in the space's order. */
export const spaceKindSchema = z.object({ kindId: z.string(), kindName: z.string(), kindCode: z.string().nullish() });
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
  kindIds: z.array(z.string()),
  taskKinds: z.array(spaceKindSchema),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type Space = z.infer<typeof spaceSchema>;

/** create or change: name and type required; the templates (ticket kinds of the organisation) in order, each once. */
export const spaceSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(SPACE_LIMITS.nameMax),
    code: optionalText(SPACE_LIMITS.codeMax),
    type: SpaceType.schema,
    intro: optionalText(SPACE_LIMITS.introMax),
    kindIds: z.preprocess(
      (v) => v ?? [],
      z
        .array(idSchema)
        .max(SPACE_LIMITS.kindsMax)
        .transform((ids) => [...new Set(ids)]),
    ),
  })
  .superRefine(requireVersionOnChange);
export type SpaceSave = z.infer<typeof spaceSaveSchema>;

/** /v3/feed/space/page and /list: keyword, type, the trash, a /list limit. */
export const spaceFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(SPACE_LIMITS.nameMax)),
  type: filter(SpaceType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type SpaceFilter = z.infer<typeof spaceFilterSchema>;

/**
 * A ticket kind (template) as far as lines and spaces need it: name, code, taskCode, status. The ticket area adds its
 * states, flow and nodes.
 */
export const taskKindSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  taskCode: z.string().nullish(),
  status: ActiveStatus.schema,
  spaces: z.array(z.object({ spaceId: z.string(), spaceName: z.string() })),
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type TaskKind = z.infer<typeof taskKindSchema>;

export const taskKindSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(SPACE_LIMITS.kindNameMax),
    code: optionalText(SPACE_LIMITS.kindCodeMax),
    taskCode: optionalText(SPACE_LIMITS.kindTaskCodeMax),
  })
  .superRefine(requireVersionOnChange);
export type TaskKindSave = z.infer<typeof taskKindSaveSchema>;

export const taskKindFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(SPACE_LIMITS.kindNameMax)),
  status: filter(ActiveStatus.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type TaskKindFilter = z.infer<typeof taskKindFilterSchema>;

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
