import {
  AgentMode,
  AgentStatus,
  type CsAgent,
  csAgentContract,
  csAgentSaveSchema,
  DESK_LIMITS,
  userContract,
} from '@qcdesk/contracts';
import { createElement } from 'react';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type {
  EntityColumn,
  EntityDescription,
  EntityFormDescription,
  EntityFormField,
  FormOption,
  PickerDescription,
  RouteTarget,
} from '../entity/types';
import { AgentName } from '../screens/people/AgentName';

export const AGENT_LIST_PATH = '/csAgent/list';
export const AGENT_EDIT_PATH = '/csAgent/edit';

/** /csAgent/edit?id={id}&_modal=small (create without id). */
export function agentEditTarget(id?: string): RouteTarget {
  return { path: AGENT_EDIT_PATH, query: { id, _modal: 'small' } };
}

/** The console users an agent may be: every user not in the trash, by name and user name. */
export async function userOptions(client: ApiClient): Promise<FormOption[]> {
  const { base, detailParam } = contractApi(userContract);
  const users = await resource<{ id: string; name?: string; username?: string }>(client, base, { detailParam }).list({
    fields: ['id', 'name', 'username'],
  });
  return users.map((u) => ({
    value: u.id,
    label: u.name ? `${u.name}（${u.username ?? u.id}）` : (u.username ?? u.id),
  }));
}

const nick: EntityFormField<CsAgent> = {
  key: 'nick',
  kind: 'text',
  label: 'agent.nick',
  required: true,
  maxLength: DESK_LIMITS.nameMax,
};
const rest: EntityFormField<CsAgent>[] = [
  {
    key: 'capacity',
    kind: 'number',
    label: 'agent.capacity',
    required: true,
    min: DESK_LIMITS.capacityMin,
    max: DESK_LIMITS.capacityMax,
  },
  { key: 'softNumber', kind: 'text', label: 'agent.softNumber', maxLength: DESK_LIMITS.softNumberMax },
  { key: 'mobile', kind: 'text', label: 'agent.mobile', maxLength: DESK_LIMITS.mobileMax },
  { key: 'callPlatform', kind: 'text', label: 'agent.callPlatform', maxLength: DESK_LIMITS.codeMax },
];

/** The user field: chosen on create; on edit shown but never changed (spec §2.4). */
function userField(fixed: boolean): EntityFormField<CsAgent> {
  return {
    key: 'userId',
    kind: 'select',
    label: 'agent.user',
    required: !fixed,
    fixed,
    options: async ({ client, record }) => {
      const found = await userOptions(client).catch((): FormOption[] => []);
      // an agent known only from sessions or a platform has no user; one whose user the list misses keeps his id
      if (record?.userId && !found.some((o) => o.value === record.userId))
        found.push({ value: record.userId, label: record.name ?? record.userId });
      return found;
    },
  };
}

const agentFormBase = {
  permission: 'csAgent.edit',
  check: (body: Record<string, unknown>) => csAgentSaveSchema.safeParse(body),
  afterSave: (id: string | number, _values: unknown, query: Readonly<Record<string, string>>) => ({
    path: AGENT_EDIT_PATH,
    query: { id: String(id), _modal: query._modal ?? 'small', _reload: 'list' },
    replace: true,
  }),
} as const;

/** /csAgent/edit without id: user (required), nick, capacity 20, soft-phone number, mobile, call platform. */
export const agentCreateForm: EntityFormDescription<CsAgent> = {
  ...agentFormBase,
  fields: [userField(false), nick, ...rest],
  defaults: () => ({ capacity: DESK_LIMITS.capacityDefault }),
};

/** /csAgent/edit?id=: the same fields, the user read-only (the body never carries it). */
export const agentChangeForm: EntityFormDescription<CsAgent> = {
  ...agentFormBase,
  fields: [userField(true), nick, ...rest],
  toBody: (values) => ({
    nick: values.nick,
    capacity: values.capacity,
    softNumber: values.softNumber || null,
    mobile: values.mobile || null,
    callPlatform: values.callPlatform || null,
  }),
};

const groupsColumn: EntityColumn<CsAgent> = {
  key: 'groups',
  title: 'agent.groups',
  kind: 'fold',
  fold: { limit: 3, label: (group) => (group as { groupName?: string | null; groupId: string }).groupName ?? '' },
};

/** The columns every agent list shows; nick, call platform and capacity are plain text here (the list edits them). */
export const agentColumns: EntityColumn<CsAgent>[] = [
  {
    key: 'name',
    title: 'agent.name',
    render: (row) => createElement(AgentName, { row, to: agentEditTarget(row.id) }),
  },
  { key: 'workNo', title: 'agent.workNo' },
  { key: 'nick', title: 'agent.nick' },
  { key: 'callPlatform', title: 'agent.callPlatform' },
  { key: 'capacity', title: 'agent.capacity' },
  { key: 'receptions', title: 'agent.receptions' },
  { key: 'sessions', title: 'agent.sessions' },
  groupsColumn,
  { key: 'status', title: 'common.status', kind: 'tag', dictionary: AgentStatus },
  { key: 'mode', title: 'agent.mode', kind: 'dict', dictionary: AgentMode },
  { key: 'softNumber', title: 'agent.softNumber' },
  { key: 'sipNumber', title: 'agent.sipNumber' },
  { key: 'mobile', title: 'agent.mobile' },
  { key: 'createTime', title: 'common.createTime', kind: 'time', width: 120 },
  { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 120 },
];

/**
 * Agents (online-service-config §2.4): keyword and status search, the trash, create and edit gated by csAgent.edit.
 * No /status call: an agent's status is his own. The list screen (screens/people/AgentList) makes nick, call platform
 * and capacity editable in the row and adds the batch controls.
 */
export const csAgentDescription: EntityDescription<CsAgent> = {
  name: 'cs-agent',
  title: 'agent.title',
  api: contractApi(csAgentContract),
  listPath: AGENT_LIST_PATH,
  softDelete: true,
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: AgentStatus }],
  columns: agentColumns,
  minTableWidth: 1800,
  create: () => agentEditTarget(),
  rowActions: [{ label: 'common.edit', permission: 'csAgent.edit', to: (row) => agentEditTarget(row.id) }],
  form: agentChangeForm,
};

/**
 * The agent picker other screens share (spec §2.4: page size 10; select-all with no records warns 请选择记录):
 * keyword and status, agents not in the trash.
 */
export function agentPicker(client: ApiClient): PickerDescription<CsAgent> {
  const { base, detailParam } = contractApi(csAgentContract);
  const api = resource<CsAgent>(client, base, { detailParam });
  return {
    title: 'agent.pickerTitle',
    keyword: true,
    filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: AgentStatus }],
    columns: [
      { key: 'name', title: 'agent.name' },
      { key: 'workNo', title: 'agent.workNo' },
      { key: 'nick', title: 'agent.nick' },
      { key: 'status', title: 'common.status', kind: 'tag', dictionary: AgentStatus },
    ],
    load: ({ page, size, keyword, filters }) =>
      api.page({ page, size, filters: { ...filters, ...(keyword ? { keyword } : {}), deleted: 'NONE' } }),
  };
}
