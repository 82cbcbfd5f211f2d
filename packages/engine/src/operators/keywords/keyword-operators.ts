import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { SessionContext } from '../../match/session-context.js';
import type { KeywordOperatorType } from '../../rule/types.js';
import { foldText } from '../../text/fold.js';
import { readWordList } from '../keyword-list.js';
import {
  type CompiledOperator,
  NO_EVIDENCE,
  type OperatorHeader,
  type OperatorOutcome,
  type OperatorSpec,
  outcome,
} from '../types.js';

/** What HIT_ANY, INCLUDE and NCLUDE need: how many distinct keywords, how many occurrences, where. */
interface KeywordNeed {
  /** distinct keywords that must occur (1 for HIT_ANY, all for INCLUDE, N for NCLUDE) */
  readonly distinct: number;
  /** occurrences that must be counted (threshold; at least 1) */
  readonly occurrences: number;
  readonly inSentence: boolean;
}

/** Counted occurrences: `occurrence[f]` (an occurrence of the context) of keyword `keyword[f]`, grouped by keyword. */
interface Found {
  readonly keyword: number[];
  readonly occurrence: number[];
}

function readKeywordOperator(type: KeywordOperatorType): OperatorSpec {
  return {
    compile(param, header, reader, path, environment) {
      const written = readWordList(param.keywords, reader, `${path}.keywords`, 'keywords');
      const caseSensitive = reader.optionalBoolean(param.caseSensitive, `${path}.caseSensitive`, false);
      // Matching is done on a normalised copy: spellings that normalise alike (wifi, WIFI) are one keyword,
      // so that one word in the text is one occurrence (not one per spelling) and one distinct keyword.
      const normalised = written.map((k) => foldText(k, caseSensitive));
      const keywords = written.filter((_, i) => normalised.indexOf(normalised[i]!) === i);
      const ids = keywords.map((k) => environment.keywords.intern(k));
      if (type === 'EXCLUDE_KEYWORDS') {
        return excludeOperator(header, keywords, ids, caseSensitive);
      }
      const inSentence = reader.optionalBoolean(param.inSentence, `${path}.inSentence`, false);
      const threshold = reader.optionalNumber(
        param.threshold,
        `${path}.threshold`,
        0,
        0,
        Number.MAX_SAFE_INTEGER,
        true,
      );
      let distinct = 1;
      if (type === 'INCLUDE_KEYWORDS') distinct = keywords.length;
      if (type === 'NCLUDE_KEYWORDS') {
        const size = reader.optionalNumber(
          param.keywordMatchSize,
          `${path}.keywordMatchSize`,
          0,
          0,
          Number.MAX_SAFE_INTEGER,
          true,
        );
        if (size < 1) {
          throw reader.fail(
            'MATCH_SIZE_MISSING',
            `${path}.keywordMatchSize`,
            '请填写需命中的关键词个数（至少 1 个）',
            'keywordMatchSize (how many distinct keywords must occur) must be at least 1',
          );
        }
        if (size > keywords.length) {
          throw reader.fail(
            'MATCH_SIZE_TOO_LARGE',
            `${path}.keywordMatchSize`,
            `需命中的关键词个数 ${size} 超过了关键词总数 ${keywords.length}`,
            `keywordMatchSize ${size} is more than the ${keywords.length} keywords given`,
          );
        }
        distinct = size;
      }
      const need: KeywordNeed = { distinct, occurrences: Math.max(1, threshold), inSentence };
      const resolved = { keywords, inSentence, threshold, caseSensitive, keywordMatchSize: distinct };
      return countingOperator(header, keywords, ids, caseSensitive, need, resolved);
    },
  };
}

/** Occurrences of the operator's keywords in the selection, confirmed for case-sensitive operators. */
function collect(
  context: SessionContext,
  selection: Selection,
  keywords: readonly string[],
  ids: readonly number[],
  caseSensitive: boolean,
): Found {
  const found: Found = { keyword: [], occurrence: [] };
  const mask = selection.mask;
  const { message, start, end, next } = context;
  for (let k = 0; k < ids.length; k++) {
    let o = context.first(ids[k]!);
    if (o < 0) continue;
    const wanted = caseSensitive ? foldText(keywords[k]!, true) : '';
    let lastMessage = -1;
    let lastEnd = 0;
    for (; o >= 0; o = next[o]!) {
      const m = message[o]!;
      if (mask[m] !== 1) continue;
      if (caseSensitive) {
        // The shared automaton folds case; a case-sensitive keyword confirms each candidate itself.
        const text = context.sentences[m]!.text!;
        if (foldText(text.slice(start[o]!, end[o]!), true) !== wanted) continue;
      }
      // Occurrences of one keyword count without overlap, left to right, among those this keyword accepts
      // (a case-sensitive keyword's first occurrence may overlap a differently-cased one that it refused).
      if (m === lastMessage && start[o]! < lastEnd) continue;
      lastMessage = m;
      lastEnd = end[o]!;
      found.keyword.push(k);
      found.occurrence.push(o);
    }
  }
  return found;
}

/** Whether some occurrence of the keywords lies in the selection (EXCLUDE_KEYWORDS only needs to know that). */
function anyIn(
  context: SessionContext,
  selection: Selection,
  keywords: readonly string[],
  ids: readonly number[],
  caseSensitive: boolean,
): boolean {
  if (caseSensitive) return collect(context, selection, keywords, ids, true).occurrence.length > 0;
  const mask = selection.mask;
  const { message, next } = context;
  for (let k = 0; k < ids.length; k++) {
    for (let o = context.first(ids[k]!); o >= 0; o = next[o]!) if (mask[message[o]!] === 1) return true;
  }
  return false;
}

/** Evidence for the found occurrences at positions `picks` of `found` (all of them when null). */
function toEvidence(
  context: SessionContext,
  header: OperatorHeader,
  keywords: readonly string[],
  found: Found,
  picks: readonly number[] | null = null,
): Evidence[] {
  const count = picks === null ? found.occurrence.length : picks.length;
  const evidence = new Array<Evidence>(count);
  for (let p = 0; p < count; p++) {
    const f = picks === null ? p : picks[p]!;
    const o = found.occurrence[f]!;
    const message = context.message[o]!;
    const start = context.start[o]!;
    const end = context.end[o]!;
    evidence[p] = {
      message,
      start,
      end,
      text: context.sentences[message]!.text!.slice(start, end),
      operator: header.type,
      operatorIndex: header.index,
      keyword: keywords[found.keyword[f]!]!,
    };
  }
  return evidence;
}

/** Whether the found occurrences at positions `picks` (grouped by keyword) meet the need. */
function satisfies(found: Found, picks: readonly number[] | null, need: KeywordNeed): boolean {
  const count = picks === null ? found.occurrence.length : picks.length;
  if (count < need.occurrences) return false;
  if (need.distinct === 1) return count > 0;
  let distinct = 0;
  let last = -1;
  for (let p = 0; p < count; p++) {
    const k = found.keyword[picks === null ? p : picks[p]!]!;
    if (k !== last) {
      distinct++;
      last = k;
    }
  }
  return distinct >= need.distinct;
}

/** With `inSentence`: positions in `found` of the occurrences of the messages that qualify on their own. */
function qualifyingInSentence(context: SessionContext, found: Found, need: KeywordNeed): number[] {
  const byMessage = new Map<number, number[]>();
  for (let f = 0; f < found.occurrence.length; f++) {
    const m = context.message[found.occurrence[f]!]!;
    const list = byMessage.get(m);
    if (list === undefined) byMessage.set(m, [f]);
    else list.push(f);
  }
  const qualifying: number[] = [];
  for (const list of byMessage.values()) if (satisfies(found, list, need)) for (const f of list) qualifying.push(f);
  return qualifying;
}

function countingOperator(
  header: OperatorHeader,
  keywords: readonly string[],
  ids: readonly number[],
  caseSensitive: boolean,
  need: KeywordNeed,
  param: Record<string, unknown>,
): CompiledOperator {
  return {
    ...header,
    forcedRole: null,
    requiredKeywords: ids,
    param,
    evaluate(context, selection): OperatorOutcome {
      if (!context.anyOccurs(ids)) return outcome(header, false, NO_EVIDENCE, NO_EVIDENCE, keywords);
      const found = collect(context, selection, keywords, ids, caseSensitive);
      const seen = new Set(found.keyword);
      const missing = keywords.filter((_, k) => !seen.has(k));
      if (!need.inSentence) {
        const evidence = toEvidence(context, header, keywords, found);
        return outcome(header, satisfies(found, null, need), evidence, evidence, missing);
      }
      // In one sentence: each message must qualify on its own, and only qualifying messages are evidence.
      const qualifying = qualifyingInSentence(context, found, need);
      const evidence = toEvidence(context, header, keywords, found, qualifying);
      const partial = qualifying.length > 0 ? evidence : toEvidence(context, header, keywords, found);
      return outcome(header, qualifying.length > 0, evidence, partial, missing);
    },
    decide(context, selection) {
      if (!context.anyOccurs(ids)) return null;
      const found = collect(context, selection, keywords, ids, caseSensitive);
      if (found.occurrence.length < need.occurrences) return null;
      if (!need.inSentence) return satisfies(found, null, need) ? toEvidence(context, header, keywords, found) : null;
      const qualifying = qualifyingInSentence(context, found, need);
      return qualifying.length > 0 ? toEvidence(context, header, keywords, found, qualifying) : null;
    },
  };
}

function excludeOperator(
  header: OperatorHeader,
  keywords: readonly string[],
  ids: readonly number[],
  caseSensitive: boolean,
): CompiledOperator {
  return {
    ...header,
    forcedRole: null,
    requiredKeywords: null,
    param: { keywords, caseSensitive },
    evaluate(context, selection): OperatorOutcome {
      const found = collect(context, selection, keywords, ids, caseSensitive);
      // The occurrences that spoil it are the "why not"; a hit has no evidence by nature.
      return outcome(header, found.occurrence.length === 0, NO_EVIDENCE, toEvidence(context, header, keywords, found));
    },
    decide(context, selection) {
      if (!context.anyOccurs(ids)) return NO_EVIDENCE;
      return anyIn(context, selection, keywords, ids, caseSensitive) ? null : NO_EVIDENCE;
    },
  };
}

export const hitAnyKeywords = readKeywordOperator('HIT_ANY_KEYWORDS');
export const includeKeywords = readKeywordOperator('INCLUDE_KEYWORDS');
export const ncludeKeywords = readKeywordOperator('NCLUDE_KEYWORDS');
export const excludeKeywords = readKeywordOperator('EXCLUDE_KEYWORDS');
