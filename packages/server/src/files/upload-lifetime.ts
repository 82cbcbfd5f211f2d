import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LIMITS } from '@qcdesk/contracts';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { uploads } from '../db/schema/files.js';
import { complaints } from '../db/schema/qc-results.js';
import { ApiError } from '../http/api-error.js';
import type { RequestAuth } from '../http/request-auth.js';
import { complaintNames, ownUnattachedUpload, seesComplaintWith } from './file-access.js';
import { storedFilePath, UPLOAD_DIRS } from './file-store.js';

/** The oldest creation time an unattached upload may have at `now` (spec: uploads are valid 3600 s). */
export function uploadCutoff(now: Date): Date {
  return new Date(now.getTime() - LIMITS.uploadLifetimeSeconds * 1000);
}

/**
 * Removes the uploads nobody attached within the upload lifetime: their records first (so a complaint attaching one
 * at the same moment either wins, and the upload stays, or finds it gone), then their files. Answers the paths
 * removed. `now` is the clock of the caller (tests pass their own).
 */
export async function sweepUploads(
  db: Database,
  filesDir: string,
  now = new Date(),
  onError: (path: string, error: unknown) => void = () => {},
): Promise<string[]> {
  const gone = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedTime), lt(uploads.createTime, uploadCutoff(now))))
    .returning({ path: uploads.path });
  for (const { path } of gone) {
    try {
      await rm(storedFilePath(filesDir, path), { force: true });
    } catch (error) {
      onError(path, error);
    }
  }
  return gone.map((g) => g.path);
}

/**
 * Removes files in the upload folders that no upload record and no complaint knows, older than the upload lifetime:
 * those uploaded before uploads were recorded, or whose record a crash kept from being written. A directory walk,
 * so the app runs it once at start, not on every sweep.
 */
export async function sweepStrayUploadFiles(
  db: Database,
  filesDir: string,
  now = new Date(),
  onError: (path: string, error: unknown) => void = () => {},
): Promise<string[]> {
  const cutoff = uploadCutoff(now).getTime();
  const removed: string[] = [];
  for (const dir of UPLOAD_DIRS) {
    const root = join(filesDir, dir);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = join(entry.parentPath, entry.name);
      const path = relative(filesDir, full).split(sep).join('/');
      try {
        if ((await stat(full)).mtimeMs >= cutoff) continue;
        const [recorded] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.path, path));
        if (recorded !== undefined) continue;
        const [named] = await db.select({ id: complaints.id }).from(complaints).where(complaintNames(path)).limit(1);
        if (named !== undefined) continue;
        await rm(full, { force: true });
        removed.push(path);
      } catch (error) {
        onError(path, error);
      }
    }
  }
  return removed;
}

/** A file a record is about to reference, and the request field that names it. */
export interface FileReference {
  readonly path: string | null | undefined;
  readonly field: string;
}

/**
 * Attaches uploads to the record being saved (call it inside the record's transaction, so a refused save attaches
 * nothing). Each path must be the caller's own unattached upload still within its lifetime, or a file already
 * attached to a complaint the caller may see; anything else — another organisation's, someone else's unattached
 * upload, an expired or unknown one, any other path — is 400 FILE_MISSING naming the field.
 */
export async function attachUploads(
  // a transaction of any entity's save (the entity layer hands hooks its select / update half)
  tx: Pick<Database, 'select' | 'update'>,
  auth: RequestAuth,
  files: readonly FileReference[],
  now = new Date(),
): Promise<void> {
  for (const { path, field } of files) {
    if (path === null || path === undefined) continue;
    const missing = new ApiError(400, 'FILE_MISSING', `附件不存在：${path}`, `no such uploaded file: ${path}`, field);
    const claimed = await tx
      .update(uploads)
      .set({ attachedTime: now })
      .where(and(ownUnattachedUpload(auth, path), gte(uploads.createTime, uploadCutoff(now))))
      .returning({ id: uploads.id });
    if (claimed.length === 0 && !(await seesComplaintWith(tx, auth, path))) throw missing;
  }
}
