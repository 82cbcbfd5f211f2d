import {
  type DeleteBody,
  deleteAnswerSchema,
  deleteBodySchema,
  idSchema,
  LIMITS,
  pageQuerySchema,
  qcRuleSchema,
  type RuleFilter,
  type RuleSave,
  ruleFilterSchema,
  rulePageSchema,
  ruleSaveSchema,
  saveAction,
  savedAnswerSchema,
  statusAnswerSchema,
  statusBodySchema,
} from '@qcdesk/contracts';
import { and, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createdBy,
  modifiedBy,
  moveDeleted,
  notFound,
  type Queryable,
  requireAllVisible,
  updateVersioned,
  visible,
} from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import type { Database } from '../../db/connect.js';
import { qcAngleRules, qcAngles, qcRules, qcSchemes } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { checkConditionConfig } from './check-condition-config.js';
import { RULE, ruleRecord } from './rule-record.js';

const tags = ['qc-rule'];

/** QC rules: /v3/chats/qc-rule/page, list, detail, detail-outId, create, change, delete, status. */
export async function qcRuleRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const record = (row: typeof qcRules.$inferSelect) => ruleRecord(row, config.timeZone);

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/page',
      query: pageQuerySchema,
      body: ruleFilterSchema,
      summary: 'rules, a page at a time (keyword, type, deleted), newest change first',
      response: rulePageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const where = ruleWhere(body, auth);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(qcRules)
          .where(where)
          .orderBy(desc(qcRules.modifyTime), desc(qcRules.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(qcRules).where(where),
      ]);
      return pageAnswer(
        rows.map((r) => pickFields(record(r), body.fields)),
        total?.n ?? 0,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/list',
      body: ruleFilterSchema,
      summary: `rules matching the filters, at most \`limit\` (default and most ${LIMITS.topLookup}) — the listTop lookup`,
      response: z.array(qcRuleSchema),
      tags,
    },
    async ({ body, auth }) => {
      const rows = await db
        .select()
        .from(qcRules)
        .where(ruleWhere(body, auth))
        .orderBy(desc(qcRules.modifyTime), desc(qcRules.id))
        .limit(body.limit ?? LIMITS.topLookup);
      return rows.map((r) => pickFields(record(r), body.fields));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/detail',
      query: z.object({ ruleId: idSchema }),
      body: noBody,
      summary: 'one rule with its conditionConfig',
      response: qcRuleSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => record(await loadRule(db, auth, query.ruleId)),
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/detail-outId',
      query: z.object({ ruleOutId: z.string().trim().min(1, { error: 'common.required' }).max(64) }),
      body: noBody,
      summary: 'one rule by its outside id (ruleOutId)',
      response: qcRuleSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const [row] = await db
        .select()
        .from(qcRules)
        .where(and(eq(qcRules.ruleOutId, query.ruleOutId), visible(qcRules, auth)));
      if (row === undefined) throw notFound(RULE, query.ruleOutId);
      return record(row);
    },
  );

  for (const path of ['/v3/chats/qc-rule/create', '/v3/chats/qc-rule/change'] as const) {
    defineRoute(
      app,
      {
        path,
        body: ruleSaveSchema,
        summary:
          'save a rule: creates without id, changes with id and version; conditionConfig is compiled by the engine',
        response: savedAnswerSchema,
        errors: path.endsWith('/change') ? [404, 409] : [],
        tags,
      },
      async ({ body, auth }) => ({ id: await saveRule(db, auth, body) }),
    );
  }

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/delete',
      body: deleteBodySchema,
      summary: 'delete (NONE→TRASH), restore (TRASH→NONE) or empty (TRASH→BUFFER) rules',
      response: deleteAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      if (body.deleted === 'TRASH') await refuseRulesInUse(db, auth, body);
      return moveDeleted(db, qcRules, auth, body.ids, body.deleted, RULE);
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/status',
      body: statusBodySchema,
      summary: 'switch rules on (ACTIVE) or off (INACTIVE)',
      response: statusAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const keys = await requireAllVisible(db, qcRules, auth, body.ids, RULE);
      await db
        .update(qcRules)
        .set({ status: body.status, ...modifiedBy(auth) })
        .where(and(inArray(qcRules.id, keys), eq(qcRules.organizationId, auth.organizationId)));
      return { ids: body.ids, status: body.status };
    },
  );
}

function ruleWhere(filter: RuleFilter, auth: RequestAuth): SQL {
  const parts: SQL[] = [eq(qcRules.organizationId, auth.organizationId), eq(qcRules.deleted, filter.deleted)];
  if (filter.keyword) parts.push(ilike(qcRules.name, `%${escapeLike(filter.keyword)}%`));
  if (filter.type) parts.push(eq(qcRules.type, filter.type));
  return and(...parts)!;
}

/** `%` and `_` in a keyword are searched for, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function loadRule(db: Queryable, auth: RequestAuth, id: string) {
  const key = dbId(id);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(qcRules)
          .where(and(eq(qcRules.id, key), visible(qcRules, auth)));
  if (row === undefined) throw notFound(RULE, id);
  return row;
}

async function saveRule(db: Database, auth: RequestAuth, body: RuleSave): Promise<string> {
  const conditionConfig = body.conditionConfig ?? null;
  // manual (PERSON) rules are scored by people: their conditionConfig only carries ruleScore
  if (conditionConfig !== null && body.type === 'AI')
    checkConditionConfig(body.id ?? 'new', body.name, conditionConfig);
  const values = {
    name: body.name,
    type: body.type,
    businessId: body.businessId ?? null,
    categoryId: body.categoryId ?? null,
    ruleOutId: body.ruleOutId ?? null,
    comments: body.comments ?? null,
    conditionConfig: conditionConfig as Record<string, unknown> | null,
  };
  // the check answers the usual case; the unique index decides between saves at the same moment
  const saving = db.transaction(async (tx) => {
    if (values.ruleOutId !== null) await refuseDuplicateOutId(tx, auth, values.ruleOutId, body.id);
    if (saveAction(body) === 'create') {
      const [row] = await tx
        .insert(qcRules)
        .values({ ...values, ...createdBy(auth) })
        .returning({ id: qcRules.id });
      return String(row!.id);
    }
    await updateVersioned(tx, qcRules, auth, body.id!, body.version, values, RULE);
    return body.id!;
  });
  return saving.catch((error: unknown) => {
    throw isUniqueViolation(error, 'qc_rules_org_out_id_uq') ? duplicateOutId(values.ruleOutId ?? '') : error;
  });
}

const duplicateOutId = (ruleOutId: string) =>
  ApiError.of(400, 'DUPLICATE', 'common.duplicate', { value: ruleOutId }, 'ruleOutId');

async function refuseDuplicateOutId(db: Queryable, auth: RequestAuth, ruleOutId: string, id: string | undefined) {
  const parts = [eq(qcRules.ruleOutId, ruleOutId), visible(qcRules, auth)];
  const key = id === undefined ? null : dbId(id);
  if (key !== null) parts.push(ne(qcRules.id, key));
  const [other] = await db
    .select({ id: qcRules.id })
    .from(qcRules)
    .where(and(...parts));
  if (other !== undefined) throw duplicateOutId(ruleOutId);
}

/** A rule still linked in a scheme cannot go to the trash: the scheme would silently lose it. */
async function refuseRulesInUse(db: Database, auth: RequestAuth, body: DeleteBody): Promise<void> {
  const keys = body.ids.map((id) => dbId(id) ?? 0);
  const uses = await db
    .select({ ruleId: qcAngleRules.ruleId, ruleName: qcRules.name, schemeName: qcSchemes.name })
    .from(qcAngleRules)
    .innerJoin(qcAngles, eq(qcAngles.id, qcAngleRules.angleId))
    .innerJoin(qcSchemes, eq(qcSchemes.id, qcAngleRules.schemeId))
    .innerJoin(qcRules, eq(qcRules.id, qcAngleRules.ruleId))
    .where(
      and(
        inArray(qcAngleRules.ruleId, keys),
        eq(qcAngleRules.organizationId, auth.organizationId),
        eq(qcAngleRules.deleted, 'NONE'),
        eq(qcAngles.deleted, 'NONE'),
        ne(qcSchemes.deleted, 'BUFFER'),
      ),
    );
  const first = uses[0];
  if (first === undefined) return;
  const schemes = [...new Set(uses.filter((u) => u.ruleId === first.ruleId).map((u) => u.schemeName))].join('、');
  throw new ApiError(
    400,
    'RULE_IN_USE',
    `规则“${first.ruleName}”已关联在质检方案“${schemes}”中，请先取消关联再删除`,
    `rule "${first.ruleName}" is linked in the QC scheme "${schemes}"; unlink it before deleting it`,
    `ids[${keys.indexOf(first.ruleId)}]`,
  );
}
