import {
  type CsNav,
  csNavContract,
  csNavSaveSchema,
  defineDictionary,
  LIMITS,
  NAV_DEFAULT_WELCOMES,
  NAV_LIMITS,
  NAV_TYPE_OF_KIND,
  NavKind,
  NavType,
} from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, FormOption, RouteTarget } from '../entity/types';

export const NAV_LIST_PATH = '/online/csNav/list';
export const NAV_EDIT_PATH = '/online/csNav/edit';
export const NAV_CONFIG_PATH = '/online/csNav/config';

/** The tabs of the online list (spec §2.7: SELF, BOTTOM, SIDE, GROUP, by query `kind`); IVR is the hotline list's. */
export const OnlineNavKind = defineDictionary('qcdesk-online-nav-kind', {
  SELF: NavKind.labels.SELF,
  BOTTOM: NavKind.labels.BOTTOM,
  SIDE: NavKind.labels.SIDE,
  GROUP: NavKind.labels.GROUP,
});

/** /online/csNav/config?id={id}&_modal=large: the editor of a stored navigation. */
export function navConfigTarget(id: string, kind?: string): RouteTarget {
  return { path: NAV_CONFIG_PATH, query: { id, kind, _modal: 'large' } };
}

/** /online/csNav/edit?id=&kind=&_modal=small: the name form (create without id). */
export function navEditTarget(kind: string, id?: string): RouteTarget {
  return { path: NAV_EDIT_PATH, query: { id, kind, _modal: 'small' } };
}

/** The kind a route names, if it is an online one (the form of a new navigation starts with it). */
function onlineKind(value: string | undefined): NavKind {
  return value && OnlineNavKind.has(value) ? value : 'SELF';
}

/** The organisation's navigations of one kind not in the trash, by name (a line's navigation selectors). */
export async function navOptions(client: ApiClient, kind: NavKind): Promise<FormOption[]> {
  const navs = await resource<CsNav>(client, csNavContract.base, csNavContract).list({
    kind,
    fields: ['id', 'name'],
    limit: LIMITS.topLookup,
  });
  return navs.map((n) => ({ value: n.id, label: n.name }));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * Online navigations (online-service-config §2.7): a tab per kind (SELF, BOTTOM, SIDE, GROUP); the name opens the
 * config modal, the lines using it (first 3, then folded), the type; delete to the trash, restore, empty. Creating
 * and editing the name is a small form (type and kind read-only) whose save opens the config modal.
 */
export const csNavDescription: EntityDescriptionWithForm<CsNav> = {
  name: 'cs-nav',
  title: 'csNav.title',
  api: contractApi(csNavContract),
  listPath: NAV_LIST_PATH,
  softDelete: true,
  tabs: { param: 'kind', dictionary: OnlineNavKind, defaultValue: 'SELF' },
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name', width: 220, link: (row) => navConfigTarget(row.id, row.kind) },
    {
      key: 'lines',
      title: 'csNav.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => (line as { lineName: string }).lineName },
    },
    { key: 'type', title: 'common.type', kind: 'tag', dictionary: NavType, width: 100 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: (query) => navEditTarget(onlineKind(query.kind)),
  rowActions: [
    { label: 'common.edit', permission: csNavContract.keys.edit, to: (row) => navEditTarget(row.kind, row.id) },
  ],
  form: {
    permission: csNavContract.keys.edit,
    fields: [
      { key: 'type', kind: 'select', label: 'common.type', dictionary: NavType, required: true, fixed: true },
      { key: 'kind', kind: 'select', label: 'csNav.kind', dictionary: NavKind, required: true, fixed: true },
      { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: NAV_LIMITS.nameMax },
    ],
    defaults: (query) => {
      const kind = onlineKind(query.kind);
      return { kind, type: NAV_TYPE_OF_KIND[kind] };
    },
    // the name only: a change keeps the welcome and (left out) the config; a new one gets the kind's welcome
    toBody: (values, record) => {
      const kind = onlineKind(typeof values.kind === 'string' ? values.kind : undefined);
      return {
        name: text(values.name),
        type: NAV_TYPE_OF_KIND[kind],
        kind,
        welcome: record ? (record.welcome ?? null) : NAV_DEFAULT_WELCOMES[kind],
      };
    },
    check: (body) => csNavSaveSchema.safeParse(body),
    afterSave: (id, values) => ({
      path: NAV_CONFIG_PATH,
      query: {
        id: String(id),
        kind: typeof values.kind === 'string' ? values.kind : undefined,
        _modal: 'large',
        _reload: 'list',
      },
      replace: true,
    }),
  },
};
