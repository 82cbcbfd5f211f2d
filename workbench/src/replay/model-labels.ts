/**
 * The organisation's model for a replay. The engine runs in Web Workers, which cannot reach the AI platform (another
 * origin, and its key stays on the server): when the rules have model operators, the page asks the server
 * (/v3/feed/ai-platform/classify) for the labels of the session's texts first and hands them to the worker with the
 * rules. When the organisation's model is the built-in one, the worker's own lexicon model answers, as it always did.
 */
import { MODEL_CLASSIFY_LIMITS } from '@qcdesk/contracts';
import {
  type ModelLabel,
  type ModelOperatorType,
  modelTasksOf,
  type PresetModelAnswers,
  readSession,
} from '@qcdesk/engine';
import { call } from '../api/calls';
import type { ApiClient } from '../api/client';

export type ReplayModel =
  /** no model asked, or the built-in one: the worker labels the texts itself */
  | { readonly kind: 'worker' }
  /** labels from the organisation's AI platform (or the built-in model in its place, `fallback`) */
  | { readonly kind: 'preset'; readonly preset: PresetModelAnswers }
  /** the server could not be asked: the worker's built-in model answers, and the screen says why */
  | { readonly kind: 'unavailable'; readonly message: string };

/** The role whose messages each model reads (ENGINE-SEMANTICS.md: the model's forced role). */
const ROLE_OF: Record<ModelOperatorType, string> = { CUSTOMER_CHECK_MODEL: 'CUSTOMER', ABUSE_MODEL: 'AGENT' };

/** The texts each model task of the rules reads in the session, each once. */
function textsByTask(rules: readonly unknown[], session: unknown): Map<ModelOperatorType, string[]> {
  const tasks = modelTasksOf(rules);
  const out = new Map<ModelOperatorType, string[]>();
  if (tasks.length === 0) return out;
  let sentences: ReturnType<typeof readSession>['sentences'];
  try {
    sentences = readSession(session).sentences;
  } catch {
    // a malformed session: the worker reports it
    return out;
  }
  for (const task of tasks) {
    const texts = new Set<string>();
    for (const s of sentences) {
      // a text over the call's limit is left to the worker's model (the answer then says fallback)
      if (s.role === ROLE_OF[task] && s.text !== null && s.text.length <= MODEL_CLASSIFY_LIMITS.textMax)
        texts.add(s.text);
    }
    out.set(task, [...texts]);
  }
  return out;
}

/** Asks the server for the labels of what the rules' model operators read in the session. */
export async function replayModelFor(
  client: ApiClient,
  rules: readonly unknown[],
  session: unknown,
): Promise<ReplayModel> {
  const wanted = textsByTask(rules, session);
  if (wanted.size === 0) return { kind: 'worker' };
  const labels: Partial<Record<ModelOperatorType, Record<string, readonly ModelLabel[]>>> = {};
  let modelId: string | null = null;
  let fallback = false;
  try {
    for (const [task, texts] of wanted) {
      const table: Record<string, readonly ModelLabel[]> = {};
      for (let from = 0; from === 0 || from < texts.length; from += MODEL_CLASSIFY_LIMITS.textsMax) {
        const batch = texts.slice(from, from + MODEL_CLASSIFY_LIMITS.textsMax);
        const answer = await call(client, '/v3/feed/ai-platform/classify', { body: { task, texts: batch } });
        if (answer.builtin) return { kind: 'worker' };
        modelId = answer.modelId;
        fallback ||= answer.fallback;
        batch.forEach((text, k) => {
          table[text] = answer.labels[k] ?? [];
        });
      }
      labels[task] = table;
    }
  } catch (error) {
    return { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'preset', preset: { modelId: modelId ?? '', fallback, labels } };
}
