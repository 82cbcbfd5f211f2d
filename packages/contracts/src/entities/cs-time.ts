import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { WEEKDAYS } from '../enums/desk.js';
import { auditShape, err, filter, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { groupRefSchema } from './refs.js';

/** Limits of the desk-staffing area (online-service-config §5, §9; the ones marked ours the spec does not give). */
export const DESK_LIMITS = {
  /** names of service times, skill groups; agent nick */
  nameMax: LIMITS.nameMax,
  /** codes (ours: as a line code, spec §9) */
  codeMax: 50,
  /** intro, prompt and remark texts (ours) */
  textMax: 500,
  /** agent reception ceiling: 1..1000, 20 on create */
  capacityMin: 1,
  capacityMax: 1000,
  capacityDefault: 20,
  mobileMax: 15,
  softNumberMax: 20,
  /** timeout blocks: minutes (ours: up to a day) */
  timeoutMinutesMax: 1440,
} as const;

/** `HH:mm` (seconds allowed) of a service period. */
export const clockTimeSchema = z
  .string({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, err('common.invalidTime'));
/** `YYYY-MM-DD` of a special period. */
export const isoDateSchema = z
  .string({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .regex(/^\d{4}-\d{2}-\d{2}$/, err('common.invalidTime'))
  .refine((s) => !Number.isNaN(Date.parse(s)), err('common.invalidTime'));

/** A weekly period: weekdays (1 Monday … 7 Sunday) with a begin and an end time. */
export const generalPeriodSchema = z.object({
  daysOfWeek: z.array(z.number().int().min(1).max(7)).max(WEEKDAYS.length),
  beginTime: clockTimeSchema,
  endTime: clockTimeSchema,
});
export type GeneralPeriod = z.infer<typeof generalPeriodSchema>;

/** A date range with a begin and an end time each day, and a remark (a holiday, an event). */
export const specialPeriodSchema = z.object({
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  beginTime: clockTimeSchema,
  endTime: clockTimeSchema,
  remark: z.string().nullish(),
});
export type SpecialPeriod = z.infer<typeof specialPeriodSchema>;

/** `config` of a service time as stored and answered. */
export const csTimeConfigSchema = z.object({
  generalPeriods: z.array(generalPeriodSchema),
  specialPeriods: z.array(specialPeriodSchema),
});
export type CsTimeConfig = z.infer<typeof csTimeConfigSchema>;

/** One span of today's service (`todayTimes`). */
export const todayTimeSchema = z.object({ beginTime: z.string(), endTime: z.string() });
export type TodayTime = z.infer<typeof todayTimeSchema>;

/** The prompt a new service time starts with: `{X}` stands for the service hours (spec §5). */
export const CS_TIME_DEFAULT_PROMPT = {
  zh: '您好，人工客服服务时间为{X}',
  en: 'Our human service hours are {X}',
} as const;

/** A service time (online-service-config §3.3). */
export const csTimeSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullish(),
  prompt: z.string().nullish(),
  config: csTimeConfigSchema,
  /** the skill groups that use it */
  groups: z.array(groupRefSchema),
  /** today's spans in the desk's time zone: the special periods covering today, else the general ones */
  todayTimes: z.array(todayTimeSchema),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CsTime = z.infer<typeof csTimeSchema>;

// ---- save --------------------------------------------------------------------------------------------------

const optionalClock = z.preprocess((v) => (v === '' ? null : v), clockTimeSchema.nullish());
const optionalDate = z.preprocess((v) => (v === '' ? null : v), isoDateSchema.nullish());

/** A general period as the form sends it: any part may still be empty (such rows are dropped, spec §5). */
const generalPeriodInput = z.object({
  daysOfWeek: z
    .array(z.number().int().min(1).max(7))
    .max(WEEKDAYS.length)
    .refine((days) => new Set(days).size === days.length, err('common.duplicate'))
    .nullish(),
  beginTime: optionalClock,
  endTime: optionalClock,
});
const specialPeriodInput = z
  .object({
    beginDate: optionalDate,
    endDate: optionalDate,
    beginTime: optionalClock,
    endTime: optionalClock,
    remark: optionalText(DESK_LIMITS.textMax),
  })
  .superRefine((p, ctx) => {
    if (p.beginDate && p.endDate && p.endDate < p.beginDate)
      ctx.addIssue({ code: 'custom', message: 'common.timeOrder', path: ['endDate'] });
  });

/** A general period is complete with weekdays, a begin and an end time (spec §5). */
export function isCompleteGeneralPeriod(p: z.input<typeof generalPeriodInput>): p is GeneralPeriod {
  return (p.daysOfWeek?.length ?? 0) > 0 && !!p.beginTime && !!p.endTime;
}
/** A special period is complete with both dates and both times (spec §5). */
export function isCompleteSpecialPeriod(p: z.input<typeof specialPeriodInput>): p is SpecialPeriod {
  return !!p.beginDate && !!p.endDate && !!p.beginTime && !!p.endTime;
}

/**
 * The periods of a save: incomplete rows are dropped; at least one complete period must remain, else the spec's
 * warning 'General and special periods: please set at least one' on `config`.
 */
export const csTimeConfigInputSchema = z
  .object({
    generalPeriods: z.array(generalPeriodInput).max(100).default([]),
    specialPeriods: z.array(specialPeriodInput).max(500).default([]),
  })
  .transform(
    (c): CsTimeConfig => ({
      generalPeriods: c.generalPeriods.filter(isCompleteGeneralPeriod).map((p) => ({
        daysOfWeek: [...p.daysOfWeek].sort((a, b) => a - b),
        beginTime: p.beginTime,
        endTime: p.endTime,
      })),
      specialPeriods: c.specialPeriods.filter(isCompleteSpecialPeriod).map((p) => ({
        beginDate: p.beginDate,
        endDate: p.endDate,
        beginTime: p.beginTime,
        endTime: p.endTime,
        remark: p.remark ?? null,
      })),
    }),
  )
  .refine((c) => c.generalPeriods.length + c.specialPeriods.length > 0, err('desk.time.periodRequired'));

/** /v3/chats/cs-time/create or /change: `{id, version, name, code, prompt, config}`. */
export const csTimeSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(DESK_LIMITS.nameMax),
    code: optionalText(DESK_LIMITS.codeMax),
    // required; a body without one takes the default text (a blank one is refused)
    prompt: storableString()
      .trim()
      .min(1, err('common.required'))
      .max(DESK_LIMITS.textMax)
      .default(CS_TIME_DEFAULT_PROMPT.zh),
    config: z.preprocess((v) => v ?? {}, csTimeConfigInputSchema),
  })
  .superRefine(requireVersionOnChange);
export type CsTimeSave = z.infer<typeof csTimeSaveSchema>;

/** /v3/chats/cs-time/page and /list: keyword (name or code), the trash view, a /list limit. */
export const csTimeFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(DESK_LIMITS.nameMax)),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CsTimeFilter = z.infer<typeof csTimeFilterSchema>;
