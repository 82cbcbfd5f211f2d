import { z } from 'zod';
import { ModelType } from '../enums/qc.js';

/** Limits of /v3/feed/ai-platform/classify: one replayed session's texts of one role. */
export const MODEL_CLASSIFY_LIMITS = { textsMax: 1000, textMax: 10_000 } as const;

/**
 * /v3/feed/ai-platform/classify (ours): the texts a model operator reads, classified by the organisation's model,
 * for the replay tester (the browser cannot call the AI platform: another origin, and the key stays on the server).
 */
export const modelClassifySchema = z.object({
  task: ModelType.schema,
  texts: z.array(z.string().max(MODEL_CLASSIFY_LIMITS.textMax)).max(MODEL_CLASSIFY_LIMITS.textsMax),
});
export type ModelClassify = z.infer<typeof modelClassifySchema>;

export const modelClassifyAnswerSchema = z.object({
  /** per text, in order, the labels with their confidence */
  labels: z.array(z.array(z.object({ label: z.string(), confidence: z.number() }))),
  /** the model that was asked: the AI platform's name, or builtin-lexicon */
  modelId: z.string(),
  /** the platform failed and the built-in model answered in its place */
  fallback: z.boolean(),
  /** the organisation has no AI platform for QC: the built-in model answered */
  builtin: z.boolean(),
});
export type ModelClassifyAnswer = z.infer<typeof modelClassifyAnswerSchema>;
