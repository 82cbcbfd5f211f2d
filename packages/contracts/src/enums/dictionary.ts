import { z } from 'zod';

/** The interface languages: Chinese first, English as the switch. */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export interface Label {
  readonly zh: string;
  readonly en: string;
}

/**
 * A closed set of values with Chinese and English labels and its zod schema — the one description that selects,
 * tags, filters and request validation all read, so a value cannot exist in one place and not another.
 */
export interface Dictionary<T extends string> {
  /** the dictionary code the console uses, e.g. `dict-qc-result-status` */
  readonly code: string;
  readonly values: readonly [T, ...T[]];
  readonly labels: Readonly<Record<T, Label>>;
  readonly schema: z.ZodEnum<{ [K in T]: K }>;
  /** is `value` one of the values (a type guard) */
  has(value: unknown): value is T;
  /** the label of `value` in `lang`; an unknown value is shown as it is */
  label(value: string, lang: Lang): string;
  /** `[{value, label}]` in declaration order, for selects and radios */
  options(lang: Lang): { value: T; label: string }[];
}

/** Which value a field of a dictionary type holds. */
export type DictValue<D> = D extends Dictionary<infer T> ? T : never;

/**
 * Declares a dictionary. A missing label fails to compile because `labels` is a `Record` over the values.
 *
 * ```ts
 * const Deleted = defineDictionary('dict-deleted', {
 *   NONE: { zh: '正常', en: 'Normal' }, TRASH: { zh: '回收站', en: 'Trash' }, BUFFER: { zh: '已清空', en: 'Emptied' },
 * });
 * Deleted.schema.parse('TRASH'); Deleted.label('TRASH', 'zh'); // '回收站'
 * ```
 */
export function defineDictionary<const T extends string>(code: string, labels: Record<T, Label>): Dictionary<T> {
  const values = Object.keys(labels) as T[];
  if (values.length === 0) throw new Error(`dictionary ${code} has no values`);
  const tuple = values as unknown as readonly [T, ...T[]];
  const schema = z.enum(tuple as unknown as [T, ...T[]], {
    // a missing value reads as "required", anything else lists what is allowed
    error: (issue) => (issue.input === undefined || issue.input === null ? 'common.required' : 'common.invalidOption'),
  }) as unknown as z.ZodEnum<{ [K in T]: K }>;
  const set = new Set<string>(values);
  return {
    code,
    values: tuple,
    labels,
    schema,
    has: (value: unknown): value is T => typeof value === 'string' && set.has(value),
    label: (value, lang) => (set.has(value) ? labels[value as T][lang] : value),
    options: (lang) => values.map((value) => ({ value, label: labels[value][lang] })),
  };
}
