import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { uploadAnswerSchema } from '@qcdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentTypeOf, newUploadPath, storedFilePath, tenantFilePath, UPLOAD_DIRS } from '../../files/file-store.js';
import { ApiError } from '../../http/api-error.js';
import { defineRoute } from '../../http/define-route.js';

/** Largest attachment accepted. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Attachments: upload into the file store (config.filesDir), download by the path the upload answered. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { filesDir } = app.deps.config;
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/v3/worker/center/download',
      query: z.object({ path: z.string({ error: 'common.required' }).min(1, { error: 'common.required' }).max(500) }),
      summary: "a stored file by its path (as the upload answered it); another organisation's file is not found (404)",
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary' }),
      errors: [404],
      tags: ['files'],
    },
    async ({ query, reply, auth }) => {
      // the same 404 for another organisation's file as for a missing one: nothing tells them apart
      const full = tenantFilePath(filesDir, auth.organizationId, query.path);
      const info = full === null ? null : await stat(full).catch(() => null);
      if (full === null || info === null || !info.isFile()) throw ApiError.notFound(`文件 file`, query.path);
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
      summary: `upload one file (multipart field "file", at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) under dir, in the caller's organisation's folder; answers its path`,
      bodyDoc: { 'multipart/form-data': z.object({ file: z.string().meta({ format: 'binary' }) }) },
      response: uploadAnswerSchema,
      errors: [413],
      tags: ['files'],
    },
    async ({ query, request, auth }) => {
      if (!request.isMultipart()) throw noFile();
      const file = await request.file();
      if (file === undefined) throw noFile();
      const path = newUploadPath(query.dir, auth.organizationId, file.filename);
      const full = storedFilePath(filesDir, path);
      await mkdir(dirname(full), { recursive: true });
      try {
        await pipeline(file.file, createWriteStream(full));
        if (file.file.truncated) throw new Error('truncated');
      } catch {
        await rm(full, { force: true });
        throw new ApiError(
          413,
          'FILE_TOO_LARGE',
          `文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
          `the file must not exceed ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
          'file',
        );
      }
      const info = await stat(full);
      return { path, name: file.filename, size: info.size };
    },
  );
}

function noFile(): ApiError {
  return new ApiError(400, 'FILE_REQUIRED', '请选择要上传的文件', 'choose a file to upload', 'file');
}
