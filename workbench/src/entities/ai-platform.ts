import {
  AI_PLATFORM_LIMITS,
  type AiPlatform,
  AiProvider,
  aiPlatformContract,
  aiPlatformSaveSchema,
} from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, RouteTarget } from '../entity/types';

export const AI_PLATFORM_LIST_PATH = '/ai-platform/list';
export const AI_PLATFORM_EDIT_PATH = '/ai-platform/edit';
/** The form is a drawer of the standard width (the spec shows no layout for it). */
export const AI_PLATFORM_DRAWER = '600';

/** /ai-platform/edit?id={id}&_drawer=600 (create without id). */
export function aiPlatformEditTarget(id?: string): RouteTarget {
  return { path: AI_PLATFORM_EDIT_PATH, query: { id, _drawer: AI_PLATFORM_DRAWER } };
}

/**
 * AI platforms (online-service-config §2.6): name, type, address, the masked key, the platform's account id, last
 * change; keyword and type filters; the trash with restore and empty. The form (EntityForm in a drawer) shows the
 * stored key masked and sends it back as shown, which the server reads as "keep the key"; clearing it removes it.
 */
export const aiPlatformDescription: EntityDescriptionWithForm<AiPlatform> = {
  name: 'ai-platform',
  title: 'aiPlatform.title',
  api: contractApi(aiPlatformContract),
  listPath: AI_PLATFORM_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [{ key: 'provider', label: 'aiPlatform.provider', kind: 'select', dictionary: AiProvider }],
  columns: [
    { key: 'name', title: 'common.name', width: 200, link: (row) => aiPlatformEditTarget(row.id) },
    { key: 'provider', title: 'aiPlatform.provider', kind: 'dict', dictionary: AiProvider, width: 170 },
    { key: 'baseUrl', title: 'aiPlatform.baseUrl' },
    { key: 'apiKey', title: 'aiPlatform.apiKey', width: 140 },
    { key: 'outerId', title: 'aiPlatform.outerId', width: 150 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => aiPlatformEditTarget(),
  rowActions: [
    { label: 'common.edit', permission: aiPlatformContract.keys.edit, to: (row) => aiPlatformEditTarget(row.id) },
  ],
  minTableWidth: 960,
  form: {
    permission: aiPlatformContract.keys.edit,
    fields: [
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: AI_PLATFORM_LIMITS.nameMax },
      { key: 'provider', kind: 'select', label: 'aiPlatform.provider', required: true, dictionary: AiProvider },
      { key: 'baseUrl', kind: 'text', label: 'aiPlatform.baseUrl', maxLength: AI_PLATFORM_LIMITS.baseUrlMax },
      { key: 'apiKey', kind: 'text', label: 'aiPlatform.apiKey', maxLength: AI_PLATFORM_LIMITS.apiKeyMax },
      { key: 'outerId', kind: 'text', label: 'aiPlatform.outerId', maxLength: AI_PLATFORM_LIMITS.outerIdMax },
    ],
    check: (body) => aiPlatformSaveSchema.safeParse(body),
    afterSave: (id, _values, query) => ({
      path: AI_PLATFORM_EDIT_PATH,
      query: { id: String(id), _drawer: query._drawer ?? AI_PLATFORM_DRAWER, _reload: 'list' },
      replace: true,
    }),
  },
};
