import { ActiveStatus, type CensorBan, CensorFlag, CensorOperation, censorBanContract } from '@qcdesk/contracts';
import { createElement } from 'react';
import { contractApi } from '../entity/access';
import type { EntityDescription, RouteTarget } from '../entity/types';
import type { MessageKey } from '../i18n/dictionary';
import { WordPreview } from '../screens/censor/WordPreview';

export type CensorBanRecord = CensorBan;

export const CENSOR_BAN_LIST_PATH = '/cs-censor-ban/list';
export const CENSOR_BAN_EDIT_PATH = '/cs-censor-ban/edit';
/** The list's tab: the flag of the libraries shown (and of the one the create button makes). */
export const CENSOR_FLAG_PARAM = 'flag';
export const DEFAULT_CENSOR_FLAG: CensorFlag = 'cs-agent';

/** The tab labels as the spec names them: 员工 for cs-agent, 客户 for cs-customer. */
export const CENSOR_FLAG_TABS: Readonly<Record<CensorFlag, MessageKey>> = {
  'cs-agent': 'censorBan.tab.agent',
  'cs-customer': 'censorBan.tab.customer',
};

/** The flag of a route query: its `flag` when it is one, else cs-agent. */
export function censorFlagOf(query: Readonly<Record<string, string>>): CensorFlag {
  const flag = query[CENSOR_FLAG_PARAM];
  return CensorFlag.values.includes(flag as CensorFlag) ? (flag as CensorFlag) : DEFAULT_CENSOR_FLAG;
}

/** /cs-censor-ban/edit?id&flag&_modal=small (create without id, with the flag of the tab it was opened from). */
export function censorBanEditTarget(flag: CensorFlag, id?: string): RouteTarget {
  return { path: CENSOR_BAN_EDIT_PATH, query: { id, flag, _modal: 'small' } };
}

/** FUZZY masks the customer's side of the chat: a staff library never offers it (spec T-V25). */
export function operationsFor(flag: CensorFlag): CensorOperation[] {
  return CensorOperation.values.filter((op) => flag !== 'cs-agent' || op !== 'FUZZY');
}

/**
 * Sensitive-word libraries (spec "Sensitive-word list"): tabs by flag (the screen, screens/censor/CensorBanList, adds
 * the log's tab), name, a preview of the first 20 words as tags, the alert level, status and last change; keyword on
 * the name or any word; bulk activate and deactivate; create with the tab's flag; delete for good (no trash).
 */
export const censorBanDescription: EntityDescription<CensorBanRecord> = {
  name: 'censor-ban',
  title: 'censorBan.title',
  api: contractApi(censorBanContract),
  listPath: CENSOR_BAN_LIST_PATH,
  softDelete: false,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
  columns: [
    {
      key: 'name',
      title: 'censorBan.name',
      width: 200,
      link: (row) => censorBanEditTarget(row.flag, row.id),
    },
    {
      key: 'words',
      title: 'censorBan.words',
      // the first 20 as tags and +N for the rest; a system library says so instead of '--'
      render: (row) => createElement(WordPreview, { library: row }),
    },
    { key: 'operation', title: 'censorBan.operation', kind: 'dict', dictionary: CensorOperation, width: 110 },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 100 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: (query) => censorBanEditTarget(censorFlagOf(query)),
  rowActions: [
    {
      label: 'common.edit',
      permission: censorBanContract.keys.edit,
      to: (row) => censorBanEditTarget(row.flag, row.id),
    },
  ],
  minTableWidth: 900,
};
