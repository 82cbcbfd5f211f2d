import {
  type CensorLibrary,
  type CensorLibraryOptions,
  type CensorOptions,
  type CensorScanner,
  compileCensor,
  loadPinyinIfAsked,
} from '@qcdesk/engine';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { censorBans } from '../db/schema/censor.js';

/** An organisation's ACTIVE libraries as the engine takes them: `compileCensor(libraries, options)`. */
export interface OrgLibraries {
  readonly libraries: readonly CensorLibrary[];
  readonly options: CensorOptions;
}

type Reader = Pick<Database, 'select'>;

const activeOf = (organizationId: number) =>
  and(eq(censorBans.organizationId, organizationId), eq(censorBans.status, 'ACTIVE'), eq(censorBans.deleted, 'NONE'));

/**
 * The organisation's ACTIVE libraries, in id order, with each library's options (skipNoise, traditional,
 * allowWords…) keyed by id as `CensorOptions.libraries` wants them. Ingest, rescan and QC evaluation all scan with
 * what this returns, so a message is judged the same way wherever it is judged.
 */
export async function loadCensorLibraries(db: Reader, organizationId: number): Promise<OrgLibraries> {
  const rows = await db.select().from(censorBans).where(activeOf(organizationId)).orderBy(censorBans.id);
  const libraries: CensorLibrary[] = [];
  const byId: Record<string, CensorLibraryOptions> = {};
  for (const row of rows) {
    libraries.push({
      id: row.id,
      name: row.name,
      words: row.words,
      operation: row.operation,
      status: row.status,
      flag: row.flag,
      tempType: row.tempType,
      scopes: row.scopes,
    });
    byId[String(row.id)] = row.options as CensorLibraryOptions;
  }
  return { libraries, options: { libraries: byId } };
}

/**
 * What changes when any library of the organisation changes in a way a scan could notice: how many are active,
 * the latest change and the sum of versions (a removal of an active library lowers the count; any save or status
 * move sets modify_time and bumps the version). One indexed aggregate, cheap enough to ask once per batch; as an
 * expression, so that the live feed can ask it within the statement that loads its desk.
 */
export function librariesStampSql(organizationId: number): SQL<string> {
  return sql<string>`(select concat_ws('|',
      (count(*) filter (where ${censorBans.status} = 'ACTIVE' and ${censorBans.deleted} = 'NONE'))::int,
      coalesce(max(${censorBans.modifyTime})::text, ''), coalesce(sum(${censorBans.version})::text, ''),
      coalesce(sum(${censorBans.id})::text, ''))
    from ${censorBans} where ${censorBans.organizationId} = ${organizationId})`;
}

async function librariesStamp(db: Database, organizationId: number): Promise<string> {
  const result = (await db.execute(sql`select ${librariesStampSql(organizationId)} as stamp`)) as unknown as {
    rows: { stamp: string }[];
  };
  return result.rows[0]!.stamp;
}

/** The organisation's libraries compiled into one scanner, and their names (the log keeps the name at the time). */
export interface OrgScanner {
  readonly scanner: CensorScanner;
  /** library name by id (as a string) */
  readonly names: ReadonlyMap<string, string>;
}

interface Cached {
  readonly stamp: string;
  readonly scanner: Promise<OrgScanner | null>;
}

/** per database (tests run several apps in one process), per organisation */
const cache = new WeakMap<object, Map<number, Cached>>();

/**
 * The organisation's scanner, or null when it has no ACTIVE library (then nothing is scanned at all). Compiled once
 * and reused until a library changes: each call costs one aggregate query (`librariesStamp`; none when the caller
 * hands the stamp it read), so callers ask once per batch of messages, never per message.
 */
export async function orgScanner(
  db: Database,
  organizationId: number,
  /** the stamp (`librariesStampSql`) as the caller read it, and where to read the libraries should they have changed */
  known?: { readonly stamp: string; readonly reader: Reader },
): Promise<OrgScanner | null> {
  const stamp = known?.stamp ?? (await librariesStamp(db, organizationId));
  let perOrg = cache.get(db);
  if (perOrg === undefined) {
    perOrg = new Map();
    cache.set(db, perOrg);
  }
  const hit = perOrg.get(organizationId);
  if (hit !== undefined && hit.stamp === stamp) return hit.scanner;
  const scanner = compileOrgScanner(known?.reader ?? db, organizationId);
  perOrg.set(organizationId, { stamp, scanner });
  // a failed load is not kept: the next batch tries again
  scanner.catch(() => {
    if (perOrg.get(organizationId)?.scanner === scanner) perOrg.delete(organizationId);
  });
  return scanner;
}

async function compileOrgScanner(db: Reader, organizationId: number): Promise<OrgScanner | null> {
  const { libraries, options } = await loadCensorLibraries(db, organizationId);
  if (libraries.length === 0) return null;
  // a library asking for pinyin needs pinyin-pro registered before the synchronous compile (loaded once, on demand)
  await loadPinyinIfAsked(options);
  return {
    scanner: compileLenient(libraries, options),
    names: new Map(libraries.map((l) => [String(l.id), l.name])),
  };
}

/**
 * Compiles every library; should one be refused by the engine (the save checks that it compiles, so only a library
 * stored before that check could be), the others still scan: an import must not stop over one bad library.
 */
function compileLenient(libraries: readonly CensorLibrary[], options: CensorOptions): CensorScanner {
  try {
    return compileCensor(libraries, options);
  } catch {
    const usable = libraries.filter((library) => {
      try {
        compileCensor([library], options);
        return true;
      } catch {
        return false;
      }
    });
    return compileCensor(usable, options);
  }
}
