import {
  ActiveStatus,
  AgentStatus,
  type CsAgent,
  type CsGroup,
  type CsGroupOption,
  type CsTime,
  csAgentContract,
  csGroupContract,
  csGroupSaveSchema,
  csTimeContract,
  DESK_LIMITS,
  DeskAssign,
  GROUP_TYPES_WITH_PARENT,
  GroupType,
  type TodayTime,
} from '@qcdesk/contracts';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type {
  EntityDescriptionWithForm,
  EntityFormDescription,
  FormOption,
  PickerDescription,
  RouteTarget,
} from '../entity/types';
import { useLocaleStore } from '../i18n/locale-store';
import { spanText } from './cs-time';

export type CsGroupRecord = CsGroup;

export const CS_GROUP_LIST_PATH = '/csGroup';
export const CS_GROUP_CREATE_PATH = '/csGroup/create';
export const CS_GROUP_CONFIG_PATH = '/csGroup/config';

/** /csGroup/config?id={id}&_modal=large */
export function csGroupConfigTarget(id: string): RouteTarget {
  return { path: CS_GROUP_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** How many rows a lookup asks for (the contracts' top-lookup limit). */
const LOOKUP_LIMIT = 100;

/** The service times to choose from (/v3/chats/cs-time/list). */
export async function timeOptions(client: ApiClient): Promise<FormOption[]> {
  const times = await resource<CsTime>(client, csTimeContract.base, csTimeContract).list({
    fields: ['id', 'name'],
    limit: LOOKUP_LIMIT,
  });
  return times.map((time) => ({ value: time.id, label: time.name }));
}

/** The agents to receive with (/v3/chats/cs-agent/list): nick, and the name when it differs. */
export async function agentOptions(client: ApiClient): Promise<FormOption[]> {
  const agents = await resource<CsAgent>(client, csAgentContract.base, csAgentContract).list({
    fields: ['id', 'nick', 'name'],
    limit: LOOKUP_LIMIT,
  });
  return agents.map((a) => ({ value: a.id, label: a.name && a.name !== a.nick ? `${a.nick}（${a.name}）` : a.nick }));
}

/**
 * The category parents a group of `type` may have: the active top-level CATEGORY groups (spec §2.2), none for a
 * type without a parent.
 */
export async function parentOptions(client: ApiClient, type: string | null | undefined): Promise<FormOption[]> {
  if (!type || !GROUP_TYPES_WITH_PARENT.includes(type as GroupType)) return [];
  const top = await client.request<CsGroupOption[]>({
    path: `${csGroupContract.base}/list/top`,
    body: { type: 'CATEGORY' },
  });
  return top.map((g) => ({ value: g.id, label: g.name }));
}

/** The overflow groups a group may send to: the groups of its type, never itself (spec §5). */
export async function overflowOptions(client: ApiClient, type: string, self: string | null): Promise<FormOption[]> {
  const groups = await resource<CsGroup>(client, csGroupContract.base, csGroupContract).list({
    type,
    fields: ['id', 'name'],
    limit: LOOKUP_LIMIT,
  });
  return groups.filter((g) => g.id !== self).map((g) => ({ value: g.id, label: g.name }));
}

/** The record's own choice stays choosable when a lookup does not list it. */
export function withOwn(options: FormOption[], id: string | null | undefined, name: string | null | undefined) {
  return id && !options.some((o) => o.value === id) ? [...options, { value: id, label: name ?? id }] : options;
}

/** `空闲率优先 > 轮流分配`: the first assignment, then the second where there is one. */
function assignOrder(group: CsGroup): string {
  const locale = useLocaleStore.getState().locale;
  const config = group.config;
  if (!config) return '';
  return [config.firstAssign, config.secondAssign]
    .filter((a): a is NonNullable<typeof a> => !!a)
    .map((a) => DeskAssign.label(a, locale))
    .join(' > ');
}

/**
 * /csGroup/create?_modal=large (spec §2.2): type, name, code, intro, service time, category parent (ONLINE and
 * HOTLINE only) and receivers, checked by the contract (请设置接待人 without one). After the save the config modal
 * opens on the new group and the list reloads.
 */
export const csGroupCreateForm: EntityFormDescription<CsGroupRecord> = {
  permission: 'csGroup.edit',
  fields: [
    { key: 'type', kind: 'select', label: 'common.type', required: true, dictionary: GroupType },
    { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: DESK_LIMITS.nameMax },
    { key: 'code', kind: 'text', label: 'csGroup.code', maxLength: DESK_LIMITS.codeMax },
    {
      key: 'timeId',
      kind: 'select',
      label: 'csGroup.time',
      required: true,
      options: async ({ client, record }) => withOwn(await timeOptions(client), record?.timeId, record?.timeName),
    },
    {
      key: 'parentId',
      kind: 'select',
      label: 'csGroup.parent',
      optionsDependOn: ['type'],
      options: async ({ client, values, record }) => {
        const type = typeof values.type === 'string' ? values.type : null;
        const found = await parentOptions(client, type);
        return type === record?.type ? withOwn(found, record?.parentId, record?.parentName) : found;
      },
    },
    {
      key: 'agentIds',
      kind: 'multiselect',
      label: 'csGroup.agents',
      options: async ({ client, record }) => {
        let found = await agentOptions(client);
        for (const a of record?.agents ?? []) found = withOwn(found, a.agentId, a.agentNick ?? a.agentName);
        return found;
      },
    },
    { key: 'intro', kind: 'textarea', label: 'csGroup.intro', maxLength: DESK_LIMITS.textMax },
  ],
  check: (body) => csGroupSaveSchema.safeParse(body),
  afterSave: (id) => ({ path: CS_GROUP_CONFIG_PATH, query: { id: String(id), _modal: 'large', _reload: 'list' } }),
};

/**
 * Skill groups (online-service-config §2.2): keyword and type search; name (opens the config modal), receivers and
 * navigations folded after 3, the assignment order, type, the two overflow groups, today's times, create and modify
 * times; create, delete to the trash, restore and empty.
 */
export const csGroupDescription: EntityDescriptionWithForm<CsGroupRecord> = {
  name: 'cs-group',
  title: 'csGroup.title',
  api: contractApi(csGroupContract),
  listPath: CS_GROUP_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [{ key: 'type', label: 'common.type', kind: 'select', dictionary: GroupType }],
  columns: [
    { key: 'name', title: 'common.name', link: (row) => csGroupConfigTarget(row.id) },
    {
      key: 'agents',
      title: 'csGroup.agents',
      kind: 'fold',
      fold: {
        limit: 3,
        label: (a) => {
          const agent = a as CsGroup['agents'][number];
          return agent.agentNick ?? agent.agentName ?? agent.agentId;
        },
      },
    },
    {
      key: 'navs',
      title: 'csGroup.navs',
      kind: 'fold',
      fold: { limit: 3, label: (n) => (n as CsGroup['navs'][number]).navName ?? '' },
    },
    { key: 'assignOrder', title: 'csGroup.assignOrder', value: assignOrder },
    { key: 'type', title: 'common.type', kind: 'dict', dictionary: GroupType, width: 90 },
    // spec §3.2: a group is shown online when it has a service time (the server answers `online`)
    {
      key: 'online',
      title: 'csGroup.online',
      kind: 'tag',
      dictionary: AgentStatus,
      value: (row) => (row.online ? 'ONLINE' : 'OFFLINE'),
      width: 80,
    },
    {
      key: 'overflow',
      title: 'csGroup.overflow',
      kind: 'fold',
      value: (row) => [row.config?.overloadGroupName, row.config?.offlineGroupName].filter((n) => !!n),
      fold: { limit: 3, label: (n) => String(n) },
    },
    {
      key: 'todayTimes',
      title: 'csGroup.todayTimes',
      kind: 'fold',
      fold: { limit: 3, label: (span) => spanText(span as TodayTime) },
    },
    { key: 'createTime', title: 'common.createTime', kind: 'time', width: 120 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
  ],
  create: () => ({ path: CS_GROUP_CREATE_PATH, query: { _modal: 'large' } }),
  rowActions: [{ label: 'common.edit', permission: 'csGroup.edit', to: (row) => csGroupConfigTarget(row.id) }],
  minTableWidth: 1200,
  form: csGroupCreateForm,
};

/**
 * The skill-group picker shared by other screens (spec §2.3): ACTIVE groups by default, 10 a page, keyword and status;
 * a click picks the row (open it with `multiple={false}`).
 */
export function groupPicker(client: ApiClient): PickerDescription<CsGroup> {
  const { base, detailParam } = contractApi(csGroupContract);
  const api = resource<CsGroup>(client, base, { detailParam });
  return {
    title: 'csGroup.pickerTitle',
    keyword: true,
    filters: [
      { key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus, defaultValue: 'ACTIVE' },
    ],
    columns: [
      { key: 'name', title: 'common.name' },
      { key: 'type', title: 'common.type', kind: 'dict', dictionary: GroupType },
      { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus },
    ],
    load: ({ page, size, keyword, filters }) =>
      api.page({ page, size, filters: { ...filters, ...(keyword ? { keyword } : {}), deleted: 'NONE' } }),
  };
}
