import {
  ActiveStatus,
  AgentVisibility,
  csLineContract,
  DEFAULT_SCORE_VALID_DAYS,
  SCORE_LIMITS,
  type ScoreConfig,
  ScoreConfigType,
  ScoreValidDays,
  scoreConfigContract,
  scoreConfigSaveSchema,
} from '@qcdesk/contracts';
import { createElement } from 'react';
import type { ApiClient } from '../api/client';
import { resource } from '../api/resource';
import { contractApi } from '../entity/access';
import type { EntityDescriptionWithForm, EntityFormDescription, FormOption, RouteTarget } from '../entity/types';
import { AgentVisibleTag } from '../screens/online/score/AgentVisibleTag';

export const SCORE_LIST_PATH = '/online/csScore';
export const SCORE_CREATE_PATH = '/online/csScore/create';
export const SCORE_CONFIG_PATH = '/online/csScore/config';

/** /online/csScore/config?id={id}&_modal=large (spec §2.8): the name's link and the edit action. */
export function scoreConfigTarget(id: string): RouteTarget {
  return { path: SCORE_CONFIG_PATH, query: { id, _modal: 'large' } };
}

/** The organisation's satisfaction configs not in the trash, by name (the line's satisfaction select). */
export async function scoreConfigOptions(client: ApiClient): Promise<FormOption[]> {
  const configs = await resource<{ id: string; name?: string }>(
    client,
    scoreConfigContract.base,
    scoreConfigContract,
  ).list({ fields: ['id', 'name'] });
  return configs.map((c) => ({ value: c.id, label: c.name ?? c.id }));
}

/** The organisation's service lines, by name (the list's line filter). */
export async function lineOptions(client: ApiClient): Promise<FormOption[]> {
  const lines = await resource<{ id: string; name?: string }>(client, csLineContract.base, csLineContract).list({
    fields: ['id', 'name'],
  });
  return lines.map((l) => ({ value: l.id, label: l.name ?? l.id }));
}

/**
 * /online/csScore/create?_modal=small (spec §2.8): name (required, ≤ 100), the type (ONLINE, read-only), whether the
 * agents see the ratings (no by default) and the validity (3 days by default). The survey itself starts as the
 * server's default one; the save opens the config modal on the new config and reloads the list.
 */
export const scoreConfigCreateForm: EntityFormDescription<ScoreConfig> = {
  permission: scoreConfigContract.keys.edit,
  fields: [
    { key: 'name', kind: 'text', label: 'common.name', required: true, maxLength: SCORE_LIMITS.nameMax },
    { key: 'type', kind: 'select', label: 'common.type', dictionary: ScoreConfigType, fixed: true },
    { key: 'agentVisible', kind: 'select', label: 'score.agentVisible', dictionary: AgentVisibility },
    { key: 'validDays', kind: 'select', label: 'score.validDays', dictionary: ScoreValidDays },
  ],
  defaults: () => ({ type: 'ONLINE', agentVisible: 'HIDDEN', validDays: String(DEFAULT_SCORE_VALID_DAYS) }),
  toBody: (values) => ({
    name: typeof values.name === 'string' ? values.name.trim() : values.name,
    type: values.type || 'ONLINE',
    // the select holds the visibility's name (a record answers a boolean: 'true')
    agentVisible: values.agentVisible === 'VISIBLE' || values.agentVisible === 'true',
    validDays: Number(values.validDays || DEFAULT_SCORE_VALID_DAYS),
  }),
  check: (body) => scoreConfigSaveSchema.safeParse(body),
  afterSave: (id) => ({ path: SCORE_CONFIG_PATH, query: { id: String(id), _modal: 'large', _reload: 'list' } }),
};

/**
 * Satisfaction configs (online-service-config §2.8, O-F10): keyword and line search; name (opens the config modal),
 * the lines binding it (3, then folded), whether agents see the ratings, its status and last change; create,
 * activate, deactivate (an inactive survey stops: the line's check says so), delete to the trash, restore, empty.
 */
export const scoreConfigDescription: EntityDescriptionWithForm<ScoreConfig> = {
  name: 'score-config',
  title: 'score.title',
  api: contractApi(scoreConfigContract),
  listPath: SCORE_LIST_PATH,
  softDelete: true,
  status: { active: 'ACTIVE', inactive: 'INACTIVE' },
  keyword: true,
  filters: [{ key: 'lineId', label: 'score.line', kind: 'select', options: lineOptions }],
  columns: [
    { key: 'name', title: 'common.name', width: 220, link: (row) => scoreConfigTarget(row.id) },
    {
      key: 'lines',
      title: 'score.lines',
      kind: 'fold',
      fold: { limit: 3, label: (line) => (line as ScoreConfig['lines'][number]).lineName },
    },
    {
      key: 'agentVisible',
      title: 'score.agentVisible',
      width: 130,
      render: (row) => createElement(AgentVisibleTag, { visible: row.agentVisible }),
    },
    { key: 'status', title: 'common.status', kind: 'tag', dictionary: ActiveStatus, width: 90 },
    { key: 'modifyTime', title: 'common.modifyTime', kind: 'time', width: 170 },
  ],
  create: () => ({ path: SCORE_CREATE_PATH, query: { _modal: 'small' } }),
  rowActions: [
    { label: 'common.edit', permission: scoreConfigContract.keys.edit, to: (row) => scoreConfigTarget(row.id) },
  ],
  minTableWidth: 900,
  form: scoreConfigCreateForm,
};
