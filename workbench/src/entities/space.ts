import {
  ActiveStatus,
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
import { useSessionStore } from '../auth/session-store';
import { contractApi } from '../entity/access';
import type {
  EntityDescriptionWithForm,
  FormOption,
  PickerDescription,
  PickerLoader,
  RouteTarget,
} from '../entity/types';

export const SPACE_LIST_PATH = '/ticket/space';
export const SPACE_CREATE_PATH = '/ticket/space/create';
export const SPACE_CONFIG_PATH = '/ticket/space/config';
export const SPACE_AUTH_PATH = '/ticket/space/auth';
/** the spec's template picker: a table 500 high */
export const TEMPLATE_PICKER_HEIGHT = 500;

/** /ticket/space/create?_modal=small&type={type}: the list's create button names the type of its tab. */
export function spaceCreateTarget(type: string): RouteTarget {
  return { path: SPACE_CREATE_PATH, query: { _modal: 'small', type } };
}

/** /ticket/space/config?id={id}&_modal=large (the name's link and the edit action). */
export function spaceConfigTarget(id: string): RouteTarget {
  return { path: SPACE_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** Whether a space is the signed-in user's organisation's own (not one granted to it by another organisation). */
export function isOwnSpace(space: { tenantId?: string | null }, organisationId: string | number | undefined): boolean {
  // a record or a session without the ids (a preview, an older server) is taken as the user's own
  return space.tenantId == null || organisationId === undefined || String(space.tenantId) === String(organisationId);
}

/** A ticket kind as the template picker shows it. */
export interface TemplateRecord {
  id: string;
  name: string;
  code?: string | null;
  taskCode?: string | null;
  status?: string;
}

/**
 * The template picker (tickets spec §2 "Template picker"): the organisation's ticket kinds by keyword and status, 10 a
 * page, in a table 500 high.
 */
export function templatePicker(load: PickerLoader<TemplateRecord>): PickerDescription<TemplateRecord> {
  return {
    title: 'space.pickerTitle',
    keyword: true,
    filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
    columns: [
      { key: 'name', title: 'common.name' },
      { key: 'code', title: 'ticketKind.code', width: 140 },
      { key: 'taskCode', title: 'ticketKind.taskCode', width: 120 },
      { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    ],
    load,
  };
}

/** The picker's source: the organisation's live ticket kinds, a page at a time (`/v3/feed/task-kind/page`). */
export function taskKindPage(client: ApiClient): PickerLoader<TemplateRecord> {
  const api = resource<TemplateRecord>(client, taskKindContract.base, taskKindContract);
  return async ({ page, size, keyword, filters }) => {
    const answer = await api.page({
      page,
      size,
      filters: { ...filters, ...(keyword ? { keyword } : {}) },
      fields: ['id', 'name', 'code', 'taskCode', 'status'],
    });
    return { records: answer.records, total: answer.total };
  };
}

/** The organisation's ticket kinds not in the trash, by name (a ticket space's templates). */
export async function kindOptions(client: ApiClient): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(taskKindContract);
  const kinds = await resource<{ id: string; name?: string; code?: string | null }>(client, base, {
    detailParam,
  }).list({ fields: ['id', 'name', 'code'] });
  return kinds.map((k) => ({ value: k.id, label: k.code ? `${k.name ?? k.id}（${k.code}）` : (k.name ?? k.id) }));
}

/**
 * The organisation's spaces of one type not in the trash, by name (e.g. a chatbot's knowledge bases, CS_KB). Spaces
 * other organisations granted it are readable but not its to bind, so they are left out.
 */
export async function spaceOptions(client: ApiClient, type: SpaceTypeValue): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(spaceContract);
  const spaces = await resource<{ id: string; name?: string; tenantId?: string }>(client, base, { detailParam }).list({
    type,
    fields: ['id', 'name', 'tenantId'],
  });
  const organisationId = useSessionStore.getState().organisation?.id;
  return spaces.filter((s) => isOwnSpace(s, organisationId)).map((s) => ({ value: s.id, label: s.name ?? s.id }));
}

const isTicket = (type: unknown) => type === 'TICKET';

/**
 * Spaces (tickets spec "Ticket spaces"; online-service-config §3.10), one tab per type with ticket spaces first:
 * keyword search; name (opens the config modal), ticket kinds (first 3, then folded), create time; delete, restore,
 * empty. The create form (a small modal, or a line's drawer): the type (fixed: the create route names it, a space
 * keeps it), name, code, intro and, for a ticket space, its first templates in the order chosen; after a save the
 * space's config opens (screens/ticket/SpaceConfig.tsx: the draggable templates and the picker; SpaceAuth.tsx).
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
        key: 'taskKindIds',
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
        taskKindIds: isTicket(values.type) && Array.isArray(values.taskKindIds) ? values.taskKindIds : [],
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
