import { type DictValue, defineDictionary } from './dictionary.js';

/**
 * What answers behind an AI platform record (online-service-config §2.6 names `provider` but not its values, so these
 * are ours): the built-in lexicon model, an HTTP classification service, or an OpenAI-compatible chat-completions API.
 */
export const AiProvider = defineDictionary('dict-ai-provider', {
  BUILTIN: { zh: '内置词库模型', en: 'Built-in lexicon model' },
  HTTP: { zh: 'HTTP 分类服务', en: 'HTTP classification service' },
  OPENAI_COMPATIBLE: { zh: 'OpenAI 兼容接口', en: 'OpenAI-compatible API' },
});
export type AiProvider = DictValue<typeof AiProvider>;
/** the only provider that runs in process and so needs no address */
export const LOCAL_AI_PROVIDER: AiProvider = 'BUILTIN';

/** A chatbot's mode (spec §3.5: "mode (default AI)"; the other value and the labels are ours). */
export const ChatbotMode = defineDictionary('dict-chatbot-mode', {
  AI: { zh: 'AI 大模型', en: 'AI model' },
  QA: { zh: '知识库问答', en: 'Knowledge-base Q&A' },
});
export type ChatbotMode = DictValue<typeof ChatbotMode>;
export const DEFAULT_CHATBOT_MODE: ChatbotMode = 'AI';
