import type { ComplaintStatus, ComplaintType, QcResultStatus, RuleScoreType, ScoringStyle } from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';
import { qcSchemes } from './qc-config.js';
import { chatSessions, type SessionGroup } from './sessions.js';

/** `conditionHitInfo` of the spec: the hit sentence and the matched spans in it. */
export interface StoredHitInfo {
  readonly cid: string;
  readonly phrase: { readonly pid: string; readonly index: number; readonly words: string };
  readonly keyWords: {
    readonly keyWord: readonly { readonly val: string; readonly from: number; readonly to: number }[];
  };
}

/** One entry of an AI result's `resultRules`: a hit rule, the points it applied, the reviewer's verdict. */
export interface StoredResultRule {
  readonly ruleId: number;
  readonly ruleName: string;
  readonly ruleOutId: string | null;
  /** points applied by the rule's score settings, as a positive number */
  readonly scoreNum: number;
  readonly ruleScoreType: RuleScoreType | null;
  readonly hitCount: number;
  /** the reviewer's number for this rule (null until re-inspected) */
  readonly reviewScore: number | null;
  readonly isVeto: boolean;
  readonly conditions: { readonly conditionHitInfo: readonly StoredHitInfo[] };
}

/**
 * The copy of the session's list columns every result keeps, so that the result lists filter and sort on one
 * table with its own indexes (agent, groups, channel, satisfaction, session times).
 */
const sessionColumns = {
  sessionRef: bigint('session_ref', { mode: 'number' })
    .notNull()
    .references(() => chatSessions.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  chatId: text('chat_id').notNull(),
  lineId: bigint('line_id', { mode: 'number' }),
  agentId: bigint('agent_id', { mode: 'number' }),
  agentName: text('agent_name'),
  agentNick: text('agent_nick'),
  customerId: text('customer_id'),
  customerNick: text('customer_nick'),
  groups: jsonb('groups').$type<SessionGroup[]>().notNull().default([]),
  groupIds: bigint('group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  trackClient: text('track_client'),
  satisfaction: integer('satisfaction'),
  resolved: boolean('resolved'),
  duration: integer('duration').notNull().default(0),
  /** session start (the lists' `createTime`) */
  sessionBeginTime: timestamp('session_begin_time', { withTimezone: true }).notNull(),
  closeTime: timestamp('close_time', { withTimezone: true }),
};

/** Exactly one AI result per (session, scheme): the unique index makes every write an upsert. */
export const aiResults = pgTable(
  'ai_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...sessionColumns,
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => qcSchemes.id),
    schemeName: text('scheme_name').notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    aiScore: doublePrecision('ai_score').notNull(),
    aiStatus: text('ai_status').$type<QcResultStatus>().notNull().default('CHECKED'),
    isVeto: boolean('is_veto').notNull().default(false),
    resultRules: jsonb('result_rules').$type<StoredResultRule[]>().notNull().default([]),
    /**
     * The hit rules' ids, `[7, 9]`, kept by the database from result_rules: the overview ranks rules and the list
     * filters by rule without reading the evidence (result_rules is large and stored out of line).
     */
    ruleIds: jsonb('rule_ids')
      .$type<number[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array(result_rules, '$[*].ruleId')`),
    /** sensitive-word libraries that matched a message of the session */
    censorBanIds: bigint('censor_ban_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    reviewScore: doublePrecision('review_score'),
    isReview: boolean('is_review').notNull().default(false),
    reviewVeto: boolean('review_veto').notNull().default(false),
    isComplaint: boolean('is_complaint').notNull().default(false),
    comments: text('comments'),
    /**
     * The model that answered the scheme's model operators (the AI platform's name, or `builtin-lexicon`); null when
     * the scheme has none. `model_fallback`: the platform failed and the built-in model answered in its place.
     */
    modelId: text('model_id'),
    modelFallback: boolean('model_fallback').notNull().default(false),
    ...entityColumns(),
  },
  (t) => [
    uniqueIndex('ai_results_session_scheme_uq').on(t.sessionRef, t.schemeId),
    index('ai_results_org_begin_idx').on(t.organizationId, t.deleted, t.sessionBeginTime),
    // the AI result list as it opens (QC status CHECKED, newest session first, id for ties): rows come in order, the
    // count reads only the index, and the planner picks it even without statistics (PGlite never analyzes)
    index('ai_results_org_status_begin_idx').on(
      t.organizationId,
      t.deleted,
      t.aiStatus,
      t.sessionBeginTime.desc().nullsFirst(),
      t.id,
    ),
    index('ai_results_org_close_idx').on(t.organizationId, t.deleted, t.closeTime),
    index('ai_results_org_modify_idx').on(t.organizationId, t.deleted, t.modifyTime),
    index('ai_results_org_ai_score_idx').on(t.organizationId, t.aiScore),
    index('ai_results_org_review_score_idx').on(t.organizationId, t.reviewScore),
    index('ai_results_org_agent_idx').on(t.organizationId, t.agentId),
    index('ai_results_org_scheme_idx').on(t.organizationId, t.schemeId),
    index('ai_results_org_session_idx').on(t.organizationId, t.sessionId),
    index('ai_results_group_ids_idx').using('gin', t.groupIds),
    index('ai_results_censor_ban_ids_idx').using('gin', t.censorBanIds),
    index('ai_results_rule_ids_idx').using('gin', t.ruleIds),
  ],
);

/** One angle of a manual assessment with the inspector's rules. */
export interface StoredManualAngle {
  readonly angleId: number;
  readonly angleName: string;
  readonly angleScore: number | null;
  readonly manualRules: readonly StoredManualRule[];
}
export interface StoredManualRule {
  readonly angleId: number;
  readonly ruleId: number;
  readonly ruleName: string;
  readonly scoreNum: number;
  readonly pass: boolean | null;
  readonly fatalError: boolean;
  readonly reason: string | null;
}

/**
 * The manual result of a session against a PERSON scheme. A PERSON scheme's task creates them UNCHECKED;
 * inspectors move them to READY_CHECKED and assess them to CHECKED. One per (session, scheme).
 */
export const manualResults = pgTable(
  'manual_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...sessionColumns,
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => qcSchemes.id),
    schemeName: text('scheme_name').notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    /** SCORE or PASS, from the scheme */
    style: text('style').$type<ScoringStyle>().notNull().default('SCORE'),
    manualStatus: text('manual_status').$type<QcResultStatus>().notNull().default('UNCHECKED'),
    manualScore: doublePrecision('manual_score'),
    pass: boolean('pass'),
    manualAngles: jsonb('manual_angles').$type<StoredManualAngle[]>().notNull().default([]),
    appraisals: jsonb('appraisals').$type<{ title: string; appraise: string }[]>().notNull().default([]),
    vetoList: jsonb('veto_list').$type<{ vetoName: string }[]>().notNull().default([]),
    reviewScore: doublePrecision('review_score'),
    isReview: boolean('is_review').notNull().default(false),
    isComplaint: boolean('is_complaint').notNull().default(false),
    comments: text('comments'),
    /** when the inspector assessed it */
    resultTime: timestamp('result_time', { withTimezone: true }),
    ...entityColumns(),
  },
  (t) => [
    uniqueIndex('manual_results_session_scheme_uq').on(t.sessionRef, t.schemeId),
    index('manual_results_org_status_begin_idx').on(t.organizationId, t.deleted, t.manualStatus, t.sessionBeginTime),
    index('manual_results_org_score_idx').on(t.organizationId, t.manualScore),
    index('manual_results_org_agent_idx').on(t.organizationId, t.agentId),
    index('manual_results_org_scheme_idx').on(t.organizationId, t.schemeId),
    index('manual_results_group_ids_idx').using('gin', t.groupIds),
  ],
);

/** An uploaded file of an appeal, as stored (`complaintFiles`). */
export interface StoredComplaintFile {
  readonly name: string;
  readonly path: string;
}

/**
 * A complaint (appeal) against one AI or manual result: filed PENDING by the agent or an inspector, reviewed once
 * to ACTIVE (approved) or INACTIVE (rejected). The session's list columns are copied like the results' so the
 * complaint list filters on one table.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** AI or MANUAL: which table `resultId` names */
    type: text('type').$type<ComplaintType>().notNull(),
    resultId: bigint('result_id', { mode: 'number' }).notNull(),
    schemeId: bigint('scheme_id', { mode: 'number' }),
    sessionRef: bigint('session_ref', { mode: 'number' })
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    chatId: text('chat_id').notNull(),
    agentId: bigint('agent_id', { mode: 'number' }),
    agentName: text('agent_name'),
    groups: jsonb('groups').$type<SessionGroup[]>().notNull().default([]),
    groupIds: bigint('group_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** session start */
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull().default(0),
    status: text('status').$type<ComplaintStatus>().notNull().default('PENDING'),
    reason: text('reason').notNull(),
    complaintRules: jsonb('complaint_rules')
      .$type<{ ruleId: string; ruleName: string | null }[]>()
      .notNull()
      .default([]),
    attachment: text('attachment'),
    complaintFiles: jsonb('complaint_files').$type<StoredComplaintFile[]>().notNull().default([]),
    /** the reviewer's reason, attachment and note */
    commonReason: text('common_reason'),
    commonAttachment: text('common_attachment'),
    note: text('note'),
    reviewerId: bigint('reviewer_id', { mode: 'number' }),
    reviewerName: text('reviewer_name'),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    ...entityColumns(),
  },
  (t) => [
    index('complaints_org_status_create_idx').on(t.organizationId, t.deleted, t.status, t.createTime),
    index('complaints_org_start_idx').on(t.organizationId, t.deleted, t.startTime),
    index('complaints_org_modify_idx').on(t.organizationId, t.deleted, t.modifyTime),
    index('complaints_org_session_idx').on(t.organizationId, t.sessionId),
    index('complaints_org_agent_idx').on(t.organizationId, t.agentId),
    index('complaints_result_idx').on(t.type, t.resultId),
    // "one pending complaint per result" (qc-area §4): the filing route's check alone lets concurrent filings through
    uniqueIndex('complaints_one_pending_uq')
      .on(t.type, t.resultId)
      .where(sql`${t.status} = 'PENDING' and ${t.deleted} = 'NONE'`),
    index('complaints_group_ids_idx').using('gin', t.groupIds),
  ],
);
