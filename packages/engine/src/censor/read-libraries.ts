import { foldText } from '../text/fold.js';
import { CensorLibraryError } from './censor-library-error.js';
import { CONTACT_CATEGORIES, type ContactCategory } from './contacts.js';
import { FOLD_LETTERS, FOLD_NUMBERS, FOLD_REPEATS, FOLD_TRADITIONAL } from './fold-profile.js';
import { type PinyinProvider, registeredPinyin } from './pinyin.js';
import { SYSTEM_WORDS, type SystemWordCategory, systemWordList } from './system-words.js';
import type {
  CensorCategory,
  CensorFlag,
  CensorLibrary,
  CensorLibraryOptions,
  CensorOperation,
  CensorOptions,
} from './types.js';
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
  /** the library's folds beyond width and case (`FOLD_*` bits): libraries with the same bits share views */
  readonly bits: number;
  readonly classBoundaries: boolean;
  /** the pinyin provider when the library asks for pinyin, else null */
  readonly pinyin: PinyinProvider | null;
  /** the contact detectors the library picked, or null */
  readonly contacts: ReadonlySet<ContactCategory> | null;
  /** the FUZZY mask character, and replacements by width- and case-folded word (null: none) */
  readonly mask: string;
  readonly replacements: ReadonlyMap<string, string> | null;
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
  const categories = readCategories(settled.categories, `${path}.categories`);
  const wordCategories = categories?.filter((c): c is SystemWordCategory => c in SYSTEM_WORDS) ?? null;
  const contacts = categories?.filter((c): c is ContactCategory => !(c in SYSTEM_WORDS)) ?? [];
  const systemWords = (chosen: readonly SystemWordCategory[]) => [...new Set(chosen.flatMap((c) => SYSTEM_WORDS[c]))];
  const words =
    tempType === 'SYS_WORDS'
      ? wordCategories === null
        ? systemWordList()
        : systemWords(wordCategories)
      : wordCategories === null || wordCategories.length === 0
        ? parseWords(library.words)
        : [...new Set([...parseWords(library.words), ...systemWords(wordCategories)])];
  const traditional = settled.traditional === true;
  const wantsPinyin = settled.pinyin === true;
  const pinyin = wantsPinyin ? (options.pinyin ?? registeredPinyin()) : null;
  if (wantsPinyin && pinyin === null)
    throw new CensorLibraryError(
      `${path}.pinyin`,
      'pinyin needs a pinyin provider: call loadPinyin() once before compiling, or pass CensorOptions.pinyin',
    );
  const mask = settled.mask ?? '*';
  if (typeof mask !== 'string' || mask.length !== 1 || (mask >= '\ud800' && mask <= '\udfff'))
    throw new CensorLibraryError(`${path}.mask`, 'mask must be one character (one UTF-16 code unit)');
  return {
    id: library.id,
    name: typeof library.name === 'string' ? library.name : String(library.id),
    operation: library.operation,
    flag: library.flag,
    active: library.status === 'ACTIVE',
    words,
    allowWords: parseWords(settled.allowWords),
    skipNoise,
    traditional,
    bits:
      (traditional ? FOLD_TRADITIONAL : 0) |
      (settled.numberStyles === true ? FOLD_NUMBERS : 0) |
      (settled.letterStyles === true ? FOLD_LETTERS : 0) |
      (settled.repeats === true ? FOLD_REPEATS : 0),
    classBoundaries: settled.classBoundaries !== false,
    pinyin,
    contacts: contacts.length > 0 ? new Set(contacts) : null,
    mask,
    replacements: readReplacements(settled.replacements, `${path}.replacements`),
    staffIds: scopes.staffIds,
    branchIds: scopes.branchIds,
  };
}

const CATEGORIES: readonly string[] = [...Object.keys(SYSTEM_WORDS), ...CONTACT_CATEGORIES];

function readCategories(categories: unknown, path: string): CensorCategory[] | null {
  if (categories === undefined || categories === null) return null;
  if (!Array.isArray(categories)) throw new CensorLibraryError(path, 'categories must be an array');
  categories.forEach((category, k) => {
    if (typeof category !== 'string' || !CATEGORIES.includes(category))
      throw new CensorLibraryError(`${path}[${k}]`, `unknown category; one of ${CATEGORIES.join(', ')}`);
  });
  return categories as CensorCategory[];
}

function readReplacements(replacements: unknown, path: string): Map<string, string> | null {
  if (replacements === undefined || replacements === null) return null;
  if (typeof replacements !== 'object' || Array.isArray(replacements))
    throw new CensorLibraryError(path, 'replacements must be an object of word → replacement');
  const map = new Map<string, string>();
  for (const [word, replacement] of Object.entries(replacements)) {
    if (typeof replacement !== 'string')
      throw new CensorLibraryError(`${path}.${word}`, 'a replacement must be a string');
    map.set(foldText(word.trim()), replacement);
  }
  return map.size > 0 ? map : null;
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
