/**
 * What PostgreSQL (and PGlite) can store. Its text and jsonb types refuse NUL, and jsonb refuses a UTF-16 surrogate
 * without its partner (a lone `\ud800` in JSON); such input must be a 400 naming the field, never a 500 from the
 * database. Deeply nested JSON is refused as well: jsonb and every recursive reader pay for each level.
 */

import type { Lang } from './enums/dictionary.js';
import { formatMessage } from './messages/catalogue.js';
import type { FieldError } from './messages/field-errors.js';
import { formatFieldPath } from './messages/field-errors.js';

/** Deepest nesting of arrays and objects a request body may have (a rule's conditionConfig needs about 8). */
export const MAX_JSON_DEPTH = 32;

// NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character of `text` the database cannot store, named for a person ('U+0000'), or null. */
export function unstorableCharacter(text: string): string | null {
  const found = UNSTORABLE.exec(text);
  if (found === null) return null;
  return `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** A problem `findUnstorable` found: where (path into the value) and what. */
export interface UnstorableProblem {
  readonly path: readonly PropertyKey[];
  readonly code: 'common.unstorableText' | 'common.tooDeep';
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * The first string (value or object key) of a JSON value the database cannot store, or the first place nested deeper
 * than `maxDepth`; null when the whole value can be stored. Walks without recursion limits of its own: it stops
 * descending at `maxDepth`.
 */
export function findUnstorable(value: unknown, maxDepth: number = MAX_JSON_DEPTH): UnstorableProblem | null {
  const visit = (v: unknown, path: PropertyKey[], depth: number): UnstorableProblem | null => {
    if (typeof v === 'string') {
      const character = unstorableCharacter(v);
      return character === null ? null : { path, code: 'common.unstorableText', params: { character } };
    }
    if (v === null || typeof v !== 'object') return null;
    if (depth >= maxDepth) return { path, code: 'common.tooDeep', params: { maximum: maxDepth } };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = visit(v[i], [...path, i], depth + 1);
        if (found !== null) return found;
      }
      return null;
    }
    for (const [key, item] of Object.entries(v)) {
      const character = unstorableCharacter(key);
      if (character !== null) return { path: [...path, key], code: 'common.unstorableText', params: { character } };
      const found = visit(item, [...path, key], depth + 1);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(value, [], 0);
}

/** The problem as the API answers it: `{code, message, field}` in `lang`, the field a path like `records[3].name`. */
export function unstorableFieldError(
  problem: UnstorableProblem,
  lang: Lang,
  prefix: readonly PropertyKey[] = [],
): FieldError {
  return {
    code: problem.code,
    message: formatMessage(problem.code, lang, problem.params),
    field: formatFieldPath([...prefix, ...problem.path]),
  };
}
