import { customFieldSaveSchema } from '@qcdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../crud/entity-table.js';
import { customFields, summaryConfigs } from '../db/schema/index.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/**
 * The demo's custom fields, of types a service summary uses. The codes of 咨询类型 and 客户电话 are those the demo
 * sessions' summaries carry (tasks/demo-seeder.ts), so their values line up with the configured form.
 */
export const DEMO_CUSTOM_FIELDS = [
  {
    name: '咨询类型',
    code: 'category',
    type: 'RADIO',
    options: ['业务咨询', '故障报修', '退款申请', '物流查询', '投诉处理', '账号问题'].map((label) => ({
      label,
      value: label,
    })),
  },
  { name: '问题描述', code: 'description', type: 'TEXTAREA', placeholder: '客户遇到了什么问题，如何处理的' },
  { name: '客户电话', code: 'phone', type: 'PHONE', placeholder: '回访用的联系电话' },
  {
    name: '是否解决',
    code: 'solved',
    type: 'RADIO',
    options: [
      { label: '已解决', value: 'YES' },
      { label: '未解决', value: 'NO' },
    ],
  },
  { name: '回访日期', code: 'callBackDate', type: 'DATE', intro: '未解决的问题约定回访的日期' },
] as const satisfies readonly z.input<typeof customFieldSaveSchema>[];

/** The demo summary: every demo field in the order above; the type and the outcome required, type and phone searchable. */
export const DEMO_SUMMARY = {
  name: '在线服务小结',
  required: ['category', 'solved'],
  search: ['category', 'phone'],
} as const;

/** The fields, then the summary made of them (by the organisation's administrator). */
export async function seedDemoSummaries({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  // parsed as a save is, so the demo holds only what the console would accept
  const fields = await db
    .insert(customFields)
    .values(
      DEMO_CUSTOM_FIELDS.map((field) => {
        const parsed = customFieldSaveSchema.parse(field);
        return {
          ...audit,
          name: parsed.name,
          code: parsed.code,
          type: parsed.type,
          options: parsed.options,
          placeholder: parsed.placeholder ?? null,
          intro: parsed.intro ?? null,
        };
      }),
    )
    .returning({ id: customFields.id, code: customFields.code });
  const codes: readonly string[] = DEMO_CUSTOM_FIELDS.map((field) => field.code);
  await db.insert(summaryConfigs).values({
    ...audit,
    name: DEMO_SUMMARY.name,
    type: 'ONLINE',
    fields: [...fields]
      .sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code))
      .map((field) => ({
        fieldId: field.id,
        required: (DEMO_SUMMARY.required as readonly string[]).includes(field.code),
        search: (DEMO_SUMMARY.search as readonly string[]).includes(field.code),
      })),
  });
  log(`演示服务小结 demo summary: ${DEMO_SUMMARY.name} (${fields.length} 个自定义字段 custom fields)`);
}

/**
 * The demo summary's key; throws when the summaries step has not run. A step that uses it imports this module, which
 * puts the summaries step before it (seeders run in the order their modules load).
 */
export async function findDemoSummary(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ id: summaryConfigs.id })
    .from(summaryConfigs)
    .where(
      and(
        eq(summaryConfigs.organizationId, organizationId),
        eq(summaryConfigs.name, DEMO_SUMMARY.name),
        eq(summaryConfigs.deleted, 'NONE'),
      ),
    );
  if (row === undefined)
    throw new Error(`demo seed: summary ${DEMO_SUMMARY.name} of organisation ${organizationId} is missing`);
  return row.id;
}

demoSeeders.push({ step: 'summaries', atomic: true, seed: seedDemoSummaries });
