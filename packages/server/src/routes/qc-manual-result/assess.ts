import type { ManualAngleInput } from '@qcdesk/contracts';
import { manualPass, manualScore, ScoreInputError } from '@qcdesk/engine';
import { and, eq, ne } from 'drizzle-orm';
import { type EntityName, notFound } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import type { Database } from '../../db/connect.js';
import { qcSchemes } from '../../db/schema/qc-config.js';
import type { StoredManualAngle, StoredManualRule } from '../../db/schema/qc-results.js';
import { ApiError } from '../../http/api-error.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { loadSchemeDefinition, type SchemeDefinition } from '../../tasks/scheme-definition.js';

export const QC_SCHEME: EntityName = { zh: '质检方案', en: 'QC scheme' };

export interface PersonScheme {
  readonly row: typeof qcSchemes.$inferSelect;
  readonly def: SchemeDefinition;
}

/** The caller's PERSON scheme (404 when not his, 400 when it is an AI scheme). */
export async function loadPersonScheme(
  db: Database,
  auth: RequestAuth,
  schemeId: string,
  field = 'schemeId',
): Promise<PersonScheme> {
  const key = dbId(schemeId);
  const [row] =
    key === null
      ? []
      : await db
          .select()
          .from(qcSchemes)
          .where(
            and(
              eq(qcSchemes.id, key),
              eq(qcSchemes.organizationId, auth.organizationId),
              ne(qcSchemes.deleted, 'BUFFER'),
            ),
          );
  const def = row === undefined ? null : await loadSchemeDefinition(db, auth.organizationId, row.id);
  if (row === undefined || def === null) throw notFound(QC_SCHEME, schemeId);
  if (row.targetType !== 'PERSON')
    throw ApiError.of(400, 'NOT_PERSON_SCHEME', 'qc.manual.personSchemeOnly', { schemeId }, field);
  return { row, def };
}

export interface ScoredAssessment {
  readonly manualAngles: StoredManualAngle[];
  /** SCORE style; null in PASS style */
  readonly manualScore: number | null;
  /** PASS style; null in SCORE style */
  readonly pass: boolean | null;
}

/**
 * Scores an inspector's angles with the engine's manual scoring (ENGINE-SEMANTICS "Review and manual scoring"):
 * SCORE deducts per rule within each angle and any fatal error makes the score 0; PASS counts the failed items
 * against the scheme's compare operator and vote count. Every angle and rule must be the scheme's (400 naming the
 * path under `prefix`); angles the inspector did not touch keep their full score.
 */
export function scoreAssessment(
  scheme: PersonScheme,
  angles: readonly ManualAngleInput[],
  prefix = '',
): ScoredAssessment {
  const schemeAngles = scheme.def.engineScheme.schemeAngles;
  const given = new Map<string, ManualAngleInput>();
  angles.forEach((angle, a) => {
    const at = `${prefix}manualAngles[${a}]`;
    const own = schemeAngles.find((s) => s.angleId === angle.angleId);
    if (own === undefined)
      throw ApiError.of(
        400,
        'INVALID_FIELD',
        'qc.manual.angleNotInScheme',
        { angleId: angle.angleId },
        `${at}.angleId`,
      );
    angle.manualRules.forEach((rule, r) => {
      const linked = own.angleRules.some((l) => l.ruleId === rule.ruleId);
      if (!linked || rule.angleId !== angle.angleId)
        throw ApiError.of(
          400,
          'INVALID_FIELD',
          'qc.manual.ruleNotInAngle',
          { ruleId: rule.ruleId, angleId: angle.angleId },
          `${at}.manualRules[${r}].${linked ? 'angleId' : 'ruleId'}`,
        );
    });
    given.set(angle.angleId, angle);
  });
  const flat = angles.flatMap((a) => a.manualRules.map((r) => ({ ...r, angleId: a.angleId })));
  const engineRules = flat.map((r) => ({
    angleId: r.angleId,
    ruleId: r.ruleId,
    scoreNum: r.scoreNum,
    ...(typeof r.pass === 'boolean' ? { pass: r.pass } : {}),
    fatalError: r.fatalError,
  }));
  const style = scheme.row.style === 'PASS' ? 'PASS' : 'SCORE';
  const config = scheme.row.schemeConfig ?? {};
  try {
    const scored =
      style === 'SCORE'
        ? manualScore(
            schemeAngles.map((a) => ({ angleId: a.angleId, score: a.score })),
            engineRules,
          )
        : null;
    const passed =
      style === 'PASS' ? manualPass(config.compareOperator ?? '', config.num ?? Number.NaN, engineRules).pass : null;
    const manualAngles = schemeAngles.map((a): StoredManualAngle => {
      const names = new Map(a.angleRules.map((l) => [l.ruleId, l.ruleName]));
      const rules = (given.get(a.angleId)?.manualRules ?? []).map(
        (r): StoredManualRule => ({
          angleId: Number(a.angleId),
          ruleId: Number(r.ruleId),
          ruleName: names.get(r.ruleId) ?? r.ruleId,
          scoreNum: style === 'SCORE' ? r.scoreNum : 0,
          pass: style === 'PASS' ? (r.pass ?? null) : null,
          fatalError: r.fatalError,
          reason: r.reason ?? null,
        }),
      );
      return {
        angleId: Number(a.angleId),
        angleName: a.angleName,
        angleScore: scored?.angles.find((s) => s.angleId === a.angleId)?.angleScore ?? null,
        manualRules: rules,
      };
    });
    return { manualAngles, manualScore: scored?.manualScore ?? null, pass: passed };
  } catch (error) {
    if (error instanceof ScoreInputError) {
      // a rule's score path from the engine counts the flattened rules; the scheme's own settings name themselves
      const field = error.path.startsWith('schemeConfig') ? 'schemeId' : `${prefix}manualAngles`;
      throw ApiError.badRequest('INVALID_FIELD', error.zh, error.en, field);
    }
    throw error;
  }
}
