import { and, eq } from 'drizzle-orm';
import { DEMO_MODEL_SERVER_PORT } from '../config/server-config.js';
import { aiPlatforms, chatbots } from '../db/schema/bots.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';
// the spaces step first: 小Q answers from the demo knowledge base
import { findDemoSpaces } from './demo-spaces.js';

export const DEMO_PLATFORM_NAME = '本机模型服务';
/** The demo's two chatbots: the visitors' self-service bot and the agents' assistant. */
export const DEMO_CHATBOTS = {
  customer: { name: '小Q', nick: '小Q', code: 'xiaoq', mode: 'QA' },
  agent: { name: '坐席助手', nick: '坐席助手', code: 'agent-assist', mode: 'AI' },
} as const;

/**
 * Where the demo platform reaches the model server `npm start` runs with the demo data (or `qcdesk model-server` on
 * the same machine): QCDESK_MODEL_SERVER_PORT, else 8765.
 */
export function demoModelServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.QCDESK_MODEL_SERVER_PORT);
  return `http://127.0.0.1:${Number.isInteger(port) && port > 0 ? port : DEMO_MODEL_SERVER_PORT}`;
}

/**
 * The demo's AI platform (an HTTP classification service: the built-in lexicon model served by `qcdesk
 * model-server`) and its two chatbots (小Q answering from the demo knowledge base), each made only when the
 * organisation has none of that name.
 */
export async function seedDemoBots({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  const [found] = await db
    .select({ id: aiPlatforms.id })
    .from(aiPlatforms)
    .where(and(eq(aiPlatforms.organizationId, organizationId), eq(aiPlatforms.name, DEMO_PLATFORM_NAME)));
  const platformId =
    found?.id ??
    (
      await db
        .insert(aiPlatforms)
        .values({ name: DEMO_PLATFORM_NAME, provider: 'HTTP', baseUrl: demoModelServerUrl(), ...audit })
        .returning({ id: aiPlatforms.id })
    )[0]!.id;
  const { knowledge } = await findDemoSpaces(db, organizationId);
  for (const bot of Object.values(DEMO_CHATBOTS)) {
    const [existing] = await db
      .select({ id: chatbots.id })
      .from(chatbots)
      .where(and(eq(chatbots.organizationId, organizationId), eq(chatbots.name, bot.name)));
    const spaceIds = bot.mode === 'QA' ? [String(knowledge)] : [];
    if (existing === undefined)
      await db.insert(chatbots).values({ ...bot, status: 'ACTIVE', platformId, spaceIds, ...audit });
  }
  log(`演示机器人 demo bots: AI 平台 platform ${DEMO_PLATFORM_NAME} (${demoModelServerUrl()}), 2 个机器人 chatbots`);
}

demoSeeders.push({ step: 'bots', atomic: true, seed: seedDemoBots });
