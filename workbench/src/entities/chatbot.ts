import {
  aiPlatformContract,
  CHATBOT_AVATAR_DIR,
  CHATBOT_LIMITS,
  type Chatbot,
  ChatbotMode,
  chatbotContract,
  chatbotSaveSchema,
  DEFAULT_CHATBOT_MODE,
} from '@qcdesk/contracts';
import { createElement } from 'react';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, FormOption, RouteTarget } from '../entity/types';
import { ChatbotName } from '../screens/online/ChatbotName';
import { spaceOptions } from './space';

export const CHATBOT_LIST_PATH = '/online/chatbot/list';
export const CHATBOT_EDIT_PATH = '/online/chatbot/edit';

/** /online/chatbot/edit?id={id}&_modal=small (spec §2.5; create without id). */
export function chatbotEditTarget(id?: string): RouteTarget {
  return { path: CHATBOT_EDIT_PATH, query: { id, _modal: 'small' } };
}

/** The organisation's AI platforms not in the trash, by name (the platform filter and the form's pick). */
export async function platformOptions(client: ApiClient): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(aiPlatformContract);
  const platforms = await resource<{ id: string; name?: string }>(client, base, { detailParam }).list({
    fields: ['id', 'name'],
  });
  return platforms.map((p) => ({ value: p.id, label: p.name ?? p.id }));
}

/**
 * Chatbots (online-service-config §2.5): name with avatar, nick, mode, bound lines (first 3), knowledge bases, the AI
 * application id, platform name and last change; filters keyword, outerId, platform (a pick of the organisation's AI
 * platforms) and mode; NONE / TRASH; bulk activate and deactivate. The form is a small modal (EntityForm).
 */
export const chatbotDescription: EntityDescriptionWithForm<Chatbot> = {
  name: 'chatbot',
  title: 'chatbot.title',
  api: contractApi(chatbotContract),
  listPath: CHATBOT_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [
    { key: 'outerId', label: 'chatbot.outerId', kind: 'text' },
    { key: 'platformId', label: 'chatbot.platform', kind: 'select', options: platformOptions },
    { key: 'mode', label: 'chatbot.mode', kind: 'select', dictionary: ChatbotMode },
  ],
  columns: [
    {
      key: 'name',
      title: 'common.name',
      width: 200,
      render: (row) => createElement(ChatbotName, { row, to: chatbotEditTarget(row.id) }),
    },
    { key: 'nick', title: 'chatbot.nick', width: 140 },
    { key: 'mode', title: 'chatbot.mode', kind: 'dict', dictionary: ChatbotMode, width: 120 },
    {
      key: 'lines',
      title: 'chatbot.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => (line as { lineName: string }).lineName },
    },
    {
      key: 'spaces',
      title: 'chatbot.spaces',
      kind: 'fold',
      fold: {
        limit: 3,
        label: (space) => {
          const s = space as { spaceId: string; spaceName?: string | null };
          return s.spaceName ?? s.spaceId;
        },
      },
    },
    { key: 'outerId', title: 'chatbot.outerId', width: 140 },
    { key: 'platformName', title: 'chatbot.platform', width: 150 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => chatbotEditTarget(),
  rowActions: [{ label: 'common.edit', permission: chatbotContract.keys.edit, to: (row) => chatbotEditTarget(row.id) }],
  minTableWidth: 1200,
  form: {
    permission: chatbotContract.keys.edit,
    fields: [
      // never empty: a new bot starts in AI mode (spec §3.5) and the choice cannot be cleared
      { key: 'mode', kind: 'select', label: 'chatbot.mode', dictionary: ChatbotMode },
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: CHATBOT_LIMITS.nameMax },
      { key: 'nick', kind: 'text', label: 'chatbot.nick', required: true, maxLength: CHATBOT_LIMITS.nickMax },
      { key: 'avatar', kind: 'image', label: 'chatbot.avatar', uploadDir: CHATBOT_AVATAR_DIR },
      { key: 'outerId', kind: 'text', label: 'chatbot.outerId', maxLength: CHATBOT_LIMITS.outerIdMax },
      {
        key: 'platformId',
        kind: 'select',
        label: 'chatbot.platform',
        options: async ({ client, record }) => {
          const found = await platformOptions(client);
          // a bot whose platform has gone to the trash still shows it by name (saving then asks for another)
          if (record?.platformId && !found.some((o) => o.value === record.platformId))
            found.push({ value: record.platformId, label: record.platformName ?? record.platformId });
          return found;
        },
      },
      // the organisation's knowledge bases (CS_KB spaces), in the order chosen
      {
        key: 'spaceIds',
        kind: 'multiselect',
        label: 'chatbot.spaces',
        options: ({ client }) => spaceOptions(client, 'CS_KB'),
      },
    ],
    defaults: () => ({ mode: DEFAULT_CHATBOT_MODE }),
    toBody: (values) => ({
      mode: values.mode,
      name: typeof values.name === 'string' ? values.name.trim() : values.name,
      nick: typeof values.nick === 'string' ? values.nick.trim() : values.nick,
      avatar: values.avatar || null,
      outerId: typeof values.outerId === 'string' && values.outerId.trim() !== '' ? values.outerId.trim() : null,
      platformId: values.platformId || null,
      spaceIds: Array.isArray(values.spaceIds) ? values.spaceIds : [],
    }),
    check: (body) => chatbotSaveSchema.safeParse(body),
    afterSave: (id, _values, query) => ({
      path: CHATBOT_EDIT_PATH,
      query: { id: String(id), _modal: query._modal ?? 'small', _reload: 'list' },
      replace: true,
    }),
  },
};
