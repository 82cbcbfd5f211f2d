import { compileRule, RuleCompileError } from '@qcdesk/engine';
import { fieldOfPath, type RuleDraft, toConditionConfig } from './draft';
import { joinPlace, placeOf, problemWords, type Words } from './problem-words';

/**
 * A compile problem of the draft, placed at the builder field it concerns. `zh`/`en` are the field's own words and
 * `where` names the field as the form does; the code and the JSON path are for placing it, never shown.
 */
export interface DraftProblem {
  code: string;
  path: string;
  /** builder field, e.g. `conditions.0.operators.0.param.keywords` or `lambda` */
  field: string;
  zh: string;
  en: string;
  /** e.g. 条件 g · 正则表达式 */
  where: Words;
  position?: number;
}

/**
 * Compiles the draft with the engine's own compiler (STYLE: the editor never re-implements the checks) and
 * answers the first problem, or null when the rule compiles.
 */
export function compileDraft(
  rule: { id?: string | number | null; name?: string },
  draft: RuleDraft,
): DraftProblem | null {
  try {
    compileRule({ id: rule.id ?? 'draft', name: rule.name ?? '', conditionConfig: toConditionConfig(draft) });
    return null;
  } catch (error) {
    if (error instanceof RuleCompileError) {
      const field = fieldOfPath(error.path);
      const place = placeOf(field, draft);
      const problem: DraftProblem = {
        code: error.code,
        path: error.path,
        field,
        ...problemWords(error, place.label),
        where: joinPlace(place.parts),
      };
      if (error.position !== undefined) problem.position = error.position;
      return problem;
    }
    const text = String(error);
    return { code: 'INTERNAL', path: '$', field: '', zh: text, en: text, where: { zh: '', en: '' } };
  }
}

/** "条件 g · 正则表达式：正则表达式写法有误…": where the problem is and what is wrong, in the interface language. */
export function problemText(
  problem: DraftProblem,
  t: (key: 'rule.problemAt', params: Record<string, string>) => string,
  pick: (text: { zh: string; en: string }) => string,
): string {
  const where = pick(problem.where);
  return where === '' ? pick(problem) : t('rule.problemAt', { where, message: pick(problem) });
}
