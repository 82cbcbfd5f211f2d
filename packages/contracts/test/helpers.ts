import type { z } from 'zod';
import { type FieldError, type Lang, toFieldErrors } from '../src/index.js';

/** Parses and returns the field errors (empty when valid). */
export function errorsOf(schema: z.ZodType, input: unknown, lang: Lang = 'zh'): FieldError[] {
  const r = schema.safeParse(input);
  return r.success ? [] : toFieldErrors(r.error, lang);
}

/** `[field, message]` pairs, the part a user sees. */
export function shown(schema: z.ZodType, input: unknown, lang: Lang = 'zh'): [string, string][] {
  return errorsOf(schema, input, lang).map((e) => [e.field, e.message]);
}
