import type { Writable } from 'node:stream';
import { type CensorExportFormat, CensorOperation, type Lang, SenderRole } from '@qcdesk/contracts';
import { and, count, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { censorLogs } from '../../db/schema/censor-log.js';
import { formatTime } from '../../http/time-zone.js';
import { type JobHandle, JobStopped } from '../censor-jobs.js';
import type { CensorLogRow } from '../log-record.js';
import { CsvWriter } from './csv-writer.js';
import type { TableWriter } from './table-writer.js';
import { XlsxWriter } from './xlsx-writer.js';

/** log rows read per query (keyset, newest first): what an export holds in memory at once */
export const EXPORT_PAGE = 1000;

/** The columns of the log screen, in its order. */
const COLUMNS: readonly { zh: string; en: string; width: number; cell: (row: CensorLogRow, at: Cells) => string }[] = [
  { zh: '敏感词库', en: 'Library', width: 18, cell: (r) => r.censorBanName },
  { zh: '敏感词', en: 'Words', width: 18, cell: (r) => r.censorWords.join('，') },
  { zh: '处理方式', en: 'Operation', width: 10, cell: (r, at) => CensorOperation.label(r.censorOperation, at.lang) },
  {
    zh: '客服号',
    en: 'Service line',
    width: 18,
    cell: (r) => r.lineName ?? (r.lineId === null ? '' : String(r.lineId)),
  },
  { zh: '会话ID', en: 'Session ID', width: 26, cell: (r) => r.sessionId },
  { zh: '消息内容', en: 'Message', width: 60, cell: (r) => r.text },
  { zh: '发送人', en: 'Sender', width: 14, cell: (r) => r.senderNick ?? '' },
  { zh: '发送人角色', en: 'Role', width: 10, cell: (r, at) => SenderRole.label(r.senderRole, at.lang) },
  { zh: '发送时间', en: 'Send time', width: 20, cell: (r, at) => formatTime(r.sendTime, at.timeZone) ?? '' },
];

interface Cells {
  readonly lang: Lang;
  readonly timeZone: string;
}

export async function countLogRows(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(censorLogs).where(where);
  return row?.n ?? 0;
}

/** The name the file downloads as: 敏感词日志_20240501_093000.xlsx */
export function exportFileName(format: CensorExportFormat, lang: Lang, now: Date, timeZone: string): string {
  const stamp = (formatTime(now, timeZone) ?? '').replace(/[-:]/g, '').replace(' ', '_');
  const base = lang === 'zh' ? '敏感词日志' : 'censor-log';
  return `${base}_${stamp}.${format === 'CSV' ? 'csv' : 'xlsx'}`;
}

/**
 * Writes the log rows matching `where` to `out`, newest first as the screen lists them: read a page at a time by a
 * keyset cursor (send time, id), so a log of any size is exported in the memory of one page, and each page waits for
 * the file to take the one before. The job's `done` moves with every page.
 */
export async function writeLogExport(
  db: Database,
  where: SQL,
  options: { format: CensorExportFormat; lang: Lang; timeZone: string },
  out: Writable,
  job: JobHandle,
): Promise<void> {
  const at: Cells = { lang: options.lang, timeZone: options.timeZone };
  const header = COLUMNS.map((c) => c[options.lang]);
  const writer: TableWriter =
    options.format === 'CSV'
      ? new CsvWriter(out, header)
      : new XlsxWriter(out, {
          sheetName: options.lang === 'zh' ? '敏感词日志' : 'Censor log',
          header,
          widths: COLUMNS.map((c) => c.width),
        });
  let after: { time: Date; id: number } | null = null;
  let done = 0;
  for (;;) {
    if (job.stopping) throw new JobStopped();
    const rows = await readPage(db, where, after);
    for (const row of rows) writer.row(COLUMNS.map((c) => c.cell(row, at)));
    await writer.flush();
    if (rows.length === 0) break;
    done += rows.length;
    await job.advance(done);
    const last = rows[rows.length - 1]!;
    after = { time: last.sendTime, id: last.id };
    if (rows.length < EXPORT_PAGE) break;
  }
  await writer.end();
}

/** The next EXPORT_PAGE rows, newest first, after `after` (send time, id). */
function readPage(db: Database, where: SQL, after: { time: Date; id: number } | null): Promise<CensorLogRow[]> {
  const cursor: SQL | undefined =
    after === null
      ? undefined
      : or(lt(censorLogs.sendTime, after.time), and(eq(censorLogs.sendTime, after.time), lt(censorLogs.id, after.id)));
  return db
    .select()
    .from(censorLogs)
    .where(and(where, cursor))
    .orderBy(desc(censorLogs.sendTime), desc(censorLogs.id))
    .limit(EXPORT_PAGE);
}
