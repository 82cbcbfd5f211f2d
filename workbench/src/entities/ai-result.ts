import {
  type AiResult,
  type AiResultDetailAnswer,
  aiResultFilterSchema,
  defineDictionary,
  LIMITS,
  QcResultStatus,
  type ResultRule,
} from '@qcdesk/contracts';
import { createElement } from 'react';
import { agentLabel } from '../entity/cells';
import type { EntityDescription } from '../entity/types';
import { translate } from '../i18n/locale-store';
import { SortHeader } from '../screens/qc/ai-result/sort-header';
import { ABSENT } from '../ui/display';

/** An AI result as /v3/chats/ai-result/page and /detail answer it (with the session's and the manual result's columns). */
export type AiResultRow = AiResult;

/** /v3/chats/ai-result/detail: the result, the session panel, its messages (in send order) and their total. */
export type AiResultDetail = AiResultDetailAnswer;

export const AI_RESULT_BASE = '/v3/chats/ai-result';
export const AI_RESULT_LIST = '/qc/ai-result/list';
export const AI_RESULT_DETAIL = '/qc/ai-result/detail';
export const AI_RESULT_CHANGE = '/qc/ai-result/change';

/** The yes/no selects of the search row; the API takes 'true' / 'false'. */
export const YesNo = defineDictionary('qcdesk-yes-no', {
  true: { zh: '是', en: 'Yes' },
  false: { zh: '否', en: 'No' },
});

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? ABSENT : translate(value ? 'common.yes' : 'common.no');

/** The manual score as its style shows it: points (SCORE) or the pass flag (PASS). */
export function manualScoreText(row: Pick<AiResultRow, 'manualStyle' | 'manualScore' | 'manualPass'>): string {
  if (row.manualStyle === 'PASS') {
    if (row.manualPass === null || row.manualPass === undefined) return ABSENT;
    return translate(row.manualPass ? 'aiResult.pass' : 'aiResult.fail');
  }
  return row.manualScore === null || row.manualScore === undefined ? ABSENT : String(row.manualScore);
}

const ruleName = (rule: unknown) => {
  const r = rule as Pick<ResultRule, 'ruleId' | 'ruleName'>;
  return r.ruleName ?? r.ruleId;
};

/** The row's own result: its session and scheme (the detail answers the session's newest result without a scheme). */
const rowQuery = (row: AiResultRow): Record<string, string> => ({
  id: row.sessionId,
  ...(row.schemeId ? { schemeId: String(row.schemeId) } : {}),
  _modal: 'large',
});
const detailOf = (row: AiResultRow) => ({ path: AI_RESULT_DETAIL, query: rowQuery(row) });

/**
 * AI results (qc-area §2 "AI result list"): the text and yes/no filters here; the quick date, time range, status,
 * score ranges, satisfaction, scheme and sorts are in AiResultList, which sends them besides these.
 */
export const aiResultDescription: EntityDescription<AiResultRow> = {
  name: 'qc-ai-result',
  title: 'aiResult.title',
  api: { base: AI_RESULT_BASE, detailParam: 'sessionId' },
  // a filter that cannot match is said at its input before any call (issue 15, defect 10)
  filterCheck: (body) => aiResultFilterSchema.safeParse(body),
  listPath: AI_RESULT_LIST,
  softDelete: false,
  keyword: false,
  filters: [
    { key: 'id', label: 'aiResult.id', kind: 'text' },
    { key: 'sessionId', label: 'aiResult.sessionId', kind: 'text', primary: true },
    { key: 'agentId', label: 'aiResult.agentId', kind: 'directory', directory: 'AGENT', primary: true },
    { key: 'groupId', label: 'aiResult.groupId', kind: 'directory', directory: 'GROUP' },
    // beyond the spec: the QC overview opens the list on a line or on a hit rule
    { key: 'lineId', label: 'aiResult.line', kind: 'directory', directory: 'LINE' },
    { key: 'ruleId', label: 'aiResult.hitRule', kind: 'directory', directory: 'RULE' },
    { key: 'censorBanId', label: 'aiResult.censorBan', kind: 'censorBan' },
    { key: 'agentWords', label: 'aiResult.agentWords', kind: 'text' },
    { key: 'customerWords', label: 'aiResult.customerWords', kind: 'text' },
    { key: 'trackClient', label: 'aiResult.channel', kind: 'directory', directory: 'CHANNEL' },
    { key: 'isComplaint', label: 'aiResult.isComplaint', kind: 'select', dictionary: YesNo },
    { key: 'isReview', label: 'aiResult.isReview', kind: 'select', dictionary: YesNo },
    { key: 'isVeto', label: 'aiResult.isVeto', kind: 'select', dictionary: YesNo },
    { key: 'resolved', label: 'aiResult.resolved', kind: 'select', dictionary: YesNo },
  ],
  columns: [
    { key: 'id', width: 80, title: 'aiResult.id', link: detailOf },
    { key: 'sessionId', width: 170, title: 'aiResult.sessionId' },
    { key: 'name', width: 130, title: 'aiResult.agentName', value: (row) => agentLabel(row.name, row.nick) },
    {
      key: 'groups',
      width: 160,
      title: 'aiResult.groups',
      kind: 'fold',
      fold: {
        limit: LIMITS.foldGroups,
        label: (g) => {
          const group = g as { groupId: string; groupName?: string | null };
          return group.groupName ?? group.groupId;
        },
      },
    },
    { key: 'schemeName', width: 150, title: 'aiResult.scheme' },
    { key: 'aiStatus', width: 100, title: 'aiResult.aiStatus', kind: 'tag', dictionary: QcResultStatus },
    { key: 'trackClient', width: 100, title: 'aiResult.channel' },
    { key: 'createTime', width: 170, title: 'aiResult.sessionStart', kind: 'time' },
    { key: 'duration', width: 90, title: 'aiResult.duration' },
    {
      key: 'aiScore',
      width: 80,
      title: 'aiResult.aiScore',
      header: () => createElement(SortHeader, { sortKey: 'ai_score', title: 'aiResult.aiScore' }),
    },
    {
      key: 'resultRules',
      width: 220,
      title: 'aiResult.aiRules',
      kind: 'fold',
      fold: { limit: LIMITS.foldRules, label: ruleName },
    },
    {
      key: 'manualScore',
      width: 90,
      title: 'aiResult.manualScore',
      value: manualScoreText,
      header: () => createElement(SortHeader, { sortKey: 'manual_score', title: 'aiResult.manualScore' }),
    },
    {
      key: 'manualRules',
      width: 200,
      title: 'aiResult.manualRules',
      kind: 'fold',
      fold: { limit: LIMITS.foldRules, label: ruleName },
    },
    { key: 'reviewScore', width: 80, title: 'aiResult.reviewScore' },
    { key: 'isReview', width: 80, title: 'aiResult.isReview', value: (row) => yesNo(row.isReview) },
    { key: 'isComplaint', width: 80, title: 'aiResult.isComplaint', value: (row) => yesNo(row.isComplaint) },
    { key: 'comments', width: 160, title: 'common.comments' },
    { key: 'modifyTime', width: 170, title: 'common.modifyTime', kind: 'time' },
  ],
  fields: [
    'id',
    'sessionId',
    'chatId',
    'name',
    'nick',
    'groups',
    'schemeId',
    'schemeName',
    'aiStatus',
    'trackClient',
    'createTime',
    'duration',
    'aiScore',
    'resultRules',
    'manualScore',
    'manualStyle',
    'manualPass',
    'manualRules',
    'reviewScore',
    'isReview',
    'isComplaint',
    'comments',
    'modifyTime',
    'version',
  ],
  rowActions: [
    { label: 'aiResult.detail', permission: 'qc-ai-result.view', to: detailOf },
    {
      label: 'aiResult.reinspect',
      permission: 'qc-ai-result.edit',
      to: (row) => ({ path: AI_RESULT_CHANGE, query: rowQuery(row) }),
    },
  ],
  defaultPageSize: 20,
};
