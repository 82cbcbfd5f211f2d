import {
  SPACE_LIMITS,
  type Space,
  SpaceType,
  type SpaceType as SpaceTypeValue,
  spaceContract,
  spaceSaveSchema,
  taskKindContract,
} from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, FormOption, RouteTarget } from '../entity/types';

export const SPACE_LIST_PATH = '/ticket/space';
export const SPACE_CREATE_PATH = '/ticket/space/create';
export const SPACE_CONFIG_PATH = '/ticket/space/config';

/** /ticket/space/create?_modal=small&type={type}: the list's create button names the type of its tab. */
export function spaceCreateTarget(type: string): RouteTarget {
  return { path: SPACE_CREATE_PATH, query: { _modal: 'small', type } };
}

/** /ticket/space/config?id={id}&_modal=large (the name's link and the edit action). */
export function spaceConfigTarget(id: string): RouteTarget {
  return { path: SPACE_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** The organisation's ticket kinds not in the trash, by name (a ticket space's templates). */
export async function kindOptions(client: ApiClient): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(taskKindContract);
  const kinds = await resource<{ id: string; name?: string; code?: string | null }>(client, base, {
    detailParam,
  }).list({ fields: ['id', 'name', 'code'] });
  return kinds.map((k) => ({ value: k.id, label: k.code ? `${k.name ?? k.id}（${k.code}）` : (k.name ?? k.id) }));
}

/** The organisation's spaces of one type not in the trash, by name (e.g. a chatbot's knowledge bases, CS_KB). */
export async function spaceOptions(client: ApiClient, type: SpaceTypeValue): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(spaceContract);
  const spaces = await resource<{ id: string; name?: string }>(client, base, { detailParam }).list({
    type,
    fields: ['id', 'name'],
  });
  return spaces.map((s) => ({ value: s.id, label: s.name ?? s.id }));
}

const isTicket = (type: unknown) => type === 'TICKET';

/**
 * Spaces (tickets spec "Ticket spaces"; online-service-config §3.10), one tab per type with ticket spaces first:
 * keyword search; name (opens the config modal), code, ticket kinds (first 3, then folded), create time; delete,
 * restore, empty. The form: the type (fixed: the create route names it, a space keeps it), name, code, intro and,
 * for a ticket space, its templates in the order chosen. Ticket-space authorisation and drag ordering come with the
 * ticket area.
 */
export const spaceDescription: EntityDescriptionWithForm<Space> = {
  name: 'space',
  title: 'space.title',
  api: contractApi(spaceContract),
  listPath: SPACE_LIST_PATH,
  softDelete: true,
  tabs: { param: 'type', dictionary: SpaceType, defaultValue: 'TICKET' },
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name', width: 220, link: (row) => spaceConfigTarget(row.id) },
    { key: 'code', title: 'space.code', width: 140 },
    {
      key: 'taskKinds',
      title: 'space.kinds',
      kind: 'fold',
      fold: { limit: 3, label: (kind) => (kind as { kindName: string }).kindName },
    },
    { key: 'createTime', title: 'common.createTime', kind: 'time', width: 170 },
  ],
  create: (query) => spaceCreateTarget(query.type || 'TICKET'),
  rowActions: [{ label: 'common.edit', permission: spaceContract.keys.edit, to: (row) => spaceConfigTarget(row.id) }],
  form: {
    permission: spaceContract.keys.edit,
    fields: [
      { key: 'type', kind: 'select', label: 'common.type', dictionary: SpaceType, required: true, fixed: true },
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: SPACE_LIMITS.nameMax },
      { key: 'code', kind: 'text', label: 'space.code', maxLength: SPACE_LIMITS.codeMax },
      { key: 'intro', kind: 'textarea', label: 'space.intro', maxLength: SPACE_LIMITS.introMax },
      {
        key: 'kindIds',
        kind: 'multiselect',
        label: 'space.kinds',
        options: ({ client }) => kindOptions(client),
        shown: (values) => isTicket(values.type),
      },
    ],
    defaults: (query) => ({ type: query.type || 'TICKET' }),
    toBody: (values) => {
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
      return {
        type: values.type,
        name: typeof values.name === 'string' ? values.name.trim() : values.name,
        code: text(values.code),
        intro: text(values.intro),
        kindIds: isTicket(values.type) && Array.isArray(values.kindIds) ? values.kindIds : [],
      };
    },
    check: (body) => spaceSaveSchema.safeParse(body),
    // a create (small modal) reopens as the space's config (large modal), as the list's link opens it
    afterSave: (id) => ({
      path: SPACE_CONFIG_PATH,
      query: { id: String(id), _modal: 'large', _reload: 'list' },
      replace: true,
    }),
  },
};
