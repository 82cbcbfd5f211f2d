import { createHash } from 'node:crypto';
import { type RuleScoreType, ruleRunsInScheme, type ScoringStyle } from '@qcdesk/contracts';
import type { ScoringAngle } from '@qcdesk/engine';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { qcAngleRules, qcAngles, qcRules, qcSchemes } from '../db/schema/qc-config.js';

/** What a hit rule carries into a result besides the engine's evidence. */
export interface RuleInfo {
  readonly ruleId: number;
  readonly ruleName: string;
  readonly ruleOutId: string | null;
  readonly ruleScoreType: RuleScoreType | null;
}

/**
 * A scheme as the engine reads it (`compileScheme(scheme, rules)`), read from the scheme's live angles and linked
 * rules, with a key that changes whenever anything the engine sees changes (workers recompile only then).
 */
export interface SchemeDefinition {
  readonly schemeId: number;
  readonly name: string;
  /** AI or PERSON */
  readonly targetType: string;
  /** SCORE or PASS (PERSON) */
  readonly style: ScoringStyle | null;
  readonly key: string;
  readonly engineScheme: {
    id: string;
    name: string;
    targetType: string;
    schemeAngles: {
      angleId: string;
      angleName: string;
      score: number;
      angleRules: { ruleId: string; ruleName: string }[];
    }[];
    schemeConfig: { veto: string[] };
  };
  readonly engineRules: { id: string; name: string; type: string; conditionConfig: unknown }[];
  /** the angles for `reviewScore` */
  readonly scoringAngles: ScoringAngle[];
  readonly rules: ReadonlyMap<number, RuleInfo>;
}

/** The scheme of an organisation, or null when it does not exist or is emptied. */
export async function loadSchemeDefinition(
  db: Database,
  organizationId: number,
  schemeId: number,
): Promise<SchemeDefinition | null> {
  const [scheme] = await db
    .select()
    .from(qcSchemes)
    .where(and(eq(qcSchemes.id, schemeId), eq(qcSchemes.organizationId, organizationId)));
  if (scheme === undefined || scheme.deleted === 'BUFFER') return null;
  const angles = await db
    .select()
    .from(qcAngles)
    .where(and(eq(qcAngles.schemeId, schemeId), eq(qcAngles.deleted, 'NONE')))
    .orderBy(asc(qcAngles.id));
  const links =
    angles.length === 0
      ? []
      : await db
          .select({ angleId: qcAngleRules.angleId, rule: qcRules })
          .from(qcAngleRules)
          .innerJoin(qcRules, eq(qcRules.id, qcAngleRules.ruleId))
          .where(
            and(
              inArray(
                qcAngleRules.angleId,
                angles.map((a) => a.id),
              ),
              eq(qcAngleRules.deleted, 'NONE'),
              eq(qcRules.deleted, 'NONE'),
            ),
          )
          .orderBy(asc(qcAngleRules.id));
  const rules = new Map<number, RuleInfo>();
  const engineRules: SchemeDefinition['engineRules'] = [];
  const scoringAngles: ScoringAngle[] = [];
  const schemeAngles = angles.map((angle) => {
    const linked = links.filter((l) => l.angleId === angle.id && ruleRunsInScheme(l.rule, scheme.targetType));
    for (const { rule } of linked) {
      if (rules.has(rule.id)) continue;
      rules.set(rule.id, {
        ruleId: rule.id,
        ruleName: rule.name,
        ruleOutId: rule.ruleOutId,
        ruleScoreType: rule.conditionConfig?.ruleScore?.ruleScoreType ?? null,
      });
      engineRules.push({
        id: String(rule.id),
        name: rule.name,
        type: rule.type,
        conditionConfig: rule.conditionConfig,
      });
    }
    scoringAngles.push({
      angleId: String(angle.id),
      score: angle.score,
      rules: linked.map(({ rule }) => ({
        ruleId: String(rule.id),
        type: rules.get(rule.id)?.ruleScoreType ?? 'SUB',
      })),
    });
    return {
      angleId: String(angle.id),
      angleName: angle.name,
      score: angle.score,
      angleRules: linked.map(({ rule }) => ({ ruleId: String(rule.id), ruleName: rule.name })),
    };
  });
  const linkedIds = new Set(engineRules.map((r) => r.id));
  const engineScheme = {
    id: String(scheme.id),
    name: scheme.name,
    targetType: scheme.targetType,
    schemeAngles,
    // a veto rule no longer linked cannot hit; the scheme editor keeps them consistent
    schemeConfig: { veto: (scheme.schemeConfig?.veto ?? []).map(String).filter((id) => linkedIds.has(id)) },
  };
  const key = createHash('sha256')
    .update(JSON.stringify([engineScheme, engineRules]))
    .digest('base64url');
  return {
    schemeId: scheme.id,
    name: scheme.name,
    targetType: scheme.targetType,
    style: scheme.style,
    key,
    engineScheme,
    engineRules,
    scoringAngles,
    rules,
  };
}
