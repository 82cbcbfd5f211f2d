import { type CensorLogRecord, censorLogFilterSchema } from '@qcdesk/contracts';
import { createElement } from 'react';
import type { EntityColumn, EntityDescription, RouteTarget } from '../entity/types';
import { CensorSenderRole, MatchedText, OperationBadge, SenderCell } from '../screens/censor/log-cells';

export { CensorSenderRole };

export type CensorLogRow = CensorLogRecord;

export const CENSOR_LOG_BASE = '/v3/system/censor-log';
export const CENSOR_LOG_LIST_PATH = '/cs-censor-log/list';
export const CENSOR_LOG_SESSION_PATH = '/cs-censor-log/session';

/**
 * The session dialogue of a log row (spec: "session id opens a session dialogue modal"), 50 messages a page, the
 * row's message in view; `lineId` lets the modal read the session's log records, whose spans it marks.
 */
export function censorSessionTarget(row: Pick<CensorLogRow, 'sessionId' | 'chatId' | 'messageId'>, lineId: string) {
  return {
    path: CENSOR_LOG_SESSION_PATH,
    query: {
      sessionId: row.sessionId,
      chatId: row.chatId ?? undefined,
      messageId: row.messageId ?? undefined,
      lineId: lineId || undefined,
      _modal: 'large',
    },
  } satisfies RouteTarget;
}

/** The log's columns; the session id opens the dialogue of the chosen line's session. */
export function censorLogColumns(lineId: string): EntityColumn<CensorLogRow>[] {
  return [
    { key: 'censorBanName', title: 'censorLog.library', width: 150 },
    {
      key: 'censorWords',
      title: 'censorLog.words',
      kind: 'fold',
      fold: { limit: 5, label: (word) => String(word) },
      width: 160,
    },
    {
      key: 'censorOperation',
      title: 'censorLog.operation',
      render: (row) => createElement(OperationBadge, { operation: row.censorOperation }),
      width: 100,
    },
    { key: 'lineName', title: 'censorLog.line', width: 130 },
    {
      key: 'sessionId',
      title: 'censorLog.sessionId',
      link: (row) => censorSessionTarget(row, lineId),
      width: 170,
    },
    {
      key: 'text',
      title: 'censorLog.text',
      render: (row) => createElement(MatchedText, { text: row.text, spans: row.censorSpans ?? [] }),
      width: 340,
    },
    {
      key: 'senderNick',
      title: 'censorLog.sender',
      render: (row) => createElement(SenderCell, { nick: row.senderNick, role: row.senderRole }),
      width: 160,
    },
    { key: 'sendTime', title: 'censorLog.sendTime', kind: 'time', width: 170 },
  ];
}

/**
 * The sensitive-word log (spec "Sensitive-word log"): one row per matched message and library. Filters keyword,
 * service line (required: without one the contract's check says 请选择客服号后查询 at the line and no call is made),
 * library, sender role and session id; the time range and the export and rescan are the screen's
 * (screens/censor/CensorLogList).
 */
export const censorLogDescription: EntityDescription<CensorLogRow> = {
  name: 'censor-log',
  title: 'censorLog.title',
  // the log has no detail call: a row opens its session
  api: { base: CENSOR_LOG_BASE, detailParam: 'id' },
  filterCheck: (body) => censorLogFilterSchema.safeParse(body),
  listPath: CENSOR_LOG_LIST_PATH,
  softDelete: false,
  keyword: true,
  filters: [
    { key: 'lineId', label: 'censorLog.line', kind: 'directory', directory: 'LINE', primary: true },
    { key: 'censorBanId', label: 'censorLog.censorBan', kind: 'censorBan', primary: true },
    { key: 'senderRole', label: 'censorLog.senderRole', kind: 'select', dictionary: CensorSenderRole, primary: true },
    { key: 'sessionId', label: 'censorLog.sessionId', kind: 'text' },
  ],
  columns: censorLogColumns(''),
  minTableWidth: 1380,
};
