import {
  type CsLine,
  type csLineSaveSchema,
  type LINE_SAVE_BLOCKS,
  type LineAgentConfig,
  type LineNav,
  type NavKind,
  TIME_DIVIDED_NAV_KINDS,
  TIMEOUT_BLOCK_DEFAULTS,
  TIMEOUT_BLOCKS,
  type TimeoutBlockName,
} from '@qcdesk/contracts';
import type { z } from 'zod';

type SaveInput = z.input<typeof csLineSaveSchema>;

/** What one line screen edits: any of the blocks a save may carry (the contracts' LINE_SAVE_BLOCKS). */
export type LineBlock = Partial<Pick<SaveInput, (typeof LINE_SAVE_BLOCKS)[number]>>;

/**
 * The body of a line screen's save (online-service-config §7): id, name and the version it read, and only the block
 * that screen edits, so the server leaves every other block as stored. Only the config screen edits the name.
 */
export function lineSaveBody(
  line: Pick<CsLine, 'id' | 'name' | 'version'>,
  block: LineBlock,
  name: string = line.name,
): SaveInput {
  return { id: line.id, name, version: line.version, ...block };
}

// ---- timeout blocks (agent config) -----------------------------------------------------------------------------

/** A timeout block as its screen holds it: ticked or not, and what was typed (kept while unticked). */
export interface TimeoutBlockValue {
  on: boolean;
  minutes: number | null;
  prompt: string;
}

/** The screen's blocks from the stored config: a stored block is ticked, a null one unticked and empty. */
export function timeoutBlocksOf(
  config: Partial<Record<TimeoutBlockName, { minutes: number; prompt?: string | null } | null>> | null | undefined,
): Record<TimeoutBlockName, TimeoutBlockValue> {
  return Object.fromEntries(
    TIMEOUT_BLOCKS.map((name) => {
      const stored = config?.[name];
      return [name, { on: !!stored, minutes: stored?.minutes ?? null, prompt: stored?.prompt ?? '' }];
    }),
  ) as Record<TimeoutBlockName, TimeoutBlockValue>;
}

/** Ticking or unticking a block: a tick on an empty block fills the spec's defaults (§9: 3, 10, 3, 10 minutes). */
export function tickBlock(name: TimeoutBlockName, block: TimeoutBlockValue, on: boolean): TimeoutBlockValue {
  if (!on) return { ...block, on };
  const empty = block.minutes === null && block.prompt.trim() === '';
  const defaults = TIMEOUT_BLOCK_DEFAULTS[name];
  return empty ? { on, minutes: defaults.minutes, prompt: defaults.prompt } : { ...block, on };
}

/** The four blocks of a save: only ticked ones are saved, unticked ones are sent as null (spec §2.1). */
export function timeoutBlocksBody(
  blocks: Record<TimeoutBlockName, TimeoutBlockValue>,
): Record<TimeoutBlockName, { minutes: number | null; prompt: string } | null> {
  return Object.fromEntries(
    TIMEOUT_BLOCKS.map((name) => {
      const b = blocks[name];
      return [name, b.on ? { minutes: b.minutes, prompt: b.prompt } : null];
    }),
  ) as Record<TimeoutBlockName, { minutes: number | null; prompt: string } | null>;
}

/** The agent config's fields besides the four blocks, as the screen edits them. */
export type AgentConfigFields = Omit<LineAgentConfig, TimeoutBlockName>;

/** agentConfig of a save: the fields, and each block ticked or null. */
export function agentConfigBody(
  fields: AgentConfigFields,
  blocks: Record<TimeoutBlockName, TimeoutBlockValue>,
): NonNullable<LineBlock['agentConfig']> {
  // the agent who takes the overflow only matters (and is only kept) when overflow goes to an agent
  const overloadAgentId = fields.overloadServe === 'AGENT' ? (fields.overloadAgentId ?? null) : null;
  return { ...fields, overloadAgentId, ...timeoutBlocksBody(blocks) } as NonNullable<LineBlock['agentConfig']>;
}

// ---- navigations (config) ---------------------------------------------------------------------------------------

/** A time-divided row: a service time and the navigation that serves during it. */
export interface NavRow {
  timeId: string | null;
  navId: string | null;
}

/** A kind that may be time-divided (GROUP, SELF): one navigation, or rows per service time. */
export interface NavChoice {
  divided: boolean;
  navId: string | null;
  rows: NavRow[];
}

/** The line's navigations as the config screen holds them. */
export interface LineNavValues {
  BOTTOM: string | null;
  SIDE: string | null;
  IVR: string | null;
  GROUP: NavChoice;
  SELF: NavChoice;
}

type DividedKind = 'GROUP' | 'SELF';
const SINGLE_KINDS = ['BOTTOM', 'SIDE', 'IVR'] as const;
const DIVIDED_KINDS: readonly DividedKind[] = TIME_DIVIDED_NAV_KINDS as readonly DividedKind[];

/** The screen's navigation values from the stored rows: a kind with timed rows is shown time-divided. */
export function navValuesOf(navs: readonly LineNav[]): LineNavValues {
  const single = (kind: NavKind) => navs.find((n) => n.navKind === kind)?.navId ?? null;
  const choice = (kind: DividedKind): NavChoice => {
    const rows = navs.filter((n) => n.navKind === kind);
    const timed = rows.filter((n) => !!n.timeId);
    return timed.length > 0
      ? { divided: true, navId: null, rows: timed.map((n) => ({ timeId: n.timeId ?? null, navId: n.navId })) }
      : { divided: false, navId: rows[0]?.navId ?? null, rows: [] };
  };
  return {
    BOTTOM: single('BOTTOM'),
    SIDE: single('SIDE'),
    IVR: single('IVR'),
    GROUP: choice('GROUP'),
    SELF: choice('SELF'),
  };
}

/**
 * navs of a save (spec §2.1): the single kinds when chosen; for GROUP and SELF only the chosen variant (one
 * navigation, or the time-divided rows), and a row only when both its navigation and its time are set.
 */
export function navsBody(values: LineNavValues): { navKind: NavKind; navId: string; timeId: string | null }[] {
  const out: { navKind: NavKind; navId: string; timeId: string | null }[] = [];
  for (const kind of SINGLE_KINDS) {
    const navId = values[kind];
    if (navId) out.push({ navKind: kind, navId, timeId: null });
  }
  for (const kind of DIVIDED_KINDS) {
    const choice = values[kind];
    if (!choice.divided) {
      if (choice.navId) out.push({ navKind: kind, navId: choice.navId, timeId: null });
      continue;
    }
    for (const row of choice.rows)
      if (row.navId && row.timeId) out.push({ navKind: kind, navId: row.navId, timeId: row.timeId });
  }
  return out;
}

// ---- hotline groups (config) ------------------------------------------------------------------------------------

export interface LineGroupValue {
  groupId: string;
  groupName?: string | null;
}

/** The hotline groups after adding `picked`: a group already in the list is ignored (spec §2.1). */
export function addGroups(current: readonly LineGroupValue[], picked: readonly LineGroupValue[]): LineGroupValue[] {
  const next = [...current];
  for (const group of picked) if (!next.some((g) => g.groupId === group.groupId)) next.push(group);
  return next;
}

/** hotlineGroups of a save: the ids in the table's order. */
export function hotlineGroupsBody(groups: readonly LineGroupValue[]): { groupId: string }[] {
  return groups.map((g) => ({ groupId: g.groupId }));
}
