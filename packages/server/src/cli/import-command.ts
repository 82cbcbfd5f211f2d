import { statSync } from 'node:fs';
import { SingleBar } from 'cli-progress';
import type { ServerConfig } from '../config/server-config.js';
import { openDatabase } from '../db/connect.js';
import { type ImportSummary, importSessions } from '../ingest/import-sessions.js';
import { recordsOfJsonLinesFile } from '../ingest/read-records.js';
import { commandOrganization } from './organization.js';

/** `qcdesk import <file.jsonl>`: streams the file into the configured database with a progress bar (bytes read). */
export async function importCommand(config: ServerConfig, file: string, org: number | null): Promise<number> {
  const size = statSync(file).size;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const organizationId = await commandOrganization(database.db, org);
    const bar = new SingleBar({
      format: '导入 import |{bar}| {percentage}% · {sessions} 会话 sessions · {failed} 失败 failed',
      stream: process.stderr,
      hideCursor: true,
      // Piped into a log (CI, nohup), still say how far it got: a line every 5 s instead of a redrawn bar.
      noTTYOutput: true,
      notTTYSchedule: 5000,
    });
    bar.start(size, 0, { sessions: 0, failed: 0 });
    const started = Date.now();
    let summary: ImportSummary;
    try {
      summary = await importSessions(database.db, organizationId, recordsOfJsonLinesFile(file), {
        onProgress: (s, bytes) => bar.update(Math.min(bytes, size), { sessions: s.total, failed: s.failed }),
      });
      bar.update(size, { sessions: summary.total, failed: summary.failed });
    } finally {
      // on every path: the bar's timer would otherwise keep the process alive after an error
      bar.stop();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${summary.total} 条 records: 新建 created ${summary.created}, 更新 updated ${summary.updated}, 未变 unchanged ${summary.unchanged}, 失败 failed ${summary.failed} (${seconds} s, ${database.driver} ${database.location})`,
    );
    for (const e of summary.errors.slice(0, 20))
      console.error(`  第 ${e.line} 行 line ${e.line}${e.field ? ` ${e.field}` : ''}: ${e.message}`);
    if (summary.errors.length > 20) console.error(`  … ${summary.failed - 20} more`);
    return summary.failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}
