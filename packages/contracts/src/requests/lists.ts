/**
 * Filters of every list call, named as the spec names them. Filters are optional ('' and null mean "no filter");
 * the screens' defaults (status CHECKED, YESTERDAY, …) are in `LIST_DEFAULTS`, not forced on API callers.
 */
import { z } from 'zod';
import { CensorFlag, SenderRole } from '../enums/chat.js';
import { ActiveStatus, Deleted, type QuickDate } from '../enums/common.js';
import {
  AiResultTimeBy,
  ComplaintStatusFilter,
  ComplaintTimeBy,
  ComplaintType,
  ManualResultTimeBy,
  ManualStatusFilter,
  QcResultStatus,
  RuleType,
  SchemeType,
  TargetType,
} from '../enums/qc.js';
import { QcTaskType } from '../enums/task.js';
import {
  boolFilterSchema,
  err,
  filter,
  idSchema,
  LIMITS,
  requiredText,
  scoreSchema,
  storableString,
} from '../fields.js';
import { listBodyShape, scoreOrder, scoreSortsSchema, timeOrder, timeRangeShape } from './common.js';

const text = (max = 100) => filter(storableString().trim().max(max));
const id = () => filter(idSchema);
/** a record's id (numbers): anything else is refused at its field rather than matching nothing (issue 15, defect 10) */
const recordId = () => filter(idSchema.regex(/^\d+$/, err('common.recordIdFormat')));
const score = () => filter(scoreSchema);
const bool = () => filter(boolFilterSchema);
/** satisfaction values 1..5, multiple choice */
const satisfaction = () =>
  filter(z.array(z.number().int().min(LIMITS.satisfactionMin).max(LIMITS.satisfactionMax)).max(5));

/** AI result list (/v3/chats/ai-result/page and /list). */
export const aiResultFilterSchema = z
  .object({
    ...listBodyShape,
    id: recordId(),
    agentId: recordId(),
    groupId: recordId(),
    sessionId: id(),
    schemeId: recordId(),
    /** beyond the spec: results on one service line (the QC overview's breakdown clicks through to it) */
    lineId: recordId(),
    /** beyond the spec: results that one rule hit (the overview's most-hit rules click through to it) */
    ruleId: recordId(),
    aiStatus: filter(QcResultStatus.schema),
    /** sensitive-word library */
    censorBanId: recordId(),
    /** satisfaction ratings */
    scores: satisfaction(),
    agentWords: text(),
    customerWords: text(),
    /** channel */
    trackClient: text(),
    beginAiScore: score(),
    endAiScore: score(),
    beginReviewScore: score(),
    endReviewScore: score(),
    isComplaint: bool(),
    isReview: bool(),
    isVeto: bool(),
    resolved: bool(),
    timeby: AiResultTimeBy.schema.default('createTime'),
    ...timeRangeShape,
    deleted: Deleted.schema.default('NONE'),
    scoreSorts: filter(scoreSortsSchema),
  })
  .superRefine((f, ctx) => {
    timeOrder(f.timeFrom, f.timeTo, ctx);
    scoreOrder(f.beginAiScore, f.endAiScore, ctx, 'endAiScore');
    scoreOrder(f.beginReviewScore, f.endReviewScore, ctx, 'endReviewScore');
  });
export type AiResultFilter = z.infer<typeof aiResultFilterSchema>;

/** Manual result list (/v3/chats/qc-manual-result/page and /list); `pass` also comes as 'true'/'false'. */
export const manualResultFilterSchema = z
  .object({
    ...listBodyShape,
    id: recordId(),
    customerId: id(),
    customerNick: text(),
    customerPhone: text(30),
    agentId: recordId(),
    groupId: recordId(),
    sessionId: id(),
    schemeId: recordId(),
    /** ALL or one status; the screen defaults to CHECKED */
    manualStatus: filter(ManualStatusFilter.schema),
    censorBanId: recordId(),
    scores: satisfaction(),
    agentWords: text(),
    trackClient: text(),
    customerWords: text(),
    pass: bool(),
    resolved: bool(),
    beginScore: score(),
    endScore: score(),
    timeby: ManualResultTimeBy.schema.default('createTime'),
    ...timeRangeShape,
    deleted: Deleted.schema.default('NONE'),
    scoreSorts: filter(scoreSortsSchema),
  })
  .superRefine((f, ctx) => {
    timeOrder(f.timeFrom, f.timeTo, ctx);
    scoreOrder(f.beginScore, f.endScore, ctx, 'endScore');
  });
export type ManualResultFilter = z.infer<typeof manualResultFilterSchema>;

/** Complaint list (/v3/chats/complaint/page and /list). */
export const complaintFilterSchema = z
  .object({
    ...listBodyShape,
    sessionId: id(),
    resultId: id(),
    agentId: id(),
    groupId: id(),
    status: filter(ComplaintStatusFilter.schema),
    type: filter(ComplaintType.schema),
    timeby: ComplaintTimeBy.schema.default('createTime'),
    ...timeRangeShape,
  })
  .superRefine((f, ctx) => timeOrder(f.timeFrom, f.timeTo, ctx));
export type ComplaintFilter = z.infer<typeof complaintFilterSchema>;

/** QC scheme list (/v3/chats/qc-scheme/page and /list): tab targetType, view deleted. */
export const schemeFilterSchema = z.object({
  ...listBodyShape,
  targetType: TargetType.schema.default('AI'),
  deleted: Deleted.schema.default('NONE'),
  keyword: text(),
  type: filter(SchemeType.schema),
  status: filter(ActiveStatus.schema),
});
export type SchemeFilter = z.infer<typeof schemeFilterSchema>;

/** QC rule list (/v3/chats/qc-rule/page and /list); `limit` serves the listTop lookups (at most 100). */
export const ruleFilterSchema = z.object({
  ...listBodyShape,
  keyword: text(),
  type: filter(RuleType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type RuleFilter = z.infer<typeof ruleFilterSchema>;

/** QC task list (/v3/chats/qc-task/page and /list); the screen's tab is OFFLINE_TEXT. */
export const qcTaskFilterSchema = z.object({
  ...listBodyShape,
  keyword: text(),
  type: filter(QcTaskType.schema),
  status: filter(ActiveStatus.schema),
});
export type QcTaskFilter = z.infer<typeof qcTaskFilterSchema>;

/** Sensitive-word library list (/v3/system/censor-ban/page and /list): tab flag. */
export const censorBanFilterSchema = z.object({
  ...listBodyShape,
  keyword: text(),
  flag: filter(CensorFlag.schema),
  status: filter(ActiveStatus.schema),
});
export type CensorBanFilter = z.infer<typeof censorBanFilterSchema>;

/** Sensitive-word log: a service line must be chosen before querying ('请选择客服号后查询'). */
export const censorLogFilterSchema = z
  .object({
    ...listBodyShape,
    keyword: text(),
    lineId: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredText(64, 'censor.lineRequired')),
    censorBanId: id(),
    senderRole: filter(SenderRole.schema),
    sessionId: id(),
    timeby: z.enum(['sendTime']).default('sendTime'),
    ...timeRangeShape,
  })
  .superRefine((f, ctx) => timeOrder(f.timeFrom, f.timeTo, ctx));
export type CensorLogFilter = z.infer<typeof censorLogFilterSchema>;

/**
 * Chat message page: chatId, sessionId with query page/size (50 in result and complaint views, 30 elsewhere);
 * `censor` true: only the messages a sensitive-word library acted on (a censor operation).
 */
export const messagePageFilterSchema = z
  .object({ chatId: id(), sessionId: id(), censor: bool() })
  .refine((f) => Boolean(f.chatId || f.sessionId), { ...err('common.required'), path: ['sessionId'] });
export type MessagePageFilter = z.infer<typeof messagePageFilterSchema>;

/** Message fetch by cursor: `{chatId, cursor}`; the answer has records and nextCursor. */
export const messageFetchBodySchema = z.object({ chatId: idSchema, cursor: z.string().max(200).nullish() });
export type MessageFetchBody = z.infer<typeof messageFetchBodySchema>;

/** What the screens start with (the spec's defaults); the quick date is turned into timeFrom/timeTo. */
export const LIST_DEFAULTS = {
  aiResult: { aiStatus: 'CHECKED', quickDate: 'YESTERDAY', timeby: 'createTime', deleted: 'NONE' },
  manualResult: { manualStatus: 'CHECKED', quickDate: 'YESTERDAY', timeby: 'createTime' },
  complaint: { status: 'PENDING', quickDate: 'YESTERDAY', timeby: 'createTime' },
  scheme: { targetType: 'AI', deleted: 'NONE' },
  qcTask: { type: 'OFFLINE_TEXT' },
  censorBan: { flag: 'cs-agent' },
} as const satisfies Record<string, { quickDate?: QuickDate } & Record<string, string>>;
