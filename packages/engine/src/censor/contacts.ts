import { foldTable } from '../text/fold.js';
import { type CharFold, charFold, FOLD_NUMBERS } from './fold-profile.js';

/**
 * Contact detectors (README "Contact detectors"): what a desk must catch when someone moves a customer off the
 * platform. Each is a category a library picks like a SYS_WORDS category; a match names the category as its word.
 */
export const CONTACT_CATEGORIES = [
  'contact-phone',
  'contact-qq',
  'contact-wechat',
  'contact-email',
  'contact-url',
  'contact-ip',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export interface ContactHit {
  readonly category: ContactCategory;
  /** span in the original text: the cue word (QQ, WeChat) or the first character, to after the last */
  readonly start: number;
  readonly end: number;
  /** what was found, normalised: the digits of a number, an id, address or host in lower case */
  readonly value: string;
}

/** Between two digit groups of one number: white space and dashes, brackets around an area code; one or two. */
const SEPARATORS = new Set([...' \t\u3000\u00a0-－‐‑‒–—―_()（）'].map((c) => c.charCodeAt(0)));
/**
 * Between a cue word and the id, up to MAX_FILLER of: white space, the marks that introduce an id (`:` `=` `-`
 * brackets, quotes), and these words' characters. Not list separators (`、` `,` `。` `…`): `微博、微信、10010` lists
 * channels, it gives no id.
 */
const FILLER = new Set(
  [...' \t\u3000\u00a0:：=＝-－~～#＃"“”\'‘’(（[【「《号码是为加搜索我的吧呢哦账帐户'].map((c) => c.charCodeAt(0)),
);
const MAX_FILLER = 8;
/** Cue words, folded (lower case), longest first within a first character. */
const QQ_CUES = ['qq', '扣扣', '抠抠', '蔻蔻', '企鹅', 'q号'];
const WECHAT_CUES = ['weixin', 'wechat', '微信', '威信', '薇信', '徽信', '维信', '微x', 'v信', 'vx', 'wx'];
/** Top-level domains a host without `http://` or `www.` must end with (a dotted word is not a host otherwise). */
const TLDS = new Set(
  (
    'com net org cn cc co io me tv info biz top xyz vip shop site online club app link ltd wang ink pub fun icu ' +
    'asia store tech live xin love art red kim work run hk tw mo jp kr sg us uk de fr ru in'
  ).split(' '),
);

/** A run of adjacent digit characters (any style: `138`, `一三八`, `①③⑧`), with the digits it reads. */
interface Group {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
}

/**
 * Every contact of the wanted categories in `text`, in order of start. Linear in the text: each step reads a
 * bounded stretch, or jumps past what it read (no regular expression that could backtrack).
 */
export function detectContacts(text: string, wanted: ReadonlySet<ContactCategory>): ContactHit[] {
  const hits: ContactHit[] = [];
  const needDigits = wanted.has('contact-phone') || wanted.has('contact-qq') || wanted.has('contact-wechat');
  const groups = needDigits ? digitGroups(text, charFold(FOLD_NUMBERS)) : [];
  if (wanted.has('contact-phone')) phones(text, groups, hits);
  if (wanted.has('contact-qq')) cued(text, groups, QQ_CUES, 'contact-qq', hits);
  if (wanted.has('contact-wechat')) cued(text, groups, WECHAT_CUES, 'contact-wechat', hits);
  if (wanted.has('contact-email')) emails(text, hits);
  if (wanted.has('contact-url')) urls(text, hits);
  if (wanted.has('contact-ip')) ips(text, hits);
  hits.sort((a, b) => a.start - b.start || a.end - b.end);
  return hits;
}

/** The digits a special character (⑩, an astral 𝟑) reads as, or ''. */
function specialDigits(text: string, i: number, fold: CharFold): string {
  const c = text.charCodeAt(i);
  const s = fold.special.get(fold.kind[c] === 2 ? text.codePointAt(i)! : c);
  if (s === undefined || s === '') return '';
  for (let k = 0; k < s.length; k++) {
    const d = s.charCodeAt(k);
    if (d < 0x30 || d > 0x39) return '';
  }
  return s;
}

function digitGroups(text: string, fold: CharFold): Group[] {
  const { unit, kind } = fold;
  const groups: Group[] = [];
  const n = text.length;
  for (let i = 0; i < n; ) {
    // skip to the next digit (the common case: a unit that folds to none)
    let c = text.charCodeAt(i);
    let u = unit[c]!;
    if (kind[c] === 0 && (u < 0x30 || u > 0x39)) {
      i++;
      continue;
    }
    const start = i;
    let digits = '';
    while (i < n) {
      c = text.charCodeAt(i);
      u = unit[c]!;
      if (kind[c] === 0) {
        if (u < 0x30 || u > 0x39) break;
        digits += String.fromCharCode(u);
        i++;
        continue;
      }
      const s = specialDigits(text, i, fold);
      const width = kind[c] === 2 && text.codePointAt(i)! >= 0x10000 ? 2 : 1;
      if (s === '') break;
      digits += s;
      i += width;
    }
    if (i === start) {
      i += kind[c] === 2 && text.codePointAt(i)! >= 0x10000 ? 2 : 1;
      continue;
    }
    groups.push({ start, end: i, digits });
  }
  return groups;
}

/** Whether groups a and b belong to one number: one or two separators between them. */
function joined(text: string, a: Group, b: Group): boolean {
  const gap = b.start - a.end;
  if (gap < 1 || gap > 2) return false;
  for (let i = a.end; i < b.start; i++) if (!SEPARATORS.has(text.charCodeAt(i))) return false;
  return true;
}

/** Mobile (1[3-9] + 9 digits, optionally after 86), landline with area code, 400/800 service numbers. */
function phones(text: string, groups: readonly Group[], hits: ContactHit[]): void {
  for (let i = 0; i < groups.length; ) {
    let digits = '';
    let best = -1;
    let bestDigits = '';
    for (let j = i; j < groups.length; j++) {
      if (j > i && !joined(text, groups[j - 1]!, groups[j]!)) break;
      digits += groups[j]!.digits;
      if (digits.length > 13) break;
      if (isPhone(digits, groups[i]!.digits.length, j === i)) {
        best = j;
        bestDigits = digits;
      }
    }
    if (best < 0) {
      i++;
      continue;
    }
    let start = groups[i]!.start;
    if (start > 0 && (text[start - 1] === '+' || text[start - 1] === '＋')) start--;
    hits.push({ category: 'contact-phone', start, end: groups[best]!.end, value: bestDigits });
    i = best + 1;
  }
}

/** 1[3-9] and nine more digits, from `at` to the end. */
function isMobile(digits: string, at: number): boolean {
  return digits.length - at === 11 && digits.charCodeAt(at) === 0x31 && digits.charCodeAt(at + 1) >= 0x33;
}

function isPhone(digits: string, firstGroup: number, oneGroup: boolean): boolean {
  if (isMobile(digits, 0)) return true;
  if (digits.length === 13 && digits.startsWith('86') && isMobile(digits, 2)) return true;
  if (digits.length === 10 && (digits.startsWith('400') || digits.startsWith('800'))) return true;
  if (digits[0] !== '0' || digits.length < 10 || digits.length > 12) return false;
  // area code: 010 and 02x are three digits, 03xx–09xx four; then 7–8 digits, the first not 0
  const area = digits[1] === '1' || digits[1] === '2' ? 3 : digits[1]! >= '3' ? 4 : 0;
  if (area === 0 || (digits[1] === '1' && digits[2] !== '0')) return false;
  if (!oneGroup && firstGroup !== area) return false;
  const local = digits.length - area;
  return local >= 7 && local <= 8 && digits[area] !== '0';
}

/** A cue word (QQ, WeChat), filler, then the id: digits (any style, spaced) or, for WeChat, a letter-led id. */
function cued(
  text: string,
  groups: readonly Group[],
  cues: readonly string[],
  category: ContactCategory,
  hits: ContactHit[],
): void {
  const fold = foldTable(false);
  const firsts = cueFirsts(cues);
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (firsts[text.charCodeAt(i)] === 0) continue;
    let cue: string | undefined;
    for (const c of cues)
      if (matchesAt(text, i, c, fold)) {
        cue = c;
        break;
      }
    if (cue === undefined) continue;
    const letterCue = isLetter(cue.charCodeAt(0));
    if (letterCue && i > 0 && isLetter(fold[text.charCodeAt(i - 1)]!)) continue;
    const cueEnd = i + cue.length;
    let s = cueEnd;
    while (s < n && s - cueEnd < MAX_FILLER) {
      if (FILLER.has(text.charCodeAt(s))) s++;
      else break;
    }
    if (s >= n) break;
    const g = groupAt(groups, s);
    if (g >= 0) {
      // the digits of the id: joined groups, 5 to 11 of them, the first not 0, and no more digits right after
      let digits = '';
      let last = g;
      for (let j = g; j < groups.length && digits.length <= 11; j++) {
        if (j > g && !joined(text, groups[j - 1]!, groups[j]!)) break;
        digits += groups[j]!.digits;
        last = j;
      }
      const least = category === 'contact-wechat' ? 6 : 5;
      if (digits.length >= least && digits.length <= 11 && digits[0] !== '0')
        hits.push({ category, start: i, end: groups[last]!.end, value: digits });
      continue;
    }
    if (category !== 'contact-wechat') continue;
    const c = fold[text.charCodeAt(s)]!;
    if (!isLetter(c) || (letterCue && s === cueEnd)) continue;
    // a WeChat id: a letter, then letters, digits, `_` or `-`, 6 to 20 in all
    let e = s;
    while (e < n && e - s <= 20 && isIdChar(fold[text.charCodeAt(e)]!)) e++;
    const length = e - s;
    if (length >= 6 && length <= 20) hits.push({ category, start: i, end: e, value: foldSlice(text, s, e, fold) });
  }
}

const firstTables = new Map<readonly string[], Uint8Array>();

/** Per code unit: 1 when some spelling of it (width, case) begins a cue word. */
function cueFirsts(cues: readonly string[]): Uint8Array {
  let table = firstTables.get(cues);
  if (table === undefined) {
    const fold = foldTable(false);
    const firsts = new Set(cues.map((cue) => cue.charCodeAt(0)));
    table = new Uint8Array(0x10000);
    for (let c = 0; c < 0x10000; c++) if (firsts.has(fold[c]!)) table[c] = 1;
    firstTables.set(cues, table);
  }
  return table;
}

/** Index of the digit group starting exactly at `at`, or -1 (groups are in order: binary search). */
function groupAt(groups: readonly Group[], at: number): number {
  let low = 0;
  let high = groups.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const start = groups[mid]!.start;
    if (start === at) return mid;
    if (start < at) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

function matchesAt(text: string, i: number, word: string, fold: Uint16Array): boolean {
  if (i + word.length > text.length) return false;
  for (let k = 0; k < word.length; k++) if (fold[text.charCodeAt(i + k)] !== word.charCodeAt(k)) return false;
  return true;
}

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isIdChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 0x5f || c === 0x2d;
}

let hosts: Uint8Array | undefined;

/** Per code unit: 1 when it folds (width, case) to a host name character. */
function hostTable(): Uint8Array {
  if (hosts) return hosts;
  const fold = foldTable(false);
  hosts = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) if (isHostChar(fold[c]!)) hosts[c] = 1;
  return hosts;
}

function isIpChar(c: number): boolean {
  return isDigit(c) || c === 0x2e;
}

/** Dotted numbers that are a version: `版` right after, or `版本` / `version` shortly before (`版本号:2.4.2.132`). */
function isVersion(text: string, start: number, end: number): boolean {
  if (text[end] === '版') return true;
  const before = text.slice(Math.max(0, start - 6), start).toLowerCase();
  return before.includes('版本') || before.includes('version');
}

/** A letter, `-` or `_` beside dotted numbers makes them part of a token (`v1.2.3.4`), not an address. */
function isGlued(c: number): boolean {
  return isLetter(c) || c === 0x2d || c === 0x5f;
}

function isHostChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 0x2d || c === 0x2e;
}

function isLocalChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 0x2e || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
}

/** Characters of a URL after its host (RFC 3986's unreserved, reserved and `%`), ASCII only. */
function isUrlChar(c: number): boolean {
  return c > 0x20 && c < 0x7f && c !== 0x22 && c !== 0x3c && c !== 0x3e && c !== 0x5c && c !== 0x5e && c !== 0x60;
}

function foldSlice(text: string, from: number, to: number, fold: Uint16Array): string {
  let out = '';
  for (let i = from; i < to; i++) out += String.fromCharCode(fold[text.charCodeAt(i)]!);
  return out.toLowerCase();
}

/**
 * The end of a host name starting at `from` (letters, digits, `-`, dots; at least two labels, the last one only
 * letters, two or more), or -1. `bare`: the last label must be a known top-level domain.
 */
function hostEnd(text: string, from: number, fold: Uint16Array, bare: boolean): number {
  let e = from;
  let dots = 0;
  for (; e < text.length; e++) {
    const c = fold[text.charCodeAt(e)]!;
    if (!isHostChar(c)) break;
    if (c === 0x2e) dots++;
  }
  if (dots === 0) return -1;
  while (e > from && (fold[text.charCodeAt(e - 1)] === 0x2e || fold[text.charCodeAt(e - 1)] === 0x2d)) e--;
  const host = foldSlice(text, from, e, fold);
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return -1;
  const tld = labels[labels.length - 1]!;
  if (tld.length < 2 || ![...tld].every((c) => isLetter(c.charCodeAt(0)))) return -1;
  if (bare && !TLDS.has(tld)) return -1;
  return e;
}

function emails(text: string, hits: ContactHit[]): void {
  const fold = foldTable(false);
  for (let i = 0; i < text.length; i++) {
    if (fold[text.charCodeAt(i)] !== 0x40) continue;
    let s = i;
    while (s > 0 && isLocalChar(fold[text.charCodeAt(s - 1)]!)) s--;
    while (s < i && fold[text.charCodeAt(s)] === 0x2e) s++;
    if (s === i) continue;
    const e = hostEnd(text, i + 1, fold, false);
    if (e < 0) continue;
    hits.push({ category: 'contact-email', start: s, end: e, value: foldSlice(text, s, e, fold) });
    i = e - 1;
  }
}

/** `http://` / `https://` / `www.` addresses, and bare host names ending with a known top-level domain. */
function urls(text: string, hits: ContactHit[]): void {
  const fold = foldTable(false);
  const host = hostTable();
  const n = text.length;
  for (let i = 0; i < n; ) {
    if (host[text.charCodeAt(i)] === 0) {
      i++;
      continue;
    }
    const c = fold[text.charCodeAt(i)]!;
    const before = i > 0 ? fold[text.charCodeAt(i - 1)]! : 0;
    if (!isHostChar(c) || (i > 0 && (isHostChar(before) || before === 0x40))) {
      // inside a word, or the host of an e-mail address: skip to the end of the run
      if (isHostChar(c)) while (i < n && isHostChar(fold[text.charCodeAt(i)]!)) i++;
      else i++;
      continue;
    }
    let hostFrom = i;
    const scheme = matchesAt(text, i, 'https://', fold) ? 8 : matchesAt(text, i, 'http://', fold) ? 7 : 0;
    if (scheme > 0) hostFrom = i + scheme;
    const www = matchesAt(text, hostFrom, 'www.', fold);
    let e = hostEnd(text, hostFrom, fold, scheme === 0 && !www);
    if (e < 0 || (e < n && fold[text.charCodeAt(e)] === 0x40)) {
      i = Math.max(i + 1, scheme > 0 ? hostFrom : i);
      while (i < n && isHostChar(fold[text.charCodeAt(i)]!)) i++;
      continue;
    }
    // port, path, query: URL characters, without trailing punctuation
    if (e < n && (text[e] === '/' || text[e] === ':' || text[e] === '?' || text[e] === '#')) {
      while (e < n && isUrlChar(text.charCodeAt(e))) e++;
      while (e > hostFrom && ".,;:!?)]}'".includes(text[e - 1]!)) e--;
    }
    hits.push({ category: 'contact-url', start: i, end: e, value: foldSlice(text, i, e, fold) });
    i = e;
  }
}

/** Four dotted numbers 0–255, not part of a longer dotted or lettered token (`v1.2.3.4` is a version). */
function ips(text: string, hits: ContactHit[]): void {
  const fold = foldTable(false);
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = fold[text.charCodeAt(i)]!;
    if (!isDigit(c)) {
      i++;
      continue;
    }
    let e = i;
    let dots = 0;
    for (; e < n; e++) {
      const d = fold[text.charCodeAt(e)]!;
      if (!isIpChar(d)) break;
      if (d === 0x2e) dots++;
    }
    const next = e;
    if (dots < 3) {
      i = next;
      continue;
    }
    if (e > i && fold[text.charCodeAt(e - 1)] === 0x2e) e--;
    const before = i > 0 ? fold[text.charCodeAt(i - 1)]! : 0;
    const after = e < n ? fold[text.charCodeAt(e)]! : 0;
    const parts = foldSlice(text, i, e, fold).split('.');
    if (
      !isGlued(before) &&
      before !== 0x2e &&
      !isGlued(after) &&
      !isVersion(text, i, e) &&
      parts.length === 4 &&
      parts.every((p) => p.length >= 1 && p.length <= 3 && Number(p) <= 255)
    )
      hits.push({ category: 'contact-ip', start: i, end: e, value: parts.join('.') });
    i = next;
  }
}
