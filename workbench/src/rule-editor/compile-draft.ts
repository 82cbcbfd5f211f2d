import { compileRule, RuleCompileError } from '@qcdesk/engine';
import { fieldOfPath, type RuleDraft, toConditionConfig } from './draft';

/** A compile problem of the draft, placed at the builder field it concerns. */
export interface DraftProblem {
  code: string;
  path: string;
  /** builder field, e.g. `conditions.0.operators.0.param.keywords` or `lambda` */
  field: string;
  zh: string;
  en: string;
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
      const problem: DraftProblem = {
        code: error.code,
        path: error.path,
        field: fieldOfPath(error.path),
        zh: error.zh,
        en: error.en,
      };
      if (error.position !== undefined) problem.position = error.position;
      return problem;
    }
    const text = String(error);
    return { code: 'INTERNAL', path: '$', field: '', zh: text, en: text };
  }
}
