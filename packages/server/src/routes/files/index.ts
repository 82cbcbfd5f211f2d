import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { LIMITS, NAV_ICON_DIR, uploadAnswerSchema, uploadConfigSchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mayReadFile } from '../../files/file-access.js';
import {
  contentTypeOf,
  newUploadPath,
  normalStorePath,
  PUBLIC_READ_DIRS,
  storedFilePath,
  tenantFilePath,
  UPLOAD_DIR_MAX_BYTES,
  UPLOAD_DIRS,
  type UploadDir,
} from '../../files/file-store.js';
import { sweepStrayUploadFiles, sweepUploads } from '../../files/upload-lifetime.js';
import { quotaExceeded, recordUpload, usedUploadBytes } from '../../files/upload-quota.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';

/** Largest attachment accepted. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The largest file a folder takes: its own limit (navigation icons 5 MB) or the route's. */
export const maxUploadBytes = (dir: UploadDir) => UPLOAD_DIR_MAX_BYTES[dir] ?? MAX_UPLOAD_BYTES;
/** What a stored path is prefixed with to show it: the download route (a browser sends the session cookie). */
export const FILE_URL_PREFIX = '/v3/worker/center/download?path=';
/** How often unattached uploads past their lifetime are looked for (besides once at start). */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Attachments: upload into the file store (config.filesDir), download by the path the upload answered. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const { filesDir, uploadQuotaBytes } = config;
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  startUploadSweep(app);

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/v3/worker/center/download',
      // the type error only for a missing path: too long must still say too long
      query: z.object({
        path: z
          .string({ error: (i) => (i.input == null ? 'common.required' : undefined) })
          .min(1, { error: 'common.required' })
          .max(500),
      }),
      summary:
        'a stored file by its path (as the upload answered it), if the caller may see what it belongs to: the complaint it is attached to, the session whose chat shows it, or his own upload not yet attached; anything else is not found (404), as a missing file',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary' }),
      errors: [404],
      tags: ['files'],
    },
    async ({ query, reply, auth }) => {
      // the same 404 for a file the caller may not see as for a missing one: nothing tells them apart
      const full = tenantFilePath(filesDir, auth.organizationId, query.path);
      const info = full === null ? null : await stat(full).catch(() => null);
      if (
        full === null ||
        info === null ||
        !info.isFile() ||
        !(await mayReadFile(db, auth, normalStorePath(query.path)))
      )
        throw ApiError.notFound(`文件 file`, query.path);
      const name = query.path
        .split('/')
        .pop()!
        .replace(/^[0-9a-f]{12}-/, '');
      reply.header('content-type', contentTypeOf(full));
      reply.header('content-length', String(info.size));
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.send(createReadStream(full));
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/worker/center/upload',
      query: z.object({ dir: z.enum(UPLOAD_DIRS).default('qc/complaint') }),
      summary: `upload one file (multipart field "file", at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB — navigation icons ${maxUploadBytes(NAV_ICON_DIR) / 1024 / 1024} MB — within the organisation's upload quota) under dir, in the caller's organisation's folder; answers its path. An upload not attached to a record within an hour is removed`,
      bodyDoc: { 'multipart/form-data': z.object({ file: z.string().meta({ format: 'binary' }) }) },
      response: uploadAnswerSchema,
      errors: [413],
      tags: ['files'],
    },
    async ({ query, request, auth }) => {
      if (!request.isMultipart()) throw noFile();
      // never write more than the organisation has room for: the stream stops at the smaller limit
      const room = uploadQuotaBytes - (await usedUploadBytes(db, auth.organizationId));
      if (room <= 0) throw quotaExceeded(uploadQuotaBytes);
      const dirMax = maxUploadBytes(query.dir);
      const limit = Math.min(dirMax, room);
      const file = await request.file({ limits: { fileSize: limit, files: 1 } });
      if (file === undefined) throw noFile();
      const path = newUploadPath(query.dir, auth.organizationId, file.filename);
      const full = storedFilePath(filesDir, path);
      await mkdir(dirname(full), { recursive: true });
      try {
        await pipeline(file.file, createWriteStream(full));
        if (file.file.truncated) throw new Error('truncated');
      } catch {
        await rm(full, { force: true });
        throw limit < dirMax ? quotaExceeded(uploadQuotaBytes) : tooLarge(dirMax);
      }
      const { size } = await stat(full);
      try {
        // checked again under the organisation's lock: uploads at the same time share the room
        await recordUpload(
          db,
          { organizationId: auth.organizationId, path, name: file.filename, size, uploaderId: auth.userId },
          uploadQuotaBytes,
        );
      } catch (error) {
        await rm(full, { force: true });
        throw error;
      }
      return { path, name: file.filename, size };
    },
  );

  // the spec's "upload configuration for public read with a 3600-second validity, which yields a domain prefix" (§7)
  defineRoute(
    app,
    {
      path: '/v3/worker/center/upload/config',
      query: z.object({ dir: z.enum(UPLOAD_DIRS) }),
      body: noBody,
      summary:
        'how to upload into dir and show the result: whether everyone of the organisation may read an attached file (publicRead), how long an unattached upload lives (validSeconds), the prefix that makes a stored path a URL, the largest file',
      response: uploadConfigSchema,
      tags: ['files'],
    },
    async ({ query }) => ({
      dir: query.dir,
      publicRead: PUBLIC_READ_DIRS.includes(query.dir),
      validSeconds: LIMITS.uploadLifetimeSeconds,
      urlPrefix: FILE_URL_PREFIX,
      maxBytes: maxUploadBytes(query.dir),
    }),
  );
}

/**
 * Sweeps unattached uploads past their lifetime once the app is ready (then also stray files: a directory walk, so
 * in the background) and every UPLOAD_SWEEP_INTERVAL_MS; closing the app stops the timer and waits for a sweep under
 * way (it uses the database the app closes after).
 */
function startUploadSweep(app: FastifyInstance): void {
  const { db, config } = app.deps;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const warn = (path: string, error: unknown) => app.log.warn({ err: error, path }, 'could not remove an upload');
  const sweep = async (strays: boolean) => {
    try {
      const gone = await sweepUploads(db, config.filesDir, new Date(), warn);
      if (gone.length > 0) app.log.info({ count: gone.length }, 'removed unattached uploads past their lifetime');
      if (!strays) return;
      const stray = await sweepStrayUploadFiles(db, config.filesDir, new Date(), warn);
      if (stray.length > 0) app.log.info({ count: stray.length }, 'removed upload files nothing records');
    } catch (error) {
      app.log.error({ err: error }, 'upload sweep failed');
    }
  };
  const run = (strays = false) => {
    running ??= sweep(strays).finally(() => {
      running = null;
    });
    return running;
  };
  app.addHook('onReady', async () => {
    void run(true);
    timer = setInterval(() => void run(), UPLOAD_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

function noFile(): ApiError {
  return new ApiError(400, 'FILE_REQUIRED', '请选择要上传的文件', 'choose a file to upload', 'file');
}

function tooLarge(maxBytes: number): ApiError {
  const mb = maxBytes / 1024 / 1024;
  return new ApiError(413, 'FILE_TOO_LARGE', `文件不能超过 ${mb} MB`, `the file must not exceed ${mb} MB`, 'file');
}
