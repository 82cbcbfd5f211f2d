import type { z } from 'zod';
import type { Lang } from '../enums/dictionary.js';
import { formatMessage, isMessageCode, type MessageCode, type MessageParams } from './catalogue.js';

/** One problem as the server answers it and the UI shows it: what (code, message) and where (field). */
export interface FieldError {
  readonly code: MessageCode;
  readonly message: string;
  /** JSON-path-like location in the body, e.g. `schemeAngles[2].score`; '' for the body itself */
  readonly field: string;
}

type Issue = z.core.$ZodIssue;

/** `['schemeAngles', 2, 'score']` → `schemeAngles[2].score`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * Turns zod issues into `{code, message, field}` in `lang`. Issues raised by our schemas carry a message code
 * (and `params` for placeholders); zod's own issues (wrong type, too long, out of range, …) map to the generic
 * `common.*` codes with their limits filled in.
 */
export function toFieldErrors(error: { readonly issues: readonly Issue[] }, lang: Lang = 'zh'): FieldError[] {
  return error.issues.map((issue) => {
    const { code, params } = classify(issue);
    return { code, message: formatMessage(code, lang, params), field: formatFieldPath(issue.path) };
  });
}

/** The message code and placeholder values of one issue. */
export function classify(issue: Issue): { code: MessageCode; params: MessageParams } {
  const params: Record<string, unknown> = { ...issue };
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  if (isMessageCode(issue.message)) return { code: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing field as "expected X, received undefined"
      if (/received (undefined|null)$/.test(issue.message)) return { code: 'common.required', params };
      if (issue.expected === 'int') return { code: 'common.integer', params };
      return { code: 'common.invalidType', params };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'common.tooLong', params };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'common.tooManyItems', params };
      return { code: 'common.tooBig', params };
    case 'too_small':
      if (issue.origin === 'string')
        return { code: Number(issue.minimum) <= 1 ? 'common.required' : 'common.tooShort', params };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'common.tooFewItems', params };
      return { code: 'common.tooSmall', params };
    case 'invalid_value':
      return { code: 'common.invalidOption', params };
    case 'invalid_format':
      return { code: 'common.invalidFormat', params };
    case 'unrecognized_keys':
      return { code: 'common.unknownKeys', params };
    default:
      return { code: 'common.invalid', params };
  }
}
