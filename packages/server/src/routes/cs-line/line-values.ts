import {
  type CsLineSave,
  LINE_SAVE_BLOCKS,
  type LineAgentConfig,
  type LineNavInput,
  type LineNoteConfig,
  type MessageCode,
} from '@qcdesk/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EntityTable, Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import {
  apps,
  chatbots,
  csAgents,
  csGroups,
  type csLines,
  scoreConfigs,
  spaces,
  summaryConfigs,
  taskKinds,
} from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { liveTimes } from '../cs-group/group-record.js';
import { requireLineNavs } from '../cs-nav/nav-references.js';

type LineValues = Partial<typeof csLines.$inferInsert>;
type Block = (typeof LINE_SAVE_BLOCKS)[number];
/** what a block of the body writes, once its references are checked */
type Writer<K extends Block> = (
  value: Exclude<CsLineSave[K], undefined>,
  refs: References,
) => Promise<LineValues> | LineValues;

const refused = (message: MessageCode, id: string, field: string) =>
  ApiError.of(400, 'INVALID_REFERENCE', message, { id }, field);

/**
 * The columns a line's save writes: its name, and exactly the fields and blocks the body carries (spec §2.1, §7:
 * each screen sends id, name, version and its own block). A field left out stays as stored; null clears it.
 */
export async function lineValues(body: CsLineSave, tx: Queryable, organizationId: number): Promise<LineValues> {
  const refs = new References(tx, organizationId);
  const values: LineValues = { name: body.name };
  for (const block of LINE_SAVE_BLOCKS) {
    const value = body[block];
    if (value !== undefined) Object.assign(values, await (WRITE[block] as Writer<Block>)(value as never, refs));
  }
  return values;
}

const WRITE: { readonly [K in Block]: Writer<K> } = {
  type: (type) => ({ type }),
  code: (code) => ({ code }),
  intro: (intro) => ({ intro }),
  appId: async (id, refs) => ({ appId: await refs.live(apps, id, 'appId', 'line.app.unknown') }),
  customerChatbotId: async (id, refs) => ({
    customerChatbotId: await refs.live(chatbots, id, 'customerChatbotId', 'line.chatbot.unknown'),
  }),
  agentChatbotId: async (id, refs) => ({
    agentChatbotId: await refs.live(chatbots, id, 'agentChatbotId', 'line.chatbot.unknown'),
  }),
  replySpaceId: async (id, refs) => ({
    replySpaceId: await refs.live(spaces, id, 'replySpaceId', 'line.space.quickUnknown', eq(spaces.type, 'CS_QUICK')),
  }),
  ticketSpaceId: async (id, refs) => ({
    ticketSpaceId: await refs.live(spaces, id, 'ticketSpaceId', 'line.space.ticketUnknown', eq(spaces.type, 'TICKET')),
  }),
  // a live satisfaction config of the organisation (an INACTIVE one too: the line's check says so)
  scoreConfigId: async (id, refs) => ({
    scoreConfigId: await refs.live(scoreConfigs, id, 'scoreConfigId', 'line.score.unknown'),
  }),
  summaryConfigId: async (id, refs) => ({
    summaryConfigId: await refs.live(summaryConfigs, id, 'summaryConfigId', 'line.summary.unknown'),
  }),
  basicConfig: (basicConfig) => ({ basicConfig: basicConfig ?? { login: false } }),
  memberObjectId: (memberObjectId) => ({ memberObjectId }),
  memberObjectType: (memberObjectType) => ({ memberObjectType }),
  navs: async (navs, refs) => ({ navs: await refs.navs(navs) }),
  hotlineGroups: async (groups, refs) => ({ hotlineGroupIds: await refs.hotlineGroups(groups.map((g) => g.groupId)) }),
  agentConfig: async (agentConfig, refs) => ({ agentConfig: await refs.agentConfig(agentConfig) }),
  waitingConfig: (waitingConfig) => ({ waitingConfig }),
  noteConfig: async (noteConfig, refs) => ({ noteConfig: await refs.noteConfig(noteConfig) }),
  promptConfig: (promptConfig) => ({ promptConfig }),
  messageConfig: (messageConfig) => ({ messageConfig }),
};

/**
 * The records a save refers to must be live records of the caller's organisation (a 400 naming the field
 * otherwise): another organisation's id is as unknown as one that never existed.
 */
class References {
  constructor(
    private readonly tx: Queryable,
    private readonly organizationId: number,
  ) {}

  /** the live rows of `table` among `keys`, with `extra` conditions */
  private async rows<T extends EntityTable>(table: T, keys: number[], extra?: SQL): Promise<T['$inferSelect'][]> {
    if (keys.length === 0) return [];
    return (await this.tx
      .select()
      .from(table as PgTable)
      .where(
        and(eq(table.organizationId, this.organizationId), inArray(table.id, keys), eq(table.deleted, 'NONE'), extra),
      )) as T['$inferSelect'][];
  }

  async live(table: EntityTable, id: string | null, field: string, message: MessageCode, extra?: SQL) {
    if (id === null) return null;
    const key = dbId(id);
    const [row] = key === null ? [] : await this.rows(table, [key], extra);
    if (row === undefined) throw refused(message, id, field);
    return key;
  }

  /** each row's navigation a live one of the row's kind; a time-divided row's time a live service time */
  async navs(navs: LineNavInput[]): Promise<LineNavInput[]> {
    await requireLineNavs(this.tx, this.organizationId, navs);
    const timeKeys = navs.map((nav) => (nav.timeId === null ? null : dbId(nav.timeId)));
    const times = await liveTimes(
      this.tx,
      this.organizationId,
      timeKeys.filter((key): key is number => key !== null),
    );
    navs.forEach((nav, i) => {
      if (nav.timeId !== null && !times.has(timeKeys[i] ?? 0))
        throw refused('desk.time.unknown', nav.timeId, `navs[${i}].timeId`);
    });
    return navs;
  }

  /** live HOTLINE skill groups, in the order given (repeats are already gone: spec §2.1) */
  async hotlineGroups(ids: string[]): Promise<number[]> {
    const keys = ids.map((id) => dbId(id) ?? 0);
    const groups = new Map((await this.rows(csGroups, keys)).map((g) => [g.id, g]));
    keys.forEach((key, i) => {
      const group = groups.get(key);
      const field = `hotlineGroups[${i}].groupId`;
      if (group === undefined) throw refused('desk.group.unknown', ids[i]!, field);
      if (group.type !== 'HOTLINE') throw refused('line.group.notHotline', ids[i]!, field);
    });
    return keys;
  }

  /** the overflow agent must be a live agent */
  async agentConfig(config: LineAgentConfig): Promise<LineAgentConfig> {
    await this.live(csAgents, config.overloadAgentId ?? null, 'agentConfig.overloadAgentId', 'desk.agent.unknown');
    return config;
  }

  /** a live ticket space, and templates of that space that are live ticket kinds, stored with their name and code */
  async noteConfig(config: LineNoteConfig): Promise<LineNoteConfig> {
    const spaceId = config.ticketSpaceId!;
    const field = 'noteConfig.ticketSpaceId';
    const spaceKey = dbId(spaceId);
    const [space] = spaceKey === null ? [] : await this.rows(spaces, [spaceKey], eq(spaces.type, 'TICKET'));
    if (space === undefined) throw refused('line.space.ticketUnknown', spaceId, field);
    const kindKeys = config.ticketKinds.map((k) => dbId(k.kindId) ?? 0);
    const kinds = new Map((await this.rows(taskKinds, kindKeys)).map((k) => [k.id, k]));
    const ticketKinds = config.ticketKinds.map((k, i) => {
      const kind = kinds.get(kindKeys[i]!);
      if (kind === undefined || !space.kindIds.includes(kind.id))
        throw refused('line.note.kindNotInSpace', k.kindId, `noteConfig.ticketKinds[${i}].kindId`);
      return { kindId: String(kind.id), kindName: kind.name, kindCode: kind.code };
    });
    return { ...config, ticketSpaceId: String(space.id), ticketKinds };
  }
}
