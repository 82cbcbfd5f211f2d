import type { MessageCode, SpaceKind, SpaceType } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { spaces, taskKinds } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time-zone.js';

/** What an unknown space of each type is called in a 400 (a space of another type reads as unknown). */
const UNKNOWN_SPACE: Record<SpaceType, MessageCode> = {
  TICKET: 'space.ticket.unknown',
  CS_QUICK: 'space.quick.unknown',
  CS_KB: 'space.kb.unknown',
};

/**
 * The keys of `ids`, each a live space (not in the trash) of `type` in the organisation, in the order given; the first
 * that is not is a 400 naming its field (`spaceIds[2]`). Chatbots (CS_KB) and lines (TICKET, CS_QUICK) check with it.
 */
export async function requireSpaces(
  tx: Queryable,
  organizationId: number,
  ids: readonly string[],
  type: SpaceType,
  field: (i: number) => string,
): Promise<number[]> {
  const keys = ids.map((id) => dbId(id) ?? -1);
  const found =
    keys.length === 0
      ? []
      : await tx
          .select({ id: spaces.id })
          .from(spaces)
          .where(
            and(
              eq(spaces.organizationId, organizationId),
              inArray(spaces.id, keys),
              eq(spaces.type, type),
              eq(spaces.deleted, 'NONE'),
            ),
          );
  const present = new Set(found.map((s) => s.id));
  const missing = keys.findIndex((key) => !present.has(key));
  if (missing >= 0)
    throw ApiError.of(400, 'INVALID_REFERENCE', UNKNOWN_SPACE[type], { id: ids[missing] }, field(missing));
  return keys;
}

/** The keys of `ids`, each a live ticket kind of the organisation, in order; else a 400 naming `{field}[i]`. */
export async function requireKinds(
  tx: Queryable,
  organizationId: number,
  ids: readonly string[],
  field = 'kindIds',
): Promise<number[]> {
  const keys = ids.map((id) => dbId(id) ?? -1);
  const found =
    keys.length === 0
      ? []
      : await tx
          .select({ id: taskKinds.id })
          .from(taskKinds)
          .where(
            and(
              eq(taskKinds.organizationId, organizationId),
              inArray(taskKinds.id, keys),
              eq(taskKinds.deleted, 'NONE'),
            ),
          );
  const present = new Set(found.map((k) => k.id));
  const missing = keys.findIndex((key) => !present.has(key));
  if (missing >= 0)
    throw ApiError.of(400, 'INVALID_REFERENCE', 'space.kind.unknown', { id: ids[missing] }, `${field}[${missing}]`);
  return keys;
}

/**
 * The live ticket kinds among `keys` of the organisation(s) with their names and codes (the spec's kindType TICKET, and
 * with `timeZone` their createTime), by key, in one query. A kind in the trash is left out, so a space lists only the
 * templates that can be used (and lists it again when it is restored). Several organisations: a page holding spaces
 * granted by others, whose kinds are their owners' (a space only ever lists kinds of its own organisation).
 */
export async function liveKinds(
  db: Queryable,
  organizationId: number | readonly number[],
  keys: readonly number[],
  timeZone?: string,
): Promise<Map<number, SpaceKind>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const organizations = typeof organizationId === 'number' ? [organizationId] : [...new Set(organizationId)];
  const rows = await db
    .select({ id: taskKinds.id, name: taskKinds.name, code: taskKinds.code, createTime: taskKinds.createTime })
    .from(taskKinds)
    .where(
      and(
        inArray(taskKinds.organizationId, organizations),
        inArray(taskKinds.id, unique),
        eq(taskKinds.deleted, 'NONE'),
      ),
    );
  return new Map(
    rows.map((k) => [
      k.id,
      {
        kindId: String(k.id),
        kindName: k.name,
        kindCode: k.code,
        kindType: 'TICKET',
        ...(timeZone === undefined ? {} : { createTime: formatTime(k.createTime, timeZone) }),
      },
    ]),
  );
}

/** A space's kinds in its order, those in the trash left out. */
export function kindsInOrder(kindIds: readonly number[], kinds: ReadonlyMap<number, SpaceKind>): SpaceKind[] {
  return kindIds.flatMap((key) => {
    const kind = kinds.get(key);
    return kind === undefined ? [] : [kind];
  });
}

/** The names of the live spaces among `keys` (any type), by key, in one query; a space in the trash is left out. */
export async function liveSpaceNames(
  db: Queryable,
  organizationId: number,
  keys: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(and(eq(spaces.organizationId, organizationId), inArray(spaces.id, unique), eq(spaces.deleted, 'NONE')));
  return new Map(rows.map((s) => [s.id, s.name]));
}
