import type { ActiveStatus, AiProvider, ChatbotMode } from '@qcdesk/contracts';
import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from './columns.js';

/**
 * An AI platform (online-service-config §3.6): where the organisation's model operators and chatbots are answered.
 * `api_key` is stored as given and only ever answered masked.
 */
export const aiPlatforms = pgTable(
  'ai_platforms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    outerId: text('outer_id'),
    provider: text('provider').$type<AiProvider>().notNull(),
    baseUrl: text('base_url'),
    apiKey: text('api_key'),
    ...entityColumns(),
  },
  (t) => [index('ai_platforms_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc())],
);

/**
 * A chatbot (§3.5). `space_ids` are knowledge-base space ids kept as given (the space entity does not exist yet);
 * `platform_id` is an AI platform of the same organisation, checked on save.
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    nick: text('nick').notNull(),
    code: text('code'),
    status: text('status').$type<ActiveStatus>().notNull().default('INACTIVE'),
    avatar: text('avatar'),
    mode: text('mode').$type<ChatbotMode>().notNull().default('AI'),
    outerId: text('outer_id'),
    platformId: bigint('platform_id', { mode: 'number' }).references(() => aiPlatforms.id),
    spaceIds: text('space_ids').array().notNull().default([]),
    ...entityColumns(),
  },
  (t) => [
    index('chatbots_list_idx').on(t.organizationId, t.deleted, t.modifyTime.desc()),
    index('chatbots_platform_idx').on(t.platformId),
  ],
);
