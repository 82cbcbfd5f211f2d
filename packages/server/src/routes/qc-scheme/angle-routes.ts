import {
  angleDetailSchema,
  angleRuleCreateSchema,
  angleSaveSchema,
  angleScoreTotal,
  canAddAngle,
  deleteAnswerSchema,
  deleteBodySchema,
  idSchema,
  idsAnswerSchema,
  LIMITS,
  saveAction,
  savedAnswerSchema,
  type TargetType,
} from '@qcdesk/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
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
} from '../../crud/entity-table.js';
import { dbId, dbIds } from '../../crud/ids.js';
import { qcAngleRules, qcAngles, qcRules, qcSchemes } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { RULE } from '../qc-rule/rule-record.js';
import { checkActiveTotal } from './scheme-checks.js';
import { ANGLE, ANGLE_RULE, loadAngles } from './scheme-record.js';
import { loadLiveScheme } from './scheme-routes.js';

const tags = ['qc-scheme'];

/** Angles of a scheme and the rules linked into them: /v3/chats/qc-angle/* and /v3/chats/qc-angle-rule/*. */
export async function angleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-angle/detail',
      query: z.object({ angleId: idSchema }),
      body: noBody,
      summary: 'one angle with its linked rules',
      response: angleDetailSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => {
      const key = dbId(query.angleId);
      const [angle] = key === null ? [] : await loadAngles(db, auth.organizationId, { angleIds: [key] });
      if (angle === undefined) throw notFound(ANGLE, query.angleId);
      return angle;
    },
  );

  for (const path of ['/v3/chats/qc-angle/create', '/v3/chats/qc-angle/change'] as const) {
    defineRoute(
      app,
      {
        path,
        body: angleSaveSchema,
        summary: `save an angle (name, integer score 0-100) of a scheme; at most ${LIMITS.maxAngles} per scheme`,
        response: savedAnswerSchema,
        errors: path.endsWith('/change') ? [404, 409] : [404],
        tags,
      },
      async ({ body, auth }) =>
        db.transaction(async (tx) => {
          // the scheme row is locked: two saves cannot both add the 10th angle or both break the total
          const scheme = await loadLiveScheme(tx, auth, body.schemeId);
          const angles = await loadAngles(tx, auth.organizationId, { schemeIds: [scheme.id] });
          const values = { name: body.name, score: body.score };
          if (saveAction(body) === 'create') {
            if (!canAddAngle(angles.length))
              throw ApiError.of(400, 'TOO_MANY_ANGLES', 'qc.angle.tooMany', { maximum: LIMITS.maxAngles });
            checkActiveTotal(scheme, angleScoreTotal(angles) + body.score);
            const [row] = await tx
              .insert(qcAngles)
              .values({ ...values, schemeId: scheme.id, ...createdBy(auth) })
              .returning({ id: qcAngles.id });
            return { id: String(row!.id) };
          }
          const old = angles.find((a) => a.id === body.id);
          if (old === undefined) throw notFound(ANGLE, body.id!);
          checkActiveTotal(scheme, angleScoreTotal(angles) - old.score + body.score);
          await updateVersioned(tx, qcAngles, auth, body.id!, body.version, values, ANGLE);
          return { id: body.id! };
        }),
    );
  }

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-angle/delete',
      body: deleteBodySchema,
      summary: 'delete (NONE→TRASH), restore (TRASH→NONE) or empty (TRASH→BUFFER) angles; their rule links follow them',
      response: deleteAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db.transaction(async (tx) => {
        const keys = dbIds(body.ids);
        const rows = await tx
          .select({ id: qcAngles.id, schemeId: qcAngles.schemeId, score: qcAngles.score, deleted: qcAngles.deleted })
          .from(qcAngles)
          .where(and(inArray(qcAngles.id, keys), eq(qcAngles.organizationId, auth.organizationId)));
        for (const schemeId of new Set(rows.map((r) => r.schemeId))) {
          const scheme = await loadLiveScheme(tx, auth, String(schemeId));
          const live = await loadAngles(tx, auth.organizationId, { schemeIds: [schemeId] });
          const moving = rows.filter((r) => r.schemeId === schemeId);
          const leaving = moving.filter((r) => r.deleted === 'NONE').reduce((s, r) => s + r.score, 0);
          const coming = body.deleted === 'NONE' ? moving.filter((r) => r.deleted === 'TRASH') : [];
          if (coming.length > 0 && !canAddAngle(live.length + coming.length - 1))
            throw ApiError.of(400, 'TOO_MANY_ANGLES', 'qc.angle.tooMany', { maximum: LIMITS.maxAngles });
          const total =
            angleScoreTotal(live) - (body.deleted === 'NONE' ? 0 : leaving) + coming.reduce((s, r) => s + r.score, 0);
          if (total !== angleScoreTotal(live)) checkActiveTotal(scheme, total);
        }
        const moved = await moveDeleted(tx, qcAngles, auth, body.ids, body.deleted, ANGLE);
        await pruneVeto(tx, auth, [...new Set(rows.map((r) => r.schemeId))]);
        return moved;
      }),
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-angle-rule/create',
      body: angleRuleCreateSchema,
      summary:
        'link rules to an angle (at least one); rules already linked to it are kept as they are; answers the ids of the links',
      response: idsAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) => {
      const link = () =>
        db.transaction(async (tx) => {
          const scheme = await loadLiveScheme(tx, auth, body.schemeId);
          const [angle] = await loadAngles(tx, auth.organizationId, { angleIds: [dbId(body.angleId) ?? 0] });
          if (angle === undefined || angle.schemeId !== String(scheme.id)) throw notFound(ANGLE, body.angleId);
          const ruleKeys = await requireAllVisible(tx, qcRules, auth, body.ruleIds, RULE);
          await requireRuleType(tx, ruleKeys, scheme.targetType);
          const linked = new Map(angle.angleRules.map((l) => [l.ruleId, l.id]));
          const fresh = ruleKeys.filter((k) => !linked.has(String(k)));
          if (fresh.length > 0) {
            const rows = await tx
              .insert(qcAngleRules)
              .values(
                fresh.map((ruleId) => ({ schemeId: scheme.id, angleId: Number(angle.id), ruleId, ...createdBy(auth) })),
              )
              .returning({ id: qcAngleRules.id, ruleId: qcAngleRules.ruleId });
            for (const r of rows) linked.set(String(r.ruleId), String(r.id));
          }
          return { ids: ruleKeys.map((k) => linked.get(String(k))!) };
        });
      // linking keeps links that exist: a call that lost the race to the same link (the unique index refused it)
      // runs again and answers the winner's link, committed by then
      return link().catch((error: unknown) => {
        if (isUniqueViolation(error, ONE_LINK)) return link();
        throw error;
      });
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/chats/qc-angle-rule/delete',
      body: deleteBodySchema,
      summary: 'unlink rules from their angle (ids of the links); an unlinked rule leaves the AI veto list too',
      response: deleteAnswerSchema,
      errors: [404],
      tags,
    },
    async ({ body, auth }) =>
      db
        .transaction(async (tx) => {
          const moved = await moveDeleted(tx, qcAngleRules, auth, body.ids, body.deleted, ANGLE_RULE);
          const schemes = await tx
            .selectDistinct({ schemeId: qcAngleRules.schemeId })
            .from(qcAngleRules)
            .where(
              and(inArray(qcAngleRules.id, dbIds(body.ids)), eq(qcAngleRules.organizationId, auth.organizationId)),
            );
          await pruneVeto(
            tx,
            auth,
            schemes.map((s) => s.schemeId),
          );
          return moved;
        })
        .catch((error: unknown) => {
          // restoring a link whose rule was linked into the angle again since
          throw isUniqueViolation(error, ONE_LINK) ? linkedAgain() : error;
        }),
  );
}

/** An AI scheme links AI rules and a manual (PERSON) scheme manual ones: the other kind could never be scored there. */
async function requireRuleType(db: Queryable, ruleKeys: readonly number[], targetType: TargetType): Promise<void> {
  const [other] = await db
    .select({ name: qcRules.name })
    .from(qcRules)
    .where(and(inArray(qcRules.id, [...ruleKeys]), ne(qcRules.type, targetType)))
    .orderBy(asc(qcRules.id))
    .limit(1);
  if (other === undefined) return;
  const message = targetType === 'AI' ? 'qc.angleRule.aiOnly' : 'qc.angleRule.personOnly';
  throw ApiError.of(400, 'RULE_TYPE_MISMATCH', message, { name: other.name }, 'ruleIds');
}

/** The unique index of live links: a rule is linked into an angle once. */
const ONE_LINK = 'qc_angle_rules_angle_rule_uq';

function linkedAgain(): ApiError {
  return new ApiError(
    400,
    'DUPLICATE',
    '该规则已重新关联到此维度，不能再恢复旧的关联',
    'The rule has been linked into this angle again; its old link cannot be restored',
    'ids',
  );
}

/** After angles or links went away, an AI scheme's veto list keeps only rules still linked in its angles. */
async function pruneVeto(db: Queryable, auth: RequestAuth, schemeIds: number[]): Promise<void> {
  if (schemeIds.length === 0) return;
  const schemes = await db
    .select({ id: qcSchemes.id, schemeConfig: qcSchemes.schemeConfig })
    .from(qcSchemes)
    .where(
      and(
        inArray(qcSchemes.id, schemeIds),
        eq(qcSchemes.organizationId, auth.organizationId),
        eq(qcSchemes.targetType, 'AI'),
      ),
    );
  for (const scheme of schemes) {
    const veto = (scheme.schemeConfig?.veto ?? []).map(String);
    if (veto.length === 0) continue;
    const angles = await loadAngles(db, auth.organizationId, { schemeIds: [scheme.id] });
    const linked = new Set(angles.flatMap((a) => a.angleRules.map((r) => r.ruleId)));
    const kept = veto.filter((id) => linked.has(id));
    if (kept.length === veto.length) continue;
    await db
      .update(qcSchemes)
      .set({
        schemeConfig: { ...scheme.schemeConfig, veto: kept },
        ...modifiedBy(auth),
        version: sql`${qcSchemes.version} + 1`,
      })
      .where(eq(qcSchemes.id, scheme.id));
  }
}
