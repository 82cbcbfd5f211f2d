import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type CensorJobKind,
  censorJobProgressSchema,
  censorJobStartedSchema,
  censorLogExportBodySchema,
  censorLogFilterSchema,
  censorLogPageSchema,
  censorRescanBodySchema,
  idSchema,
  pageQuerySchema,
} from '@qcdesk/contracts';
import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CensorJobRunner, findJob, jobProgress } from '../../censor/censor-jobs.js';
import { newExportPath, removeOldExports } from '../../censor/export/export-files.js';
import { countLogRows, exportFileName, writeLogExport } from '../../censor/export/export-log.js';
import { censorLogWhere } from '../../censor/log-filter.js';
import { censorLogRecord } from '../../censor/log-record.js';
import { countRescan, rescanMessages } from '../../censor/rescan.js';
import { dbId } from '../../crud/ids.js';
import { offsetOf, pageAnswer, pickFields } from '../../crud/page.js';
import { censorLogs } from '../../db/schema/censor-log.js';
import { contentTypeOf, storedFilePath } from '../../files/file-store.js';
import { ApiError, languageOf } from '../../http/api-error.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { wholeUnit } from '../../http/time-filter.js';
import { parseTime } from '../../http/time-zone.js';

const tags = ['censor-log'];
const jobQuery = z.object({ jobId: idSchema });

/**
 * The sensitive-word log: its page, a rescan of a time range with the current libraries, and its export (CSV or
 * XLSX) as a background job with progress and a download. The paths are ours: the spec shows none.
 */
export async function censorLogRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const jobs = new CensorJobRunner(db, (error, jobId) => app.log.error({ err: error, jobId }, 'censor job failed'));
  app.addHook('onClose', () => jobs.close());

  const requireJob = async (auth: RequestAuth, kind: CensorJobKind, jobId: string) => {
    const key = dbId(jobId);
    const row = key === null ? undefined : await findJob(db, auth, kind, key);
    if (row === undefined) throw ApiError.notFound(kind === 'EXPORT' ? '导出 export' : '重新扫描 rescan', jobId);
    return row;
  };

  defineRoute(
    app,
    {
      path: '/v3/system/censor-log/page',
      query: pageQuerySchema,
      body: censorLogFilterSchema,
      summary:
        'the sensitive-word log, newest first: one record per matched message and library, with the matched spans of its text; lineId is required',
      response: censorLogPageSchema,
      tags,
    },
    async ({ query, body, auth }) => {
      const where = censorLogWhere(auth, body, config.timeZone);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(censorLogs)
          .where(where)
          .orderBy(desc(censorLogs.sendTime), desc(censorLogs.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(censorLogs).where(where),
      ]);
      return pageAnswer(
        rows.map((r) => pickFields(censorLogRecord(r, config.timeZone), body.fields)),
        total?.n ?? 0,
        query,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/system/censor-log/rescan',
      body: censorRescanBodySchema,
      summary:
        "re-apply the organisation's current ACTIVE libraries to the messages sent from timeFrom to timeTo (one line or all): their censor fields are recomputed and their log records replaced, in batches, in the background; answers the job id for the progress call",
      response: censorJobStartedSchema,
      tags,
    },
    async ({ body, auth }) => {
      const from = timeOf(body.timeFrom, 'timeFrom', config.timeZone);
      const to = timeOf(body.timeTo, 'timeTo', config.timeZone) + wholeUnit(body.timeTo);
      const range = {
        organizationId: auth.organizationId,
        from,
        to,
        lineId: body.lineId ? (dbId(body.lineId) ?? 0) : null,
      };
      const total = await countRescan(db, range);
      const jobId = await jobs.start(
        { organizationId: auth.organizationId, creatorId: auth.userId, kind: 'RESCAN', total, params: body },
        async (job) => {
          await rescanMessages(db, range, job);
          return undefined;
        },
      );
      return { jobId: String(jobId), total };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/system/censor-log/rescan/progress',
      query: jobQuery,
      body: noBody,
      summary: 'how far a rescan is: state (RUNNING, DONE, FAILED), messages total and done, percent',
      response: censorJobProgressSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => jobProgress(await requireJob(auth, 'RESCAN', query.jobId), config.timeZone),
  );

  defineRoute(
    app,
    {
      path: '/v3/system/censor-log/export',
      body: censorLogExportBodySchema,
      summary:
        'export the filtered log (export type CS_CENSOR_LOG) as XLSX or CSV (UTF-8 with BOM), written in the background; follow it with /export/progress and fetch the file with /export/download',
      response: censorJobStartedSchema,
      tags,
    },
    async ({ body, auth, request }) => {
      const where = censorLogWhere(auth, body, config.timeZone);
      const total = await countLogRows(db, where);
      const lang = languageOf(request.headers['accept-language']);
      const now = new Date();
      await removeOldExports(db, config.filesDir, auth.organizationId, now);
      const path = newExportPath(auth.organizationId, body.format === 'CSV' ? 'csv' : 'xlsx', now);
      const fileName = exportFileName(body.format, lang, now, config.timeZone);
      const full = storedFilePath(config.filesDir, path);
      const jobId = await jobs.start(
        { organizationId: auth.organizationId, creatorId: auth.userId, kind: 'EXPORT', total, params: body },
        async (job) => {
          await mkdir(dirname(full), { recursive: true });
          try {
            await writeLogExport(
              db,
              where,
              { format: body.format, lang, timeZone: config.timeZone },
              createWriteStream(full),
              job,
            );
          } catch (error) {
            // a half-written file is never offered
            await rm(full, { force: true });
            throw error;
          }
          return { filePath: path, fileName };
        },
      );
      return { jobId: String(jobId), total };
    },
  );

  defineRoute(
    app,
    {
      path: '/v3/system/censor-log/export/progress',
      query: jobQuery,
      body: noBody,
      summary: "how far the caller's export is: state, rows total and done, percent, and the file name once written",
      response: censorJobProgressSchema,
      errors: [404],
      tags,
    },
    async ({ query, auth }) => jobProgress(await requireJob(auth, 'EXPORT', query.jobId), config.timeZone),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/v3/system/censor-log/export/download',
      query: jobQuery,
      summary: "the file of the caller's finished export (409 while it is being written)",
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary' }),
      errors: [404, 409],
      tags,
    },
    async ({ query, auth, reply }) => {
      const row = await requireJob(auth, 'EXPORT', query.jobId);
      const progress = jobProgress(row, config.timeZone);
      if (progress.state !== 'DONE') throw ApiError.of(409, 'NOT_READY', 'censor.exportNotReady');
      const full = row.filePath === null ? null : storedFilePath(config.filesDir, row.filePath);
      const info = full === null ? null : await stat(full).catch(() => null);
      if (full === null || info === null || !info.isFile())
        throw ApiError.notFound('导出文件 export file', query.jobId);
      const name = row.fileName ?? 'censor-log';
      reply.header('content-type', name.endsWith('.csv') ? 'text/csv; charset=utf-8' : contentTypeOf(name));
      reply.header('content-length', String(info.size));
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.send(createReadStream(full));
    },
  );
}

/** Epoch milliseconds of a time the schema let through; one the clock cannot place is the field's 400, never a 500. */
function timeOf(text: string, field: string, timeZone: string): number {
  const time = parseTime(text, timeZone)?.getTime();
  if (time === undefined || Number.isNaN(time))
    throw ApiError.of(400, 'INVALID_FIELD', 'common.invalidTime', {}, field);
  return time;
}
