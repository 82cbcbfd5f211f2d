import { z } from 'zod';
import { err, filter, idSchema, timeSchema } from '../fields.js';
import { timeOrder } from '../requests/common.js';
import { censorLogFilterSchema } from '../requests/lists.js';

/** One match in a log record's text: `text.slice(start, end)` is what the screen paints red; `word` as the library spells it. */
export const censorSpanSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  word: z.string(),
});
export type CensorSpan = z.infer<typeof censorSpanSchema>;

/** The log's background jobs: a rescan of a time range, an export of a filtered log. */
export const CENSOR_JOB_KINDS = ['RESCAN', 'EXPORT'] as const;
export type CensorJobKind = (typeof CENSOR_JOB_KINDS)[number];
/** RUNNING until DONE or FAILED (a job whose process stopped answering is FAILED). */
export const CENSOR_JOB_STATES = ['RUNNING', 'DONE', 'FAILED'] as const;
export type CensorJobState = (typeof CENSOR_JOB_STATES)[number];
/** Export files: CSV (UTF-8 with a BOM, so Excel reads Chinese) or XLSX. */
export const CENSOR_EXPORT_FORMATS = ['XLSX', 'CSV'] as const;
export type CensorExportFormat = (typeof CENSOR_EXPORT_FORMATS)[number];
/** The spec's export type of the log. */
export const CENSOR_LOG_EXPORT_TYPE = 'CS_CENSOR_LOG';

/**
 * /v3/system/censor-log/rescan: re-apply the current libraries to the messages sent from `timeFrom` to `timeTo`
 * (a date alone is the whole day), on one service line or all.
 */
export const censorRescanBodySchema = z
  .object({
    timeFrom: timeSchema.meta({ description: 'first send time (a date alone: from the start of that day)' }),
    timeTo: timeSchema.meta({ description: 'last send time (a date alone: to the end of that day)' }),
    lineId: filter(idSchema),
  })
  .superRefine((b, ctx) => timeOrder(b.timeFrom, b.timeTo, ctx));
export type CensorRescanBody = z.infer<typeof censorRescanBodySchema>;

/** /v3/system/censor-log/export: the log's filters (the line required, as on the screen), the format. */
export const censorLogExportBodySchema = censorLogFilterSchema.safeExtend({
  exportType: z.literal(CENSOR_LOG_EXPORT_TYPE, err('common.invalidOption')).default(CENSOR_LOG_EXPORT_TYPE),
  format: z.enum(CENSOR_EXPORT_FORMATS).default('XLSX'),
});
export type CensorLogExportBody = z.infer<typeof censorLogExportBodySchema>;

/** A job started: its id (for the progress call) and how much it has to do. */
export const censorJobStartedSchema = z.object({ jobId: z.string(), total: z.number().int().min(0) });
export type CensorJobStarted = z.infer<typeof censorJobStartedSchema>;

/** Where a rescan or an export is. `percent` is 100 exactly when DONE. */
export const censorJobProgressSchema = z.object({
  jobId: z.string(),
  kind: z.enum(CENSOR_JOB_KINDS),
  state: z.enum(CENSOR_JOB_STATES),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  percent: z.number().int().min(0).max(100),
  error: z.string().nullish(),
  /** an export's file name once written (download it by jobId) */
  fileName: z.string().nullish(),
  startTime: timeSchema,
  endTime: timeSchema.nullish(),
});
export type CensorJobProgress = z.infer<typeof censorJobProgressSchema>;
