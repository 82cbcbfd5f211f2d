import { compileRule, RuleCompileError } from '@qcdesk/engine';
import { ApiError } from '../../http/api-error.js';

/**
 * The engine decides what a rule means: compile it as the task runner will, and answer its first problem as a
 * 400 on the field it names (`conditionConfig.conditions[0].operators[0].param.keywords`), in its own words.
 */
export function checkConditionConfig(id: string, name: string, conditionConfig: unknown): void {
  try {
    compileRule({ id, name, conditionConfig });
  } catch (error) {
    if (error instanceof RuleCompileError) throw compileErrorToApi(error);
    throw error;
  }
}

/** `$.conditionConfig.lambda` → field `conditionConfig.lambda`, with the engine's Chinese and English. */
export function compileErrorToApi(error: RuleCompileError, prefix = ''): ApiError {
  const inner = error.path.replace(/^\$\.?/, '');
  const field = inner.startsWith('conditionConfig')
    ? inner
    : inner === ''
      ? 'conditionConfig'
      : `conditionConfig.${inner}`;
  return new ApiError(400, `RULE_${error.code}`, `${prefix}${error.zh}`, `${prefix}${error.en}`, field);
}
