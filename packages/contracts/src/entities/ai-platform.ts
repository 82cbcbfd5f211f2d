import { z } from 'zod';
import { AiProvider, LOCAL_AI_PROVIDER } from '../enums/bots.js';
import { Deleted } from '../enums/common.js';
import { auditShape, filter, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Limits of AI platforms (spec §3.6 gives none; ours, as the chatbot's outerId of §9). */
export const AI_PLATFORM_LIMITS = {
  nameMax: LIMITS.nameMax,
  outerIdMax: 50,
  baseUrlMax: 500,
  apiKeyMax: 500,
} as const;

/** What a stored key is answered as; the key itself never leaves the server. */
const MASK = '****';
/** keys shorter than this are answered as the mask alone (their last four would be most of the key) */
const MASK_MIN_LENGTH = 12;

/**
 * `sk-live-1234567890abcd` → `sk-****abcd`: the part before the first `-` (a vendor's prefix, up to 8 characters) and
 * the last four, so an administrator can tell keys apart without reading them. A change that sends this text back
 * keeps the stored key (the form shows it and sends what it shows).
 */
export function maskApiKey(key: string | null | undefined): string | null {
  if (!key) return null;
  if (key.length < MASK_MIN_LENGTH) return MASK;
  const dash = key.indexOf('-');
  const prefix = dash > 0 && dash < 8 ? key.slice(0, dash + 1) : key.slice(0, 2);
  return `${prefix}${MASK}${key.slice(-4)}`;
}

/** An AI platform (online-service-config §3.6), plus how to reach it (ours: the spec shows no form). */
export const aiPlatformSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the platform's own id of this account or application */
  outerId: z.string().nullish(),
  provider: AiProvider.schema,
  baseUrl: z.string().nullish(),
  /** masked (`sk-****abcd`); null when none is stored */
  apiKey: z.string().nullish(),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type AiPlatform = z.infer<typeof aiPlatformSchema>;

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * create (no id) or change (id and version). baseUrl is an http(s) address, required unless BUILTIN (which runs in
 * process); apiKey: absent or the masked text keeps the stored key, null or '' clears it, anything else replaces it.
 */
export const aiPlatformSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(AI_PLATFORM_LIMITS.nameMax),
    outerId: optionalText(AI_PLATFORM_LIMITS.outerIdMax),
    provider: AiProvider.schema,
    baseUrl: z.preprocess(blankAsNull, optionalText(AI_PLATFORM_LIMITS.baseUrlMax)),
    apiKey: z.preprocess(blankAsNull, optionalText(AI_PLATFORM_LIMITS.apiKeyMax)),
  })
  .superRefine((body, ctx) => {
    requireVersionOnChange(body, ctx);
    if (body.baseUrl == null) {
      if (body.provider !== LOCAL_AI_PROVIDER)
        ctx.addIssue({ code: 'custom', message: 'bots.platform.baseUrlRequired', path: ['baseUrl'] });
    } else if (!isHttpUrl(body.baseUrl)) {
      ctx.addIssue({ code: 'custom', message: 'bots.platform.baseUrlInvalid', path: ['baseUrl'] });
    }
  });
export type AiPlatformSave = z.infer<typeof aiPlatformSaveSchema>;

/** An absolute http:// or https:// address with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** /v3/feed/ai-platform/page and /list: keyword (name or outerId), provider, the trash view, a /list limit. */
export const aiPlatformFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(AI_PLATFORM_LIMITS.nameMax)),
  provider: filter(AiProvider.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type AiPlatformFilter = z.infer<typeof aiPlatformFilterSchema>;
