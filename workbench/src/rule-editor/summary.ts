import { CheckRole, LambdaType, type Lang, modelLabel, OperatorType } from '@qcdesk/contracts';
import type { ConditionConfig } from '@qcdesk/engine';

/** A one-line-per-condition account of a rule's conditions, for popovers (`a: 命中任意关键词 投诉、退款 · 客户`). */
export function summariseConditions(
  config: Partial<ConditionConfig> | string | null | undefined,
  lang: Lang,
): string[] {
  let value: unknown = config;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object') return [];
  const c = value as Partial<ConditionConfig>;
  const sep = lang === 'zh' ? '、' : ', ';
  const lines = (c.conditions ?? []).map((condition) => {
    const ops = (condition.operators ?? []).map((o) => {
      const p = o.param as Record<string, unknown>;
      // a model's labels by their names (投诉), never their codes
      const types = Array.isArray(p.types) ? p.types.map((type) => modelLabel(String(type), lang)) : p.types;
      const words = [p.keywords, p.phrases, types, p.regex].find((v) => v !== undefined && v !== null);
      const detail = Array.isArray(words) ? words.join(sep) : typeof words === 'string' ? words : '';
      return `${OperatorType.label(o.type, lang)}${detail ? ` ${detail}` : ''}`;
    });
    const role = condition.checkRange?.role ? ` · ${CheckRole.label(condition.checkRange.role, lang)}` : '';
    return `${condition.cid}: ${ops.join(' + ')}${role}`;
  });
  if (c.lambda) {
    const named = LambdaType.has(c.lambda) ? LambdaType.label(c.lambda, lang) : c.lambda;
    lines.push(`${lang === 'zh' ? '逻辑' : 'Logic'}: ${named}`);
  }
  return lines;
}
