import {
  classifyDetailed,
  type ModelAnswer,
  type ModelOperatorType,
  type ModelProvider,
  modelFromConfig,
} from '@qcdesk/engine';
import type { Database } from '../db/connect.js';
import { type QcModel, qcModelOf } from './qc-model.js';

/** providers kept at most (one per configured platform in use; a changed config makes a new one) */
const KEPT = 64;
const providers = new Map<string, ModelProvider>();

/**
 * The provider of a QC model in this process, made once per config and kept, so that its circuit breaker remembers
 * failures across calls (a replay after a dead platform answers at once with the built-in model).
 */
function providerOf(model: QcModel): ModelProvider {
  const kept = providers.get(model.key);
  if (kept !== undefined) return kept;
  const provider = modelFromConfig(model.config);
  if (providers.size >= KEPT) providers.delete(providers.keys().next().value!);
  providers.set(model.key, provider);
  return provider;
}

/** Classifies texts with the organisation's QC model (see qcModelOf), falling back to the built-in model. */
export async function classifyForOrganisation(
  db: Pick<Database, 'select'>,
  organizationId: number,
  task: ModelOperatorType,
  texts: readonly string[],
): Promise<ModelAnswer & { readonly builtin: boolean; readonly configured: string }> {
  const model = await qcModelOf(db, organizationId);
  const provider = providerOf(model);
  const answer = await classifyDetailed(provider, texts, task);
  return { ...answer, builtin: model.platformId === null, configured: provider.id };
}
