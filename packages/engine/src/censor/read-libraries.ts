import { CensorLibraryError } from './censor-library-error.js';
import { systemWordList } from './system-words.js';
import type { CensorFlag, CensorLibrary, CensorLibraryOptions, CensorOperation, CensorOptions } from './types.js';
import { parseWords } from './words.js';

const OPERATIONS: readonly string[] = ['REPORT', 'FUZZY', 'ABORT'];
const FLAGS: readonly string[] = ['cs-agent', 'cs-customer'];

/** A library checked and ready to compile: its words resolved (SYS_WORDS → the system list), its options settled. */
export interface ReadLibrary {
  readonly id: string | number;
  readonly name: string;
  readonly operation: CensorOperation;
  readonly flag: CensorFlag;
  readonly active: boolean;
  readonly words: readonly string[];
  readonly allowWords: readonly string[];
  readonly skipNoise: number;
  readonly traditional: boolean;
  /** staff ids and branch ids the library is limited to (a plain scope list goes into both); null: everyone */
  readonly staffIds: ReadonlySet<string> | null;
  readonly branchIds: ReadonlySet<string> | null;
}

export function readLibraries(libraries: readonly CensorLibrary[], options: CensorOptions = {}): ReadLibrary[] {
  if (!Array.isArray(libraries)) throw new CensorLibraryError('$', 'libraries must be an array');
  return libraries.map((library, i) => readLibrary(library, i, options));
}

function readLibrary(library: CensorLibrary, i: number, options: CensorOptions): ReadLibrary {
  const path = `$[${i}]`;
  if (library === null || typeof library !== 'object')
    throw new CensorLibraryError(path, 'a library must be an object');
  if (typeof library.id !== 'string' && typeof library.id !== 'number')
    throw new CensorLibraryError(`${path}.id`, 'id must be a string or a number');
  if (!OPERATIONS.includes(library.operation))
    throw new CensorLibraryError(`${path}.operation`, 'operation must be REPORT, FUZZY or ABORT');
  if (!FLAGS.includes(library.flag))
    throw new CensorLibraryError(`${path}.flag`, 'flag must be cs-agent or cs-customer');
  const tempType = library.tempType ?? 'CUSTOM';
  if (tempType !== 'CUSTOM' && tempType !== 'SYS_WORDS')
    throw new CensorLibraryError(`${path}.tempType`, 'tempType must be CUSTOM or SYS_WORDS');
  if (
    library.words !== undefined &&
    library.words !== null &&
    typeof library.words !== 'string' &&
    !Array.isArray(library.words)
  )
    throw new CensorLibraryError(`${path}.words`, 'words must be an array of strings or a string');
  const own: CensorLibraryOptions | undefined = options.libraries?.[String(library.id)];
  const settled = own ?? options.defaults ?? {};
  const skipNoise = settled.skipNoise ?? 0;
  if (!Number.isInteger(skipNoise) || skipNoise < 0)
    throw new CensorLibraryError(`${path}.skipNoise`, 'skipNoise must be a whole number ≥ 0');
  const scopes = readScopes(library.scopes, `${path}.scopes`);
  return {
    id: library.id,
    name: typeof library.name === 'string' ? library.name : String(library.id),
    operation: library.operation,
    flag: library.flag,
    active: library.status === 'ACTIVE',
    words: tempType === 'SYS_WORDS' ? systemWordList() : parseWords(library.words),
    allowWords: parseWords(settled.allowWords),
    skipNoise,
    traditional: settled.traditional === true,
    staffIds: scopes.staffIds,
    branchIds: scopes.branchIds,
  };
}

function readScopes(
  scopes: CensorLibrary['scopes'],
  path: string,
): { staffIds: Set<string> | null; branchIds: Set<string> | null } {
  if (scopes === null || scopes === undefined) return { staffIds: null, branchIds: null };
  const ids = (list: unknown, where: string): string[] => {
    if (list === undefined || list === null) return [];
    if (!Array.isArray(list)) throw new CensorLibraryError(where, 'must be an array of ids');
    return list.map((id) => String(id));
  };
  if (Array.isArray(scopes)) {
    const all = ids(scopes, path);
    if (all.length === 0) return { staffIds: null, branchIds: null };
    return { staffIds: new Set(all), branchIds: new Set(all) };
  }
  if (typeof scopes !== 'object') throw new CensorLibraryError(path, 'scopes must be an array or an object');
  const object = scopes as { staffIds?: unknown; branchIds?: unknown };
  const staff = ids(object.staffIds, `${path}.staffIds`);
  const branch = ids(object.branchIds, `${path}.branchIds`);
  if (staff.length === 0 && branch.length === 0) return { staffIds: null, branchIds: null };
  return { staffIds: new Set(staff), branchIds: new Set(branch) };
}
