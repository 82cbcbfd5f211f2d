import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { csLines } from '../../db/schema/index.js';

/**
 * The live service lines of the organisation that use each chatbot (as the customer self-service or the agent-assist
 * bot), by bot key, in one query: the "bound lines" a bot's record shows.
 */
export async function linesOfChatbots(
  db: Queryable,
  organizationId: number,
  botKeys: readonly number[],
): Promise<Map<number, { lineId: string; lineName: string }[]>> {
  const byBot = new Map<number, { lineId: string; lineName: string }[]>();
  if (botKeys.length === 0) return byBot;
  const keys = [...new Set(botKeys)];
  const lines = await db
    .select({
      id: csLines.id,
      name: csLines.name,
      customer: csLines.customerChatbotId,
      agent: csLines.agentChatbotId,
    })
    .from(csLines)
    .where(
      and(
        eq(csLines.organizationId, organizationId),
        eq(csLines.deleted, 'NONE'),
        or(inArray(csLines.customerChatbotId, keys), inArray(csLines.agentChatbotId, keys)),
      ),
    )
    .orderBy(asc(csLines.id));
  for (const line of lines)
    for (const bot of new Set([line.customer, line.agent]))
      if (bot !== null && keys.includes(bot))
        byBot.set(bot, [...(byBot.get(bot) ?? []), { lineId: String(line.id), lineName: line.name }]);
  return byBot;
}
