import { type CsNav, csNavContract, defineDictionary, NavKind, NavType } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescription, RouteTarget } from '../entity/types';

export const HOTLINE_NAV_LIST_PATH = '/hotline/csNav/list';
export const HOTLINE_NAV_CONFIG_PATH = '/hotline/csNav/config';

/** The hotline list's one tab (spec §2.7: IVR). */
export const HotlineNavKind = defineDictionary('qcdesk-hotline-nav-kind', { IVR: NavKind.labels.IVR });

/** What the hotline list always asks for besides its tab (spec §2.7: type fixed HOTLINE). */
export const HOTLINE_NAV_FILTERS = { type: 'HOTLINE' } as const;

/** /hotline/csNav/config?id={id}&_modal=large: the IVR editor of a stored navigation. */
export function hotlineNavConfigTarget(id: string): RouteTarget {
  return { path: HOTLINE_NAV_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/**
 * Hotline navigations (online-service-config §2.7): one tab IVR, a keyword, type fixed HOTLINE; the name opens the IVR
 * editor, the lines using it (first 3, then folded), the type as a tag and the last change. Create (csNav.edit) opens
 * the editor on a new IVR navigation; delete (csNav.delete) moves to the trash, with restore and empty.
 */
export const csNavHotlineDescription: EntityDescription<CsNav> = {
  name: 'cs-nav-hotline',
  title: 'csNavHotline.title',
  api: contractApi(csNavContract),
  listPath: HOTLINE_NAV_LIST_PATH,
  softDelete: true,
  tabs: { param: 'kind', dictionary: HotlineNavKind, defaultValue: 'IVR' },
  keyword: true,
  filters: [],
  columns: [
    { key: 'name', title: 'common.name', width: 240, link: (row) => hotlineNavConfigTarget(row.id) },
    {
      key: 'lines',
      title: 'csNav.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => (line as { lineName: string }).lineName },
    },
    { key: 'type', title: 'common.type', kind: 'tag', dictionary: NavType, width: 100 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => ({ path: HOTLINE_NAV_CONFIG_PATH, query: { kind: 'IVR', _modal: 'large' } }),
  rowActions: [
    { label: 'common.edit', permission: csNavContract.keys.edit, to: (row) => hotlineNavConfigTarget(row.id) },
  ],
};
