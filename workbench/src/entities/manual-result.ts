import {
  canRelease,
  defineDictionary,
  foldManualRules,
  LIST_DEFAULTS,
  type ManualResult,
  ManualResultTimeBy,
  type ManualRule,
  manualResultFilterSchema,
  QcResultStatus,
} from '@qcdesk/contracts';
import { createElement } from 'react';
import { type ApiClient, errorText } from '../api/client';
import { agentLabel } from '../entity/cells';
import type { EntityDescription } from '../entity/types';
import { translate } from '../i18n/locale-store';
import { SortHeader } from '../screens/qc/ai-result/sort-header';
import { satisfactionText } from '../screens/qc/manual-result/list-pieces';
import { confirmAction } from '../ui/confirm';
import { ABSENT } from '../ui/display';
import { notifyError, notifySuccess } from '../ui/notify';
import { YesNo } from './ai-result';

/** A manual result as the list shows it: every stored one has an id. */
export type ManualResultRow = ManualResult & { id: string };

export const MANUAL_RESULT_BASE = '/v3/chats/qc-manual-result';
export const QUALITY_STATUS_PATH = '/v3/chats/session/quality-status';
export const MANUAL_LIST_PATH = '/qc/manual-result/list';
export const MANUAL_DETAIL_PATH = '/qc/manual-result/detail';
export const MANUAL_ASSESS_PATH = '/qc/manual-result/assess';

const PassFilter = defineDictionary('qcdesk-pass', {
  true: { zh: '合格', en: 'Up to standard' },
  false: { zh: '不合格', en: 'Not up to standard' },
});

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? ABSENT : translate(value ? 'common.yes' : 'common.no');

/** The manual score by the scheme's style: points (SCORE) or the pass flag (PASS). */
export function manualScoreText(row: Pick<ManualResult, 'style' | 'manualScore' | 'pass'>): string {
  if (row.style === 'PASS') {
    if (row.pass === null || row.pass === undefined) return ABSENT;
    return translate(row.pass ? 'aiResult.pass' : 'aiResult.fail');
  }
  return row.manualScore === null || row.manualScore === undefined ? ABSENT : String(row.manualScore);
}

/** The rules that cost points: a deduction (SCORE) or a fail (PASS), and every fatal error. */
export function deductedRules(row: Pick<ManualResult, 'style' | 'manualRules'>): ManualRule[] {
  return (row.manualRules ?? []).filter(
    (r) => r.fatalError || (row.style === 'PASS' ? r.pass === false : (r.scoreNum ?? 0) > 0),
  );
}

/** Single and bulk release / move to be inspected: POST /v3/chats/session/quality-status with session ids. */
export async function moveQualityStatus(
  client: ApiClient,
  sessionIds: readonly string[],
  status: 'READY_CHECKED' | 'UNCHECKED',
): Promise<void> {
  await client.request({ path: QUALITY_STATUS_PATH, body: { ids: sessionIds, status } });
}

/** Manual results (qc-area §2 "Manual result list"); the radios, dates and bulk buttons are in ManualResultList. */
export const manualResultDescription: EntityDescription<ManualResultRow> = {
  name: 'qc-manual-result',
  title: 'manual.title',
  api: { base: MANUAL_RESULT_BASE, detailParam: 'sessionId' },
  // a filter that cannot match is said at its input before any call (issue 15, defect 10)
  filterCheck: (body) => manualResultFilterSchema.safeParse(body),
  listPath: MANUAL_LIST_PATH,
  softDelete: false,
  keyword: false,
  filters: [
    { key: 'id', label: 'aiResult.id', kind: 'text' },
    { key: 'sessionId', label: 'aiResult.sessionId', kind: 'text', primary: true },
    { key: 'customerId', label: 'manual.customerId', kind: 'text' },
    { key: 'customerNick', label: 'manual.customerNick', kind: 'text' },
    { key: 'customerPhone', label: 'manual.customerPhone', kind: 'text' },
    { key: 'agentId', label: 'aiResult.agentId', kind: 'directory', directory: 'AGENT', primary: true },
    { key: 'groupId', label: 'aiResult.groupId', kind: 'directory', directory: 'GROUP' },
    { key: 'censorBanId', label: 'aiResult.censorBan', kind: 'censorBan' },
    { key: 'agentWords', label: 'aiResult.agentWords', kind: 'text' },
    { key: 'customerWords', label: 'aiResult.customerWords', kind: 'text' },
    { key: 'trackClient', label: 'aiResult.channel', kind: 'directory', directory: 'CHANNEL' },
    { key: 'pass', label: 'manual.pass', kind: 'select', dictionary: PassFilter },
    { key: 'resolved', label: 'aiResult.resolved', kind: 'select', dictionary: YesNo },
    {
      key: 'timeby',
      label: 'aiResult.timeby',
      kind: 'select',
      // with the quick date it says which time the days count
      primary: true,
      dictionary: ManualResultTimeBy,
      defaultValue: LIST_DEFAULTS.manualResult.timeby,
    },
  ],
  columns: [
    {
      key: 'sessionId',
      title: 'aiResult.sessionId',
      width: 170,
      link: (row) => ({ path: MANUAL_DETAIL_PATH, query: { id: row.sessionId, _modal: 'large' } }),
    },
    { key: 'id', title: 'aiResult.id', width: 80 },
    { key: 'name', title: 'aiResult.agentName', width: 130, value: (row) => agentLabel(row.name, row.nick) },
    {
      key: 'groups',
      title: 'aiResult.groups',
      width: 160,
      kind: 'fold',
      fold: { limit: 3, label: (g) => (g as { groupName?: string | null; groupId: string }).groupName ?? '' },
    },
    { key: 'schemeName', title: 'aiResult.scheme', width: 150 },
    { key: 'manualStatus', title: 'manual.status', kind: 'tag', dictionary: QcResultStatus, width: 100 },
    { key: 'trackClient', title: 'aiResult.channel', width: 90 },
    { key: 'sessionBeginTime', title: 'aiResult.sessionStart', kind: 'time', width: 170 },
    { key: 'duration', title: 'aiResult.duration', width: 90 },
    {
      key: 'aiScore',
      title: 'aiResult.aiScore',
      width: 100,
      header: () => createElement(SortHeader, { sortKey: 'ai_score', title: 'aiResult.aiScore' }),
    },
    {
      key: 'aiRules',
      title: 'aiResult.aiRules',
      width: 220,
      kind: 'fold',
      fold: { limit: 5, label: (r) => (r as { ruleName?: string | null; ruleId: string }).ruleName ?? '' },
    },
    {
      key: 'manualScore',
      title: 'aiResult.manualScore',
      width: 100,
      value: manualScoreText,
      header: () => createElement(SortHeader, { sortKey: 'manual_score', title: 'aiResult.manualScore' }),
    },
    {
      key: 'manualRules',
      title: 'manual.manualRules',
      width: 200,
      kind: 'fold',
      value: (row) => foldManualRules(deductedRules(row), Number.POSITIVE_INFINITY),
      fold: { limit: 5, label: (r) => (r as { ruleName?: string | null; ruleId: string }).ruleName ?? '' },
    },
    { key: 'reviewScore', title: 'aiResult.reviewScore', width: 90 },
    { key: 'isReview', title: 'aiResult.isReview', width: 90, value: (row) => yesNo(row.isReview) },
    { key: 'isComplaint', title: 'aiResult.isComplaint', width: 90, value: (row) => yesNo(row.isComplaint) },
    { key: 'satisfaction', title: 'aiResult.scores', width: 80, value: (row) => satisfactionText(row.satisfaction) },
    { key: 'comments', title: 'common.comments', width: 160 },
  ],
  rowActions: [
    {
      label: 'common.view',
      to: (row) => ({ path: MANUAL_DETAIL_PATH, query: { id: row.sessionId, _modal: 'large' } }),
    },
    {
      label: 'manual.assess',
      permission: 'qc-manual-result.edit',
      to: (row) =>
        row.schemeId
          ? { path: MANUAL_ASSESS_PATH, query: { id: row.sessionId, schemeId: row.schemeId, _modal: 'large' } }
          : { path: MANUAL_DETAIL_PATH, query: { id: row.sessionId, _modal: 'large' } },
    },
    {
      label: 'manual.release',
      permission: 'qc-manual-result.edit',
      visible: (row) => canRelease(row.manualStatus),
      run: async (row, { client, reload }) => {
        if (!(await confirmAction(translate('manual.releaseConfirm', { sessionId: row.sessionId })))) return;
        try {
          await moveQualityStatus(client, [row.sessionId], 'UNCHECKED');
          notifySuccess();
          reload();
        } catch (e) {
          notifyError(errorText(e));
        }
      },
    },
  ],
  defaultPageSize: 20,
};
