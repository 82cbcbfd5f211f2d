import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { Occurrence, SessionContext } from '../../match/session-context.js';
import type { KeywordOperatorType } from '../../rule/types.js';
import { foldText } from '../../text/fold.js';
import { readWordList } from '../keyword-list.js';
import {
  type CompiledOperator,
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

interface Found {
  readonly keyword: number;
  readonly occurrence: Occurrence;
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
): Found[] {
  const found: Found[] = [];
  ids.forEach((id, k) => {
    const wanted = caseSensitive ? foldText(keywords[k]!, true) : '';
    let lastMessage = -1;
    let lastEnd = 0;
    for (const occurrence of context.occurrences(id)) {
      if (selection.mask[occurrence.message] !== 1) continue;
      if (caseSensitive) {
        // The shared automaton folds case; a case-sensitive keyword confirms each candidate itself.
        const text = context.sentences[occurrence.message]!.text!;
        if (foldText(text.slice(occurrence.start, occurrence.end), true) !== wanted) continue;
      }
      // Occurrences of one keyword count without overlap, left to right, among those this keyword accepts
      // (a case-sensitive keyword's first occurrence may overlap a differently-cased one that it refused).
      if (occurrence.message === lastMessage && occurrence.start < lastEnd) continue;
      lastMessage = occurrence.message;
      lastEnd = occurrence.end;
      found.push({ keyword: k, occurrence });
    }
  });
  return found;
}

function toEvidence(
  context: SessionContext,
  header: OperatorHeader,
  keywords: readonly string[],
  found: Found[],
): Evidence[] {
  return found.map(({ keyword, occurrence: { message, start, end } }) => ({
    message,
    start,
    end,
    text: context.sentences[message]!.text!.slice(start, end),
    operator: header.type,
    operatorIndex: header.index,
    keyword: keywords[keyword]!,
  }));
}

function satisfies(found: readonly Found[], need: KeywordNeed): boolean {
  if (found.length < need.occurrences) return false;
  if (need.distinct === 1) return found.length > 0;
  return new Set(found.map((f) => f.keyword)).size >= need.distinct;
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
      if (!context.anyOccurs(ids)) return outcome(header, false, [], [], keywords);
      const found = collect(context, selection, keywords, ids, caseSensitive);
      const seen = new Set(found.map((f) => f.keyword));
      const missing = keywords.filter((_, k) => !seen.has(k));
      if (!need.inSentence) {
        const evidence = toEvidence(context, header, keywords, found);
        return outcome(header, satisfies(found, need), evidence, evidence, missing);
      }
      // In one sentence: each message must qualify on its own, and only qualifying messages are evidence.
      const byMessage = new Map<number, Found[]>();
      for (const f of found) {
        const list = byMessage.get(f.occurrence.message);
        if (list === undefined) byMessage.set(f.occurrence.message, [f]);
        else list.push(f);
      }
      const qualifying: Found[] = [];
      for (const list of byMessage.values()) if (satisfies(list, need)) qualifying.push(...list);
      const evidence = toEvidence(context, header, keywords, qualifying);
      const partial = qualifying.length > 0 ? evidence : toEvidence(context, header, keywords, found);
      return outcome(header, qualifying.length > 0, evidence, partial, missing);
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
      const found = context.anyOccurs(ids) ? collect(context, selection, keywords, ids, caseSensitive) : [];
      // The occurrences that spoil it are the "why not"; a hit has no evidence by nature.
      return outcome(header, found.length === 0, [], toEvidence(context, header, keywords, found));
    },
  };
}

export const hitAnyKeywords = readKeywordOperator('HIT_ANY_KEYWORDS');
export const includeKeywords = readKeywordOperator('INCLUDE_KEYWORDS');
export const ncludeKeywords = readKeywordOperator('NCLUDE_KEYWORDS');
export const excludeKeywords = readKeywordOperator('EXCLUDE_KEYWORDS');
