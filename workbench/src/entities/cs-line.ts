import { ActiveStatus, type CsLine, csLineContract, csLineSaveSchema, LINE_LIMITS } from '@qcdesk/contracts';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, EntityFormDescription, RouteTarget } from '../entity/types';
import type { MessageKey } from '../i18n/dictionary';

export const LINE_LIST_PATH = '/online/csLine';
export const LINE_CREATE_PATH = '/online/csLine/create';
export const LINE_CONFIG_PATH = '/online/csLine/config';

/** The seven screens of a line's side menu (online-service-config §2.1), each at `?id={lineId}&_modal=full`. */
export const LINE_SCREENS = [
  { path: LINE_CONFIG_PATH, title: 'csLine.screen.config' },
  { path: '/online/csLine/agent-config', title: 'csLine.screen.agentConfig' },
  { path: '/online/csLine/waiting-config', title: 'csLine.screen.waitingConfig' },
  { path: '/online/csLine/note-config', title: 'csLine.screen.noteConfig' },
  { path: '/online/csLine/prompt-config', title: 'csLine.screen.promptConfig' },
  { path: '/online/csLine/message-config', title: 'csLine.screen.messageConfig' },
  { path: '/online/csLine/auth', title: 'csLine.screen.auth' },
] as const satisfies readonly { path: string; title: MessageKey }[];
export type LineScreenPath = (typeof LINE_SCREENS)[number]['path'];

/** A screen of the line modal: `{path}?id={id}&_modal=full`. */
export function lineScreenTarget(path: LineScreenPath, id: string): RouteTarget {
  return { path, query: { id, _modal: 'full' } };
}

/** The line's skill groups, hotline then online, each once, by name. */
function lineGroups(line: CsLine): { groupId: string; groupName?: string | null }[] {
  const all = [...(line.hotlineGroups ?? []), ...(line.onlineGroups ?? [])];
  return all.filter((g, i) => all.findIndex((o) => o.groupId === g.groupId) === i);
}

/** /online/csLine/create?_modal=small: name (required, ≤ 100) and intro; the save opens the line's config modal. */
export const csLineCreateForm: EntityFormDescription<CsLine> = {
  permission: 'csLine.edit',
  fields: [
    { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: LINE_LIMITS.nameMax },
    { key: 'intro', kind: 'textarea', label: 'csLine.intro', maxLength: LINE_LIMITS.textMax },
  ],
  check: (body) => csLineSaveSchema.safeParse(body),
  afterSave: (id) => ({ path: LINE_CONFIG_PATH, query: { id: String(id), _modal: 'full', _reload: 'list' } }),
};

/**
 * Service lines (online-service-config §2.1): keyword and status search; name (opens the config modal), skill groups
 * (3, then folded), the agent-assist and the customer chatbot, status and last change; create, activate, deactivate,
 * delete to the trash, restore and empty.
 */
export const csLineDescription: EntityDescriptionWithForm<CsLine> = {
  name: 'cs-line',
  title: 'csLine.title',
  api: contractApi(csLineContract),
  listPath: LINE_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [{ key: 'status', label: 'common.status', kind: 'select', dictionary: ActiveStatus }],
  columns: [
    { key: 'name', title: 'common.name', width: 200, link: (row) => lineScreenTarget(LINE_CONFIG_PATH, row.id) },
    {
      key: 'groups',
      title: 'csLine.groups',
      kind: 'fold',
      value: lineGroups,
      fold: {
        limit: 3,
        label: (g) => {
          const group = g as { groupId: string; groupName?: string | null };
          return group.groupName ?? group.groupId;
        },
      },
    },
    { key: 'agentChatbotNick', title: 'csLine.agentChatbot', width: 150 },
    { key: 'customerChatbotNick', title: 'csLine.customerChatbot', width: 150 },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => ({ path: LINE_CREATE_PATH, query: { _modal: 'small' } }),
  rowActions: [
    {
      label: 'common.edit',
      permission: csLineContract.keys.edit,
      to: (row) => lineScreenTarget(LINE_CONFIG_PATH, row.id),
    },
  ],
  minTableWidth: 1000,
  form: csLineCreateForm,
};
