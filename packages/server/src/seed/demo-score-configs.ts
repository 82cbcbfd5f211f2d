import { scoreConfigSaveSchema } from '@qcdesk/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { scoreConfigs } from '../db/schema/index.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/**
 * The demo's satisfaction survey, as an administrator would set it up for both demo lines: chatbot and agent sessions,
 * stars, tags per level, a suggestion and "solved?", sent automatically when the session ends and by hand, visible
 * to the agents.
 */
export const DEMO_SCORE_CONFIG = {
  name: '在线服务满意度',
  agentVisible: true,
  validDays: 3,
  onlineConfig: {
    chatbotEnable: true,
    agentEnable: true,
    invite: true,
    style: 'STAR',
    tag: true,
    feedback: true,
    resolved: true,
    feedbackRequired: false,
    tags: [
      { score: 5, tags: ['响应及时', '态度热情', '解答专业'] },
      { score: 4, tags: ['响应及时', '解答清楚'] },
      { score: 3, tags: ['等待较久', '解答一般'] },
      { score: 2, tags: ['等待太久', '问题未解决'] },
      { score: 1, tags: ['态度差', '答非所问', '问题未解决'] },
    ],
    replies: [
      { score: 5, reply: '感谢您的好评，我们会继续努力！' },
      { score: 4, reply: '感谢您的认可，祝您生活愉快！' },
      { score: 3, reply: '感谢您的评价，我们会努力做得更好。' },
      { score: 2, reply: '很抱歉没能让您满意，我们会认真改进。' },
      { score: 1, reply: '非常抱歉给您带来不好的体验，客服主管会尽快联系您。' },
    ],
    autoSend: true,
    handSend: true,
    visitorNoSpeak: false,
    sessionByAgent: true,
    agentNoMessage: false,
    sessionTimeout: true,
    customerCloseSession: true,
    userInitiated: true,
    userInitiatedSend: 30,
    positiveScore: 4,
    negativeScore: 2,
  },
} as const;

/** The demo survey, checked as a save is (the demo holds only what the console would accept). */
export async function seedDemoScoreConfigs({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const parsed = scoreConfigSaveSchema.parse(DEMO_SCORE_CONFIG);
  await db.insert(scoreConfigs).values({
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
    name: parsed.name,
    type: parsed.type,
    validDays: parsed.validDays,
    agentVisible: parsed.agentVisible,
    onlineConfig: parsed.onlineConfig!,
  });
  log(`演示满意度配置 demo satisfaction config: ${DEMO_SCORE_CONFIG.name}`);
}

/**
 * The demo survey's key; throws when the step has not run. A step that uses it imports this module, which puts this
 * step before it (seeders run in the order their modules load).
 */
export async function findDemoScoreConfig(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ id: scoreConfigs.id })
    .from(scoreConfigs)
    .where(
      and(
        eq(scoreConfigs.organizationId, organizationId),
        eq(scoreConfigs.name, DEMO_SCORE_CONFIG.name),
        eq(scoreConfigs.deleted, 'NONE'),
      ),
    );
  if (row === undefined)
    throw new Error(
      `demo seed: satisfaction config ${DEMO_SCORE_CONFIG.name} of organisation ${organizationId} is missing`,
    );
  return row.id;
}

demoSeeders.push({ step: 'score-configs', atomic: true, seed: seedDemoScoreConfigs });
