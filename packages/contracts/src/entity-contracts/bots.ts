import { entityContract } from '../crud/entity-contract.js';
import { aiPlatformFilterSchema, aiPlatformSaveSchema, aiPlatformSchema } from '../entities/ai-platform.js';
import { chatbotFilterSchema, chatbotSaveSchema, chatbotSchema } from '../entities/chatbot.js';

/**
 * AI platforms (online-service-config §2.6, §3.6): page, list, detail (platformId), create, change, delete; the
 * spec's keys name none, so the three keys are ours. Soft delete as the other online lists (§7): a chatbot's platform
 * may go to the trash and come back.
 */
export const aiPlatformContract = entityContract({
  base: '/v3/feed/ai-platform',
  name: { zh: 'AI 平台', en: 'AI platform' },
  detailParam: 'platformId',
  keys: { view: 'aiPlatform.view', edit: 'aiPlatform.edit', delete: 'aiPlatform.delete' },
  record: aiPlatformSchema,
  save: aiPlatformSaveSchema,
  filter: aiPlatformFilterSchema,
  softDelete: true,
});

/** Chatbots (§2.5, §3.5): the spec's chatbot.edit and chatbot.delete, a read key of ours, and /status (ids, status). */
export const chatbotContract = entityContract({
  base: '/v3/chats/chatbot',
  name: { zh: '机器人', en: 'Chatbot' },
  detailParam: 'chatbotId',
  keys: { view: 'chatbot.view', edit: 'chatbot.edit', delete: 'chatbot.delete', status: 'chatbot.edit' },
  record: chatbotSchema,
  save: chatbotSaveSchema,
  filter: chatbotFilterSchema,
  softDelete: true,
});
