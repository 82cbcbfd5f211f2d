import type { CensorLogRecord } from '@qcdesk/contracts';
import { wireId } from '../crud/ids.js';
import type { censorLogs } from '../db/schema/censor-log.js';
import { formatTime } from '../http/time-zone.js';

export type CensorLogRow = typeof censorLogs.$inferSelect;

/** A row of the log as the page answers it (`censorLogRecordSchema`), with the spans the screen paints red. */
export function censorLogRecord(row: CensorLogRow, timeZone: string): CensorLogRecord {
  return {
    id: String(row.id),
    censorBanName: row.censorBanName,
    censorBanId: wireId(row.censorBanId),
    censorWords: row.censorWords,
    censorOperation: row.censorOperation,
    lineName: row.lineName,
    sessionId: row.sessionId,
    chatId: row.chatId,
    text: row.text,
    senderNick: row.senderNick,
    senderRole: row.senderRole,
    senderAvatar: row.senderAvatar,
    sendTime: formatTime(row.sendTime, timeZone)!,
    messageId: row.messageId,
    censorSpans: row.censorSpans,
  };
}
