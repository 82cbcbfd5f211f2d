import { z } from 'zod';
import { ActiveStatus, Deleted, ScoreSortKey, type SortDirection } from '../enums/common.js';
import { err, idSchema, idsSchema, LIMITS, timeSchema, versionSchema } from '../fields.js';

/**
 * Query of every paged list call: `?page=&size=` (strings on the wire, numbers after parsing).
 * Defaults page 1, size 20; at most 500 a page.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, err('common.pageSize'))
    .max(LIMITS.pageSizeMax, err('common.pageSize'))
    .default(LIMITS.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** the `fields` list a paged call may send: which columns the screen needs */
export const fieldsSchema = z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]*$/)).max(200);
/** what every list body may carry besides its filters */
export const listBodyShape = { fields: fieldsSchema.optional() };

/** Page answer `{records, total, page, size}` for any record schema. */
export function pageAnswerSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
  });
}
export interface PageAnswer<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

/** `{id}` answer of a save */
export const savedAnswerSchema = z.object({ id: idSchema });
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

// ---- soft delete -------------------------------------------------------------------------------------------

/** The only moves of `deleted`: delete NONE→TRASH, restore TRASH→NONE, empty TRASH→BUFFER. */
export const DELETE_MOVES = {
  delete: { from: 'NONE', to: 'TRASH' },
  restore: { from: 'TRASH', to: 'NONE' },
  empty: { from: 'TRASH', to: 'BUFFER' },
} as const satisfies Record<string, { from: Deleted; to: Deleted }>;
export type DeleteAction = keyof typeof DELETE_MOVES;

/** Whether a record whose `deleted` is `from` may be moved to `to`. */
export function canMoveDeleted(from: Deleted, to: Deleted): boolean {
  return Object.values(DELETE_MOVES).some((m) => m.from === from && m.to === to);
}

/** The state a record must be in for a delete body with `deleted: to` to apply (NONE for BUFFER is refused). */
export function deleteSourceOf(to: Deleted): Deleted | null {
  return Object.values(DELETE_MOVES).find((m) => m.to === to)?.from ?? null;
}

/** Body of every `/delete`: `{ids, deleted}` with the target state. */
export const deleteBodySchema = z.object({ ids: idsSchema, deleted: Deleted.schema });
export type DeleteBody = z.infer<typeof deleteBodySchema>;

/** Body of every `/status`: `{ids, status}` (activate / deactivate the selected rows). */
export const statusBodySchema = z.object({ ids: idsSchema, status: ActiveStatus.schema });
export type StatusBody = z.infer<typeof statusBodySchema>;

/** Body of a `/remove` that deletes for good: `{ids}`. */
export const removeBodySchema = z.object({ ids: idsSchema });
export type RemoveBody = z.infer<typeof removeBodySchema>;

// ---- saves -------------------------------------------------------------------------------------------------

/** Save bodies create without `id` and change with `id` (then `version` is required: optimistic locking). */
export const saveKeysShape = { id: idSchema.optional(), version: versionSchema.optional() };

/** create or change, by presence of `id` */
export function saveAction(body: { id?: string | null | undefined }): 'create' | 'change' {
  return body.id ? 'change' : 'create';
}

/** the refinement every save body runs: a change names the version it read */
export function requireVersionOnChange(
  body: { id?: string | undefined; version?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.id && body.version === undefined) {
    ctx.addIssue({ code: 'custom', message: 'common.versionRequired', path: ['version'] });
  }
}

// ---- sorting -----------------------------------------------------------------------------------------------

/** Every allowed `scoreSorts` entry: 'ai_score asc', 'ai_score desc', 'manual_score asc', 'manual_score desc'. */
export const SCORE_SORTS = ['ai_score asc', 'ai_score desc', 'manual_score asc', 'manual_score desc'] as const;
export type ScoreSort = (typeof SCORE_SORTS)[number];
export const scoreSortSchema = z.enum(SCORE_SORTS, err('common.scoreSort'));
/** at most one entry per key */
export const scoreSortsSchema = z
  .array(scoreSortSchema)
  .max(ScoreSortKey.values.length)
  .refine((sorts) => new Set(sorts.map((s) => s.split(' ')[0])).size === sorts.length, err('common.duplicate'));

export function parseScoreSort(sort: ScoreSort): { key: ScoreSortKey; direction: SortDirection } {
  const [key, direction] = sort.split(' ') as [ScoreSortKey, SortDirection];
  return { key, direction };
}

// ---- time filters ------------------------------------------------------------------------------------------

/** `timeFrom`/`timeTo` of the lists; `timeby` is list-specific and defaults to createTime */
export const timeRangeShape = { timeFrom: timeSchema.nullish(), timeTo: timeSchema.nullish() };

/** refinement: a score range's upper end not below its lower end, said at the upper end's field */
export function scoreOrder(
  begin: number | null | undefined,
  end: number | null | undefined,
  ctx: z.RefinementCtx,
  path: string,
) {
  if (begin != null && end != null && end < begin)
    ctx.addIssue({ code: 'custom', message: 'common.scoreOrder', path: [path] });
}

/** refinement: timeTo not before timeFrom */
export function timeOrder(
  from: string | null | undefined,
  to: string | null | undefined,
  ctx: z.RefinementCtx,
  path = 'timeTo',
) {
  if (from && to && Date.parse(to.replace(' ', 'T')) < Date.parse(from.replace(' ', 'T'))) {
    ctx.addIssue({ code: 'custom', message: 'common.timeOrder', path: [path] });
  }
}
