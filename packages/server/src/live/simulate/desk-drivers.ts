import {
  type CsGroup,
  type CsLine,
  csGroupConfigInputSchema,
  type FeedAnswer,
  type FeedEventInput,
  type GroupOnlineConfig,
} from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { csAgents, csGroups, csLines, csNavs } from '../../db/schema/index.js';
import { navsOfLines } from '../../routes/cs-nav/nav-references.js';
import type { LiveFeed } from '../live-feed.js';

/** The desk a simulation plays on: the lines customers arrive on, and the agents it signs in (record ids). */
export interface DeskInfo {
  readonly lineIds: readonly string[];
  readonly agentIds: readonly string[];
}

/** How the simulator reaches a desk: in process against a store, or over HTTP against a running console. */
export interface DeskDriver {
  /** the lines and up to `agents` agents of their skill groups */
  prepare(agents: number): Promise<DeskInfo>;
  send(events: readonly FeedEventInput[]): Promise<FeedAnswer>;
  /** where it plays, for the progress line */
  readonly where: string;
}

/**
 * The feed of this process against a store. `prepare` takes the organisation's live lines and the agents of the
 * groups they route to (all ONLINE groups for a line routing nowhere), lowest ids first; with `build`, an empty desk
 * gets what it lacks — a line, a skill group, agents ("模拟坐席 n", added to the first group) — so that
 * `qcdesk simulate --data` plays on any store.
 */
export function inProcessDriver(options: {
  readonly db: Database;
  readonly feed: LiveFeed;
  readonly organizationId: number;
  /** only these lines (default every live line) */
  readonly lineIds?: readonly number[];
  readonly build?: boolean;
}): DeskDriver {
  const { db, feed, organizationId } = options;
  return {
    where: `organisation ${organizationId}`,
    send: (events) => feed.accept(organizationId, events),
    async prepare(agents) {
      const lines = await db
        .select({ id: csLines.id, organizationId: csLines.organizationId, navs: csLines.navs })
        .from(csLines)
        .where(
          and(
            eq(csLines.organizationId, organizationId),
            eq(csLines.deleted, 'NONE'),
            eq(csLines.status, 'ACTIVE'),
            eq(csLines.type, 'ONLINE'),
            options.lineIds === undefined ? undefined : inArray(csLines.id, [...options.lineIds]),
          ),
        )
        .orderBy(asc(csLines.id));
      const groups = await db
        .select({ id: csGroups.id, agentIds: csGroups.agentIds })
        .from(csGroups)
        .where(
          and(
            eq(csGroups.organizationId, organizationId),
            eq(csGroups.type, 'ONLINE'),
            eq(csGroups.status, 'ACTIVE'),
            eq(csGroups.deleted, 'NONE'),
          ),
        )
        .orderBy(asc(csGroups.id));
      if (options.build === true && (groups.length === 0 || lines.length === 0)) {
        await buildDesk(db, organizationId, groups.length === 0, lines.length === 0);
        return this.prepare(agents);
      }
      const navsOf = await navsOfLines(db, lines);
      const routed = new Set(lines.flatMap((line) => navsOf(line).onlineGroups.map((g) => Number(g.groupId))));
      const lineGroups = lines.some((line) => navsOf(line).onlineGroups.length === 0)
        ? groups
        : groups.filter((g) => routed.has(g.id));
      const memberIds = [...new Set(lineGroups.flatMap((g) => g.agentIds))];
      const live =
        memberIds.length === 0
          ? []
          : await db
              .select({ id: csAgents.id })
              .from(csAgents)
              .where(
                and(
                  eq(csAgents.organizationId, organizationId),
                  inArray(csAgents.id, memberIds),
                  eq(csAgents.deleted, 'NONE'),
                ),
              )
              .orderBy(asc(csAgents.id));
      let agentIds = live.map((a) => a.id).slice(0, agents);
      if (agentIds.length < agents && options.build === true && lineGroups.length > 0) {
        const made = await addAgents(db, organizationId, lineGroups[0]!.id, agents - agentIds.length, agentIds.length);
        agentIds = [...agentIds, ...made];
      }
      return { lineIds: lines.map((l) => String(l.id)), agentIds: agentIds.map(String) };
    },
  };
}

/** A line routing to a skill group, where the store has none. */
async function buildDesk(db: Database, organizationId: number, group: boolean, line: boolean): Promise<void> {
  const audit = { organizationId, creatorName: '模拟器', modifierName: '模拟器' };
  let groupId: number | null = null;
  if (group) {
    const [row] = await db
      .insert(csGroups)
      .values({ ...audit, name: '模拟技能组', type: 'ONLINE', config: csGroupConfigInputSchema.parse({}) })
      .returning({ id: csGroups.id });
    groupId = row!.id;
  }
  if (line) {
    groupId ??= (
      await db
        .select({ id: csGroups.id })
        .from(csGroups)
        .where(
          and(eq(csGroups.organizationId, organizationId), eq(csGroups.type, 'ONLINE'), eq(csGroups.deleted, 'NONE')),
        )
        .orderBy(asc(csGroups.id))
        .limit(1)
    )[0]!.id;
    const config: GroupOnlineConfig = {
      routes: [{ id: 'route-1', name: '在线咨询', groups: [{ groupId: String(groupId), weight: 1 }] }],
    };
    const [nav] = await db
      .insert(csNavs)
      .values({ ...audit, name: '模拟分流', type: 'ONLINE', kind: 'GROUP', onlineConfig: config })
      .returning({ id: csNavs.id });
    await db.insert(csLines).values({
      ...audit,
      name: '模拟在线线路',
      navs: [{ navKind: 'GROUP', navId: String(nav!.id), timeId: null }],
    });
  }
}

/** `count` new agents, receivers of the group. */
async function addAgents(
  db: Database,
  organizationId: number,
  groupId: number,
  count: number,
  existing: number,
): Promise<number[]> {
  const rows = await db
    .insert(csAgents)
    .values(
      Array.from({ length: count }, (_, i) => ({
        organizationId,
        nick: `模拟坐席 ${existing + i + 1}`,
        name: `模拟坐席 ${existing + i + 1}`,
        creatorName: '模拟器',
        modifierName: '模拟器',
      })),
    )
    .returning({ id: csAgents.id });
  const ids = rows.map((r) => r.id);
  const [group] = await db
    .select({ agentIds: csGroups.agentIds })
    .from(csGroups)
    .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.id, groupId)));
  await db
    .update(csGroups)
    .set({ agentIds: [...(group?.agentIds ?? []), ...ids] })
    .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.id, groupId)));
  return ids;
}

/**
 * A running console over HTTP: signs in (cookie) or uses a bearer token, reads the lines and groups through the
 * console's own list calls, and posts batches to /v3/feed/live/events, sending a batch again (same event ids, so
 * nothing twice) when the connection fails or the server answers 5xx.
 */
export function httpDriver(options: {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  readonly token?: string;
  readonly lineIds?: readonly string[];
}): DeskDriver {
  const base = options.url.endsWith('/') ? options.url.slice(0, -1) : options.url;
  let auth: Record<string, string> | null =
    options.token === undefined ? null : { authorization: `Bearer ${options.token}` };
  const signIn = async () => {
    const res = await fetch(`${base}/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: options.username ?? 'admin', password: options.password ?? '' }),
    });
    if (!res.ok) throw new Error(`登录失败 sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    auth = { cookie };
  };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    if (auth === null) await signIn();
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 500 * attempt));
        continue;
      }
      if (res.status === 401 && options.token === undefined && attempt < 5) {
        await signIn();
        continue;
      }
      if (res.status >= 500 && attempt < 5) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        continue;
      }
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    }
  };
  return {
    where: base,
    send: (events) => post<FeedAnswer>('/v3/feed/live/events', { events }),
    async prepare(agents) {
      const lines = (await post<CsLine[]>('/v3/chats/cs-line/list', {})).filter(
        (l) => l.status === 'ACTIVE' && l.type === 'ONLINE' && (options.lineIds?.includes(l.id) ?? true),
      );
      const groups = (await post<CsGroup[]>('/v3/chats/cs-group/list', {})).filter(
        (g) => g.type === 'ONLINE' && g.status === 'ACTIVE',
      );
      const routed = new Set(lines.flatMap((l) => l.onlineGroups.map((g) => g.groupId)));
      const used = lines.some((l) => l.onlineGroups.length === 0) ? groups : groups.filter((g) => routed.has(g.id));
      const agentIds = [...new Set(used.flatMap((g) => g.agentIds))].sort((a, b) => Number(a) - Number(b));
      return { lineIds: lines.map((l) => l.id), agentIds: agentIds.slice(0, agents) };
    },
  };
}
