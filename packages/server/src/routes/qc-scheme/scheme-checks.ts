import { checkSchemeActivation, checkVetoRules, formatMessage } from '@qcdesk/contracts';
import { compileScheme, RuleCompileError } from '@qcdesk/engine';
import { ApiError } from '../../http/api-error.js';
import type { AngleRecord, SchemeRow } from './scheme-record.js';

/**
 * May this scheme be switched on? An AI scheme needs angle scores totalling 100, veto rules among its linked
 * rules, and rules the engine can compile (a rule created but never given conditions cannot run). `field` names
 * the row of the status call.
 */
export function checkActivation(scheme: SchemeRow, angles: readonly AngleRecord[], field: string): void {
  const total = checkSchemeActivation({ targetType: scheme.targetType as 'AI' | 'PERSON', schemeAngles: angles });
  if (!total.ok) throw ApiError.of(400, 'SCHEME_TOTAL_NOT_100', total.code, total.params, field);
  if (scheme.targetType !== 'AI') return;
  checkVeto(scheme.schemeConfig?.veto ?? [], angles, field);
  const rules = new Map<string, { id: string; name: string; conditionConfig: unknown }>();
  for (const angle of angles)
    for (const link of angle.angleRules)
      rules.set(link.ruleId, { id: link.ruleId, name: link.ruleName, conditionConfig: link.conditionConfig });
  try {
    compileScheme(
      {
        id: String(scheme.id),
        name: scheme.name,
        targetType: scheme.targetType,
        schemeAngles: angles,
        schemeConfig: { veto: (scheme.schemeConfig?.veto ?? []).map(String) },
      },
      [...rules.values()],
    );
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    const rule = error.ruleId === null ? undefined : rules.get(error.ruleId);
    const zh = rule === undefined ? error.zh : `规则“${rule.name}”无法启用：${error.zh}`;
    const en = rule === undefined ? error.en : `rule "${rule.name}" cannot run: ${error.en}`;
    throw new ApiError(400, `RULE_${error.code}`, zh, en, field);
  }
}

/** AI veto rules must be linked in the scheme's angles (`schemeConfig.veto[i]` names the stray one). */
export function checkVeto(veto: readonly (string | number)[], angles: readonly AngleRecord[], field?: string): void {
  const ids = veto.map(String);
  const result = checkVetoRules({ schemeConfig: { veto: ids }, schemeAngles: angles });
  if (result.ok) return;
  const index = ids.indexOf(String(result.params.ruleId));
  throw new ApiError(
    400,
    'VETO_NOT_LINKED',
    formatMessage(result.code, 'zh', result.params),
    formatMessage(result.code, 'en', result.params),
    field ?? `schemeConfig.veto[${index}]`,
  );
}

/** Angle changes of an active AI scheme must keep the total at 100 (a running task scores with it). */
export function checkActiveTotal(scheme: SchemeRow, total: number): void {
  if (scheme.targetType !== 'AI' || scheme.status !== 'ACTIVE' || total === 100) return;
  throw new ApiError(
    400,
    'SCHEME_ACTIVE_TOTAL',
    `方案“${scheme.name}”已启用，维度分值合计须保持 100（修改后为 ${total}）；请先停用方案再调整分值`,
    `the scheme "${scheme.name}" is active and its angle scores must stay at 100 (this change makes ${total}); deactivate it first`,
    'score',
  );
}
