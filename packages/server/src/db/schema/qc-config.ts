import type {
  ActiveStatus,
  ConditionConfig,
  RuleType,
  SchemeType,
  ScoringStyle,
  schemeConfigSchema,
  TargetType,
} from '@qcdesk/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { entityColumns } from './columns.js';

/** A QC scheme: AI (rule-driven) or PERSON (scored by an inspector), made of angles. */
export const qcSchemes = pgTable(
  'qc_schemes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: text('status').$type<ActiveStatus>().notNull().default('INACTIVE'),
    /** TEXT or VOICE */
    type: text('type').$type<SchemeType>().notNull(),
    /** AI or PERSON */
    targetType: text('target_type').$type<TargetType>().notNull(),
    groupId: text('group_id'),
    groupName: text('group_name'),
    schemeOutId: text('scheme_out_id'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** SCORE or PASS (PERSON only) */
    style: text('style').$type<ScoringStyle>(),
    comments: text('comments'),
    /** PERSON scheme settings, or the veto rule ids of an AI scheme (qc-area §3 schemeConfig), as the save checked them */
    schemeConfig: jsonb('scheme_config').$type<z.input<typeof schemeConfigSchema>>(),
    ...entityColumns(),
  },
  (t) => [
    index('qc_schemes_list_idx').on(t.organizationId, t.deleted, t.targetType, t.modifyTime.desc()),
    index('qc_schemes_status_idx').on(t.organizationId, t.status),
  ],
);

/** A scoring dimension of a scheme (at most 10 per scheme). */
export const qcAngles = pgTable(
  'qc_angles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => qcSchemes.id),
    name: text('name').notNull(),
    score: integer('score').notNull(),
    ...entityColumns(),
  },
  (t) => [index('qc_angles_scheme_idx').on(t.organizationId, t.schemeId, t.deleted)],
);

/** A rule linked into an angle. */
export const qcAngleRules = pgTable(
  'qc_angle_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schemeId: bigint('scheme_id', { mode: 'number' })
      .notNull()
      .references(() => qcSchemes.id),
    angleId: bigint('angle_id', { mode: 'number' })
      .notNull()
      .references(() => qcAngles.id),
    ruleId: bigint('rule_id', { mode: 'number' })
      .notNull()
      .references(() => qcRules.id),
    ...entityColumns(),
  },
  (t) => [
    index('qc_angle_rules_angle_idx').on(t.organizationId, t.angleId, t.deleted),
    index('qc_angle_rules_scheme_idx').on(t.organizationId, t.schemeId, t.deleted),
    index('qc_angle_rules_rule_idx').on(t.ruleId),
    // a rule is linked into an angle once (linking it again keeps the link): two link calls at once made two
    uniqueIndex('qc_angle_rules_angle_rule_uq').on(t.angleId, t.ruleId).where(sql`${t.deleted} = 'NONE'`),
  ],
);

/** A reusable QC rule; `conditionConfig` is what the engine compiles. */
export const qcRules = pgTable(
  'qc_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** AI (detection conditions) or PERSON (manual) */
    type: text('type').$type<RuleType>().notNull(),
    status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
    businessId: text('business_id'),
    businessName: text('business_name'),
    categoryId: text('category_id'),
    categoryName: text('category_name'),
    ruleOutId: text('rule_out_id'),
    comments: text('comments'),
    conditionConfig: jsonb('condition_config').$type<ConditionConfig>(),
    ...entityColumns(),
  },
  (t) => [
    index('qc_rules_list_idx').on(t.organizationId, t.deleted, t.type, t.modifyTime.desc()),
    index('qc_rules_out_id_idx').on(t.organizationId, t.ruleOutId),
    // an outside id names one rule of the organisation (the trash included: a restored rule keeps its id)
    uniqueIndex('qc_rules_org_out_id_uq').on(t.organizationId, t.ruleOutId).where(sql`${t.deleted} <> 'BUFFER'`),
    index('qc_rules_category_idx').on(t.organizationId, t.categoryId),
  ],
);
