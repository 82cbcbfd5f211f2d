import { type DeleteBody, qcRuleContract, qcRuleSchema } from '@qcdesk/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEntityRoutes, type EntityContext } from '../../crud/define-entity-routes.js';
import { notFound, type Queryable, visible } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { qcAngleRules, qcAngles, qcRules, qcSchemes } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import { checkConditionConfig } from './check-condition-config.js';
import { RULE, ruleRecord } from './rule-record.js';

/** QC rules: the contract's page, list, detail, create, change, delete and status, and detail-outId. */
export async function qcRuleRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  defineEntityRoutes(app, qcRuleContract, {
    table: qcRules,
    keywordColumns: [qcRules.name],
    where: (filter) => [filter.type ? eq(qcRules.type, filter.type) : undefined],
    records: (rows, { timeZone }) => rows.map((row) => ruleRecord(row, timeZone)),
    summaries: {
      page: 'rules, a page at a time (keyword, type, deleted), newest change first',
      detail: 'one rule with its conditionConfig',
    },
    save: {
      summary:
        'save a rule: creates without id, changes with id and version; conditionConfig is compiled by the engine',
      values: async (body, { tx, auth }) => {
        const conditionConfig = body.conditionConfig ?? null;
        // manual (PERSON) rules are scored by people: their conditionConfig only carries ruleScore
        if (conditionConfig !== null && body.type === 'AI')
          checkConditionConfig(body.id ?? 'new', body.name, conditionConfig);
        const ruleOutId = body.ruleOutId ?? null;
        // the check answers the usual case; the unique index decides between saves at the same moment
        if (ruleOutId !== null) await refuseDuplicateOutId(tx, auth.organizationId, ruleOutId, body.id);
        return {
          name: body.name,
          type: body.type,
          businessId: body.businessId ?? null,
          categoryId: body.categoryId ?? null,
          ruleOutId,
          comments: body.comments ?? null,
          conditionConfig,
        };
      },
      uniqueIndexes: { qc_rules_org_out_id_uq: (body) => duplicateOutId(body.ruleOutId ?? '') },
    },
    delete: {
      refuse: async (body, context) => {
        if (body.deleted === 'TRASH') await refuseRulesInUse(context, body);
      },
    },
  });

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-rule/detail-outId',
      query: z.object({ ruleOutId: z.string().trim().min(1, { error: 'common.required' }).max(64) }),
      body: noBody,
      summary: 'one rule by its outside id (ruleOutId)',
      response: qcRuleSchema,
      errors: [404],
      tags: ['qc-rule'],
    },
    async ({ query, auth }) => {
      const [row] = await db
        .select()
        .from(qcRules)
        .where(and(eq(qcRules.ruleOutId, query.ruleOutId), visible(qcRules, auth)));
      if (row === undefined) throw notFound(RULE, query.ruleOutId);
      return ruleRecord(row, config.timeZone);
    },
  );
}

const duplicateOutId = (ruleOutId: string) =>
  ApiError.of(400, 'DUPLICATE', 'common.duplicate', { value: ruleOutId }, 'ruleOutId');

async function refuseDuplicateOutId(db: Queryable, organizationId: number, ruleOutId: string, id: string | undefined) {
  const parts = [
    eq(qcRules.ruleOutId, ruleOutId),
    eq(qcRules.organizationId, organizationId),
    ne(qcRules.deleted, 'BUFFER'),
  ];
  const key = id === undefined ? null : dbId(id);
  if (key !== null) parts.push(ne(qcRules.id, key));
  const [other] = await db
    .select({ id: qcRules.id })
    .from(qcRules)
    .where(and(...parts));
  if (other !== undefined) throw duplicateOutId(ruleOutId);
}

/** A rule still linked in a scheme cannot go to the trash: the scheme would silently lose it. */
async function refuseRulesInUse({ db, auth }: EntityContext, body: DeleteBody): Promise<void> {
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
