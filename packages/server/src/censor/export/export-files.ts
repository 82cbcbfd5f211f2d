import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { censorJobs } from '../../db/schema/censor-log.js';
import { storedFilePath } from '../../files/file-store.js';

/** Where export files go in the file store: 'censor/export/<organisation>/<yyyymmdd>/<random>.<ext>'. */
export const EXPORT_DIR = 'censor/export';
/** How long an export file is kept for download. */
export const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function newExportPath(organizationId: number, extension: 'csv' | 'xlsx', now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${EXPORT_DIR}/${organizationId}/${day}/${randomBytes(8).toString('hex')}.${extension}`;
}

/**
 * Removes the organisation's exports older than EXPORT_LIFETIME_MS, file and job: an export is a download, not an
 * archive, and the store must not grow with every click. Called when a new export starts.
 */
export async function removeOldExports(db: Database, filesDir: string, organizationId: number, now = new Date()) {
  const old = await db
    .select({ id: censorJobs.id, filePath: censorJobs.filePath })
    .from(censorJobs)
    .where(
      and(
        eq(censorJobs.organizationId, organizationId),
        eq(censorJobs.kind, 'EXPORT'),
        lt(censorJobs.startTime, new Date(now.getTime() - EXPORT_LIFETIME_MS)),
      ),
    );
  if (old.length === 0) return;
  for (const job of old) if (job.filePath !== null) await rm(storedFilePath(filesDir, job.filePath), { force: true });
  await db.delete(censorJobs).where(
    inArray(
      censorJobs.id,
      old.map((j) => j.id),
    ),
  );
}
