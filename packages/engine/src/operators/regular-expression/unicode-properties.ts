/**
 * XRegExp Unicode tokens (`\p{Han}`, `\p{Letter}`, `\pL`, `\p{Script=Han}`, `\p{White_Space}`…):
 * name resolution exactly as XRegExp does it (case, spaces, hyphens and underscores ignored),
 * the code points of each token (from XRegExp's own data, so the analysis sees what XRegExp
 * would match), and the RE2 spelling.
 */
import XRegExp from 'xregexp';
import { type CharSet, complement, setFromRanges } from './char-set.js';

export type PropertyKind = 'category' | 'script' | 'binary';

export interface UnicodeProperty {
  readonly kind: PropertyKind;
  /** canonical name: short category (`L`), script (`Han`) or binary property (`White_Space`) */
  readonly name: string;
}

interface XRegExpUnicodeItem {
  name: string;
  alias?: string;
  bmp?: string;
  astral?: string;
  inverseOf?: string;
}

const CATEGORIES = new Set(
  'C Cc Cf Cn Co Cs L LC Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(
    ' ',
  ),
);
const BINARY_PROPERTIES = new Set([
  'ASCII',
  'Alphabetic',
  'Any',
  'Assigned',
  'Default_Ignorable_Code_Point',
  'Lowercase',
  'Noncharacter_Code_Point',
  'Uppercase',
  'White_Space',
]);
/** `\p{Script=Han}` (XRegExp) and `\p{sc=Han}` (ECMAScript short form) */
const SCRIPT_PREFIXES = new Set(['Script', 'sc']);
const CATEGORY_PREFIXES = new Set(['General_Category', 'gc']);

// Not in XRegExp's published types; it returns the addon's data record for a token name.
const getItem = (XRegExp as unknown as { _getUnicodeProperty(name: string): unknown })._getUnicodeProperty;

function lookUp(name: string): XRegExpUnicodeItem | null {
  const item = getItem(name);
  // the addon's table is a plain object: reject inherited members such as `constructor`
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Partial<XRegExpUnicodeItem>;
  return typeof record.name === 'string' ? (record as XRegExpUnicodeItem) : null;
}

function kindOf(name: string): PropertyKind {
  if (CATEGORIES.has(name)) return 'category';
  if (BINARY_PROPERTIES.has(name)) return 'binary';
  return 'script';
}

/**
 * Resolves a token name as XRegExp does; `prefix` is the part before `=`, if any.
 * Returns null for an unknown name or a prefix that does not fit the name.
 */
export function resolveProperty(name: string, prefix: string | undefined): UnicodeProperty | null {
  const item = lookUp(name);
  if (item === null) return null;
  const property: UnicodeProperty = { kind: kindOf(item.name), name: item.name };
  if (prefix === undefined) return property;
  if (SCRIPT_PREFIXES.has(prefix)) return property.kind === 'script' ? property : null;
  if (CATEGORY_PREFIXES.has(prefix)) return property.kind === 'category' ? property : null;
  return null;
}

// ---------------------------------------------------------------------------
// Code points, parsed from XRegExp's data strings: the BMP part is a character-class
// body (`A-Za-z\xAA…`), the astral part an alternation of surrogate pairs
// (`\ud81b[\udfe2\udfe3]|[\ud840-\ud868][\udc00-\udfff]|…`).

const CLASS_ITEM = /(\\x..|\\u....|\\?[\s\S])(?:-(\\x..|\\u....|\\?[\s\S]))?/gy;

function itemCode(token: string): number {
  const hex = /^\\[xu](.+)/.exec(token);
  if (hex?.[1] !== undefined) return Number.parseInt(hex[1], 16);
  return token.charCodeAt(token[0] === '\\' ? 1 : 0);
}

function classBodyRanges(body: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  CLASS_ITEM.lastIndex = 0;
  for (let m = CLASS_ITEM.exec(body); m !== null && m[0] !== ''; m = CLASS_ITEM.exec(body)) {
    const lo = itemCode(m[1] ?? '');
    ranges.push([lo, m[2] === undefined ? lo : itemCode(m[2])]);
  }
  return ranges;
}

/** One surrogate half: a single code unit or a bracketed class; returns ranges and the rest. */
function surrogateUnits(text: string): { units: Array<[number, number]>; rest: string } {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    return { units: classBodyRanges(text.slice(1, close)), rest: text.slice(close + 1) };
  }
  const code = text.charCodeAt(0);
  return { units: [[code, code]], rest: text.slice(1) };
}

function astralRanges(astral: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const alternative of astral.split('|')) {
    const high = surrogateUnits(alternative);
    const low = surrogateUnits(high.rest);
    for (const [hLo, hHi] of high.units) {
      for (let h = hLo; h <= hHi; h++) {
        const base = 0x10000 + (h - 0xd800) * 0x400 - 0xdc00;
        for (const [lLo, lHi] of low.units) ranges.push([base + lLo, base + lHi]);
      }
    }
  }
  return ranges;
}

const rangeCache = new Map<string, CharSet>();

/** Every code point the (non-negated) token matches in XRegExp's astral mode. */
export function propertyCodePoints(property: UnicodeProperty): CharSet {
  const cached = rangeCache.get(property.name);
  if (cached !== undefined) return cached;
  const item = lookUp(property.name);
  let set: CharSet = [];
  if (item?.inverseOf !== undefined) {
    const inverse = resolveProperty(item.inverseOf, undefined);
    set = inverse === null ? [] : complement(propertyCodePoints(inverse));
  } else if (item !== null) {
    set = setFromRanges([...classBodyRanges(item.bmp ?? ''), ...astralRanges(item.astral ?? '')]);
  }
  rangeCache.set(property.name, set);
  return set;
}

/**
 * The RE2 spelling of the token, when RE2 knows it (all categories and scripts, and `Any`);
 * null for binary properties RE2 lacks, which the translation writes as explicit ranges.
 */
export function re2PropertyName(property: UnicodeProperty): string | null {
  if (property.kind !== 'binary') return property.name;
  return property.name === 'Any' ? 'Any' : null;
}
