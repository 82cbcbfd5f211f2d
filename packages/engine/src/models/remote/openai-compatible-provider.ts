import type { ModelOperatorType } from '../../rule/types.js';
import { TASK_LABELS } from '../evaluate.js';
import type { ModelLabel, ModelProvider } from '../model-provider.js';
import {
  endpoint,
  inBatches,
  ModelCallError,
  postJson,
  REMOTE_DEFAULTS,
  type RemoteCallOptions,
} from './model-call.js';
import { taskLabelsOf } from './model-labels.js';

export interface OpenAiCompatibleOptions extends RemoteCallOptions {
  /** the chat model to ask (the AI platform's outerId) */
  readonly model: string;
  /** the id results name this model by (default `openai:<model>`) */
  readonly id?: string;
}

/** What each label means, for the prompt (ENGINE-SEMANTICS.md, model operators). */
const LABEL_MEANING: Record<string, string> = {
  COMPLAINT: 'the customer complains or threatens to complain / 客户投诉或扬言投诉',
  ESCALATION: 'the customer asks for a supervisor or an outside authority / 要求升级、找领导或向外部机构反映',
  QUESTIONING_SERVICE: "the customer questions the agent's attitude or competence / 质疑客服态度或专业",
  PUBLIC_OPINION: 'the customer threatens to go to the media or social networks / 扬言曝光、找媒体',
  PRAISE: 'the customer praises the service / 表扬',
  ABUSE: 'insults or swearing / 辱骂、脏话',
  ANGER: 'the customer is angry / 客户情绪愤怒',
  SARCASM: 'the agent is sarcastic / 客服阴阳怪气、讽刺',
  GUIDING_COMPLAINT: 'the agent invites the customer to complain elsewhere / 客服引导客户去投诉',
  PASSING_THE_BUCK: 'the agent refuses responsibility or shifts it / 客服推诿、踢皮球',
};

const SPEAKER: Record<ModelOperatorType, string> = {
  CUSTOMER_CHECK_MODEL: "a customer's messages in a customer-service chat",
  ABUSE_MODEL: "an agent's messages in a customer-service chat",
};

/** The system prompt of a task: its labels and the JSON to answer with. */
export function classificationPrompt(task: ModelOperatorType): string {
  const labels = TASK_LABELS[task].map((l) => `- ${l}: ${LABEL_MEANING[l] ?? l}`).join('\n');
  return [
    `You label ${SPEAKER[task]}. The user sends a JSON array of texts.`,
    'For each text give every label below that applies (none is fine), with your confidence from 0 to 1:',
    labels,
    'Answer with JSON only, no prose:',
    '{"results": [{"index": 0, "labels": [{"label": "LABEL", "confidence": 0.9}]}, ...]} — one entry per text, index from 0.',
  ].join('\n');
}

/**
 * A chat model behind an OpenAI-compatible `POST {baseUrl}/chat/completions`, asked for the task's labels per text
 * (classificationPrompt). Its answer is read defensively: the first JSON object in the message (code fences and
 * prose around it ignored), entries by `index` or else in order, a text it skipped gets no labels, unknown labels
 * are dropped and a missing confidence counts as 1. An answer with no readable `results` fails the call.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): ModelProvider {
  const url = endpoint(options.baseUrl, 'chat/completions');
  const batchSize = options.batchSize ?? REMOTE_DEFAULTS.batchSize;
  return {
    id: options.id ?? `openai:${options.model}`,
    classify(texts: readonly string[], task: ModelOperatorType): Promise<ModelLabel[][]> {
      return inBatches(texts, batchSize, (batch) =>
        postJson(
          url,
          {
            model: options.model,
            temperature: 0,
            messages: [
              { role: 'system', content: classificationPrompt(task) },
              { role: 'user', content: JSON.stringify(batch) },
            ],
          },
          options,
          (json) => readCompletion(json, batch.length, task),
        ),
      );
    },
  };
}

/** The labels per text from a chat completion (exported for tests). */
export function readCompletion(json: unknown, count: number, task: ModelOperatorType): ModelLabel[][] {
  const content = (json as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ModelCallError('BAD_RESPONSE', 'the completion has no message content');
  const answer = firstJsonObject(content);
  const results = Array.isArray(answer) ? answer : (answer as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new ModelCallError('BAD_RESPONSE', 'the completion has no JSON results');
  const out: ModelLabel[][] = Array.from({ length: count }, () => []);
  results.forEach((entry: unknown, position) => {
    const index = (entry as { index?: unknown } | null)?.index;
    const at = typeof index === 'number' && Number.isInteger(index) ? index : position;
    if (at < 0 || at >= count) return;
    // `{index, labels}`, or a bare list of labels per text
    const labels = Array.isArray(entry) ? entry : (entry as { labels?: unknown } | null)?.labels;
    out[at] = taskLabelsOf(labels, task);
  });
  return out;
}

/**
 * The JSON of a model's message: the whole text, else the span from the first `{` to the last `}` (or `[` … `]`),
 * which drops ``` fences and a sentence around it.
 */
function firstJsonObject(text: string): unknown {
  const spans = [
    [0, text.length],
    [text.indexOf('{'), text.lastIndexOf('}') + 1],
    [text.indexOf('['), text.lastIndexOf(']') + 1],
  ];
  for (const [from, to] of spans) {
    if (from! < 0 || to! <= from!) continue;
    try {
      return JSON.parse(text.slice(from, to)) as unknown;
    } catch {
      // try the next span
    }
  }
  return null;
}
