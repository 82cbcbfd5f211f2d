import {
  csLineContract,
  formatMessage,
  type MessageCode,
  SATISFACTION_SCORES,
  type ScoreCheckIssue,
  scoreCheckIssueQuerySchema,
  scoreCheckIssueSchema,
} from '@qcdesk/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../crud/entity-table.js';
import { requireRow } from '../../crud/rows.js';
import { csLines, scoreConfigs } from '../../db/schema/index.js';
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
      const issues = (await scoreIssues(db, line)).map(({ code, params }) => ({
        code,
        zh: formatMessage(code, 'zh', params),
        en: formatMessage(code, 'en', params),
      }));
      return { usable: issues.length === 0, issues } satisfies ScoreCheckIssue;
    },
  );
}

type Issue = { code: MessageCode; params?: Record<string, string> };

/**
 * What keeps a line's survey from running (spec §7 "Line check"): the line names no satisfaction config; the config
 * it names no longer exists; it is in the trash; it is inactive; it surveys neither chatbot nor agent sessions; a
 * level (one of the five scenes) has no reply. The config is read in the line's organisation (a line granted to the
 * caller names its owner's config). No issue: the survey can run.
 */
export async function scoreIssues(
  db: Queryable,
  line: { readonly organizationId: number; readonly scoreConfigId: number | null },
): Promise<Issue[]> {
  if (line.scoreConfigId === null) return [{ code: 'line.score.none' }];
  const [config] = await db
    .select()
    .from(scoreConfigs)
    .where(and(eq(scoreConfigs.organizationId, line.organizationId), eq(scoreConfigs.id, line.scoreConfigId)));
  if (config === undefined || config.deleted === 'BUFFER')
    return [{ code: 'line.score.missing', params: { id: String(line.scoreConfigId) } }];
  const name = { name: config.name };
  const issues: Issue[] = [];
  if (config.deleted === 'TRASH') issues.push({ code: 'line.score.trashed', params: name });
  if (config.status !== 'ACTIVE') issues.push({ code: 'line.score.inactive', params: name });
  const survey = config.onlineConfig;
  if (!survey.chatbotEnable && !survey.agentEnable) issues.push({ code: 'line.score.noChannel', params: name });
  for (const score of SATISFACTION_SCORES) {
    const reply = survey.replies.find((r) => r.score === score)?.reply ?? '';
    if (reply.trim() === '')
      issues.push({ code: 'line.score.replyMissing', params: { ...name, score: String(score) } });
  }
  return issues;
}
