import { LIMITS } from '@qcdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { uploads } from '../db/schema/files.js';
import { organizations } from '../db/schema/tenancy.js';
import { ApiError } from '../http/api-error.js';

/** Bytes of uploads the organisation keeps (attached or not yet swept). */
export async function usedUploadBytes(db: Database, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(eq(uploads.organizationId, organizationId));
  return Number(row?.used ?? 0);
}

export interface NewUpload {
  readonly organizationId: number;
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly uploaderId: number;
}

/**
 * Records a file just written, unless it would take the organisation past `quotaBytes` (413 then; the caller removes
 * the file). The organisation's row is locked meanwhile, so uploads running at the same time cannot each see room
 * that only one of them has. FOR NO KEY UPDATE: rows that merely reference the organisation are not held up.
 */
export async function recordUpload(db: Database, upload: NewUpload, quotaBytes: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, upload.organizationId))
      .for('no key update');
    const used = await usedUploadBytes(tx, upload.organizationId);
    if (used + upload.size > quotaBytes) throw quotaExceeded(quotaBytes);
    await tx.insert(uploads).values(upload);
  });
}

/** 413: the organisation's uploads would pass the quota. */
export function quotaExceeded(quotaBytes: number): ApiError {
  const quota = sizeText(quotaBytes);
  const minutes = LIMITS.uploadLifetimeSeconds / 60;
  return new ApiError(
    413,
    'UPLOAD_QUOTA_EXCEEDED',
    `本组织的上传空间不足（上限 ${quota}）；未使用的上传文件 ${minutes} 分钟后自动清理`,
    `not enough upload space left for your organisation (quota ${quota}); unused uploads are removed after ${minutes} minutes`,
    'file',
  );
}

/** '1024 MB', '1.5 MB', '64 KB', '100 B' */
export function sizeText(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
