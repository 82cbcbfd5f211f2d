import { createHash } from 'node:crypto';
import type { ModelConfig } from '@qcdesk/engine';
import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { aiPlatforms } from '../db/schema/index.js';

/** The organisation's model for QC, as the worker builds it, with a key that changes whenever the config does. */
export interface QcModel {
  readonly config: ModelConfig;
  readonly key: string;
  /** the platform that answers, null for the built-in model */
  readonly platformId: number | null;
}

export const BUILTIN_QC_MODEL: QcModel = { config: { kind: 'builtin' }, key: 'builtin', platformId: null };

/**
 * Which model answers an organisation's model operators (QC tasks, the replay tester): its newest live AI platform
 * that is not BUILTIN and can be reached (an HTTP platform with a baseUrl; an OPENAI_COMPATIBLE one with a baseUrl
 * and its model name in outerId), else the built-in lexicon model. Adding a platform switches QC to it; moving it to
 * the trash switches back. Results name the model by the platform's name, as they copy the scheme's name.
 */
export async function qcModelOf(db: Pick<Database, 'select'>, organizationId: number): Promise<QcModel> {
  const [platform] = await db
    .select()
    .from(aiPlatforms)
    .where(
      and(
        eq(aiPlatforms.organizationId, organizationId),
        eq(aiPlatforms.deleted, 'NONE'),
        ne(aiPlatforms.provider, 'BUILTIN'),
        isNotNull(aiPlatforms.baseUrl),
        or(eq(aiPlatforms.provider, 'HTTP'), isNotNull(aiPlatforms.outerId)),
      ),
    )
    .orderBy(desc(aiPlatforms.id))
    .limit(1);
  if (platform === undefined || platform.baseUrl === null) return BUILTIN_QC_MODEL;
  const reach = { id: platform.name, baseUrl: platform.baseUrl, apiKey: platform.apiKey };
  const config: ModelConfig =
    platform.provider === 'HTTP'
      ? { kind: 'http', ...reach }
      : { kind: 'openai', model: platform.outerId ?? '', ...reach };
  // the key names the config without carrying the API key in the clear
  const key = createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 16);
  return { config, key, platformId: platform.id };
}
