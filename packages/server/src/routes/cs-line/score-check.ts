import {
  csLineContract,
  formatMessage,
  type MessageCode,
  type ScoreCheckIssue,
  scoreCheckIssueQuerySchema,
  scoreCheckIssueSchema,
} from '@qcdesk/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireRow } from '../../crud/rows.js';
import { csLines } from '../../db/schema/index.js';
import { defineRoute, noBody } from '../../http/define-route.js';
import type { RequestAuth } from '../../http/request-auth.js';

/** /v3/chats/score-config/check-issue?lineId (spec §7 "Line check"): whether the line's satisfaction survey can run. */
export function scoreCheckRoute(app: FastifyInstance, shared: (auth: RequestAuth) => SQL): void {
  const { db } = app.deps;
  defineRoute(
    app,
    {
      path: '/v3/chats/score-config/check-issue',
      query: scoreCheckIssueQuerySchema,
      body: noBody,
      summary:
        'whether the satisfaction survey of a line (lineId) can run: usable, and the issues that keep it from running',
      response: scoreCheckIssueSchema,
      errors: [404],
      tags: ['score-config'],
    },
    async ({ query, auth }) => {
      const line = await requireRow(db, csLines, auth, query.lineId, csLineContract.name, { shared: shared(auth) });
      const issues = scoreIssues(line).map(({ code, params }) => ({
        code,
        zh: formatMessage(code, 'zh', params),
        en: formatMessage(code, 'en', params),
      }));
      return { usable: issues.length === 0, issues } satisfies ScoreCheckIssue;
    },
  );
}

/**
 * What keeps a line's survey from running: the line names no satisfaction config, or the config it names cannot be
 * used. Satisfaction configs are not records yet (issue 18), so a named config cannot be read and is reported
 * unavailable; once they are, this reads the config and reports it unavailable when it is missing, in the trash or
 * inactive.
 */
export function scoreIssues(line: {
  readonly scoreConfigId: number | null;
}): { code: MessageCode; params?: Record<string, string> }[] {
  if (line.scoreConfigId === null) return [{ code: 'line.score.none' }];
  return [{ code: 'line.score.unavailable', params: { id: String(line.scoreConfigId) } }];
}
