/**
 * The engine compiler's problems in the rule editor's own words (issue 15, defect 7): where the problem is, named as
 * the form names it ("条件 g · 正则表达式"), and what is wrong, with no error code and no JSON path. The engine's
 * worded messages are kept where they already speak the user's language; the ones built around a JSON path or an
 * internal value are replaced by dictionary messages.
 */
import { DICTIONARIES, format, type Locale, type MessageKey } from '../i18n/dictionary';
import type { RuleDraft } from './draft';

export interface Words {
  zh: string;
  en: string;
}

type Params = Record<string, string | number>;

function words(key: MessageKey, params?: (locale: Locale) => Params): Words {
  return {
    zh: format(DICTIONARIES.zh[key], params?.('zh')),
    en: format(DICTIONARIES.en[key], params?.('en')),
  };
}

/** The label of a parameter input, by the parameter's name (and the operator's type where one name has two labels). */
function paramLabel(name: string, operatorType: string | undefined): MessageKey | null {
  switch (name) {
    case 'keywords':
      return 'param.keywords';
    case 'phrases':
      return 'param.phrases';
    case 'threshold':
      return 'param.threshold';
    case 'keywordMatchSize':
      return 'param.keywordMatchSize';
    case 'similarity':
      return operatorType === 'ADVANCED_REPEAT_DETECT' ? 'param.repeatSimilarity' : 'param.similarity';
    case 'regex':
      return 'param.regex';
    case 'notRegex':
      return 'param.notRegex';
    case 'caseSensitive':
      return 'param.caseSensitive';
    case 'inSentence':
      return 'param.inSentence';
    case 'window':
      return 'param.window';
    case 'hitTime':
      return 'param.hitTime';
    case 'minWordSize':
      return 'param.minWordSize';
    case 'exceptions':
      return 'param.exceptions';
    case 'types':
      return 'param.types';
    default:
      return null;
  }
}

const CHECK_RANGE_LABELS: Record<string, MessageKey> = {
  role: 'cond.role',
  'range.from': 'cond.rangeFrom',
  'range.to': 'cond.rangeTo',
  range: 'cond.checkRange',
  'anchor.cid': 'cond.anchor',
  'anchor.location': 'cond.anchorLocation',
  'anchor.hitTime': 'cond.hitTime',
  'anchor.inputHitTime': 'cond.hitTime',
};

/** Where a builder field is, as the form names it: each part in both languages, outermost first. */
export function placeOf(field: string, draft: RuleDraft): { parts: Words[]; label: Words | null } {
  const parts: Words[] = [];
  let label: MessageKey | null = null;
  const condition = /^conditions\.(\d+)(?:\.(.*))?$/.exec(field);
  if (condition) {
    const index = Number(condition[1]);
    const item = draft.conditions[index];
    parts.push(words('rule.problemCondition', () => ({ cid: item?.cid ?? String(index + 1) })));
    const rest = condition[2] ?? '';
    const operator = /^operators\.(\d+)(?:\.(name|param\.(\w+)))?/.exec(rest);
    if (operator) {
      const k = Number(operator[1]);
      if ((item?.operators.length ?? 0) > 1) parts.push(words('cond.operatorN', () => ({ n: k + 1 })));
      if (operator[2] === 'name') label = 'param.name';
      else if (operator[3]) label = paramLabel(operator[3], item?.operators[k]?.type);
    } else if (rest.startsWith('checkRange')) {
      const key = rest.replace(/^checkRange\.?/, '');
      label = CHECK_RANGE_LABELS[key] ?? 'cond.checkRange';
    }
  } else if (field === 'conditions') label = 'cond.title';
  else if (field === 'lambda') label = 'cond.lambda';
  else if (field === 'name') label = 'rule.name';
  else if (field === 'ruleScore.scoreNum') label = 'rule.scoreNum';
  else if (field === 'ruleScore.ruleScoreType') label = 'rule.scoreType';
  else if (field.startsWith('ruleScore')) label = 'rule.scoring';
  const labelWords = label ? words(label) : null;
  if (labelWords) parts.push(labelWords);
  return { parts, label: labelWords };
}

/** "条件 g · 正则表达式" */
export function joinPlace(parts: readonly Words[]): Words {
  return { zh: parts.map((p) => p.zh).join(' · '), en: parts.map((p) => p.en).join(' · ') };
}

interface EngineProblem {
  code: string;
  path: string;
  zh: string;
  en: string;
  position?: number;
}

/** The range an OUT_OF_RANGE message states after the path (`≥ 0` or `0–100`). */
function rangeOf(problem: EngineProblem): { min: string; max: string | null } | null {
  const match = /must be (?:≥ (\S+)|(\S+)–(\S+))$/.exec(problem.en);
  if (!match) return null;
  if (match[1] !== undefined) return { min: match[1], max: null };
  // the engine bounds counters by the largest safe integer, which is "no upper bound" to a person
  return Number(match[3]) >= Number.MAX_SAFE_INTEGER
    ? { min: match[2]!, max: null }
    : { min: match[2]!, max: match[3]! };
}

/**
 * What is wrong, in both languages, naming the field by its label (`field`) where the engine named it by its path.
 * Anything still carrying the path has the path replaced by the label.
 */
export function problemWords(problem: EngineProblem, field: Words | null): Words {
  const worded = wordsOf(problem, field);
  return { zh: worded.zh, en: capitalised(worded.en) };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function wordsOf(problem: EngineProblem, field: Words | null): Words {
  const fieldParams = (locale: Locale): Params => ({
    field: field ? field[locale] : locale === 'zh' ? '该项' : 'This value',
  });
  switch (problem.code) {
    case 'NOT_NUMBER':
      return words(problem.en.endsWith('an integer') ? 'problem.notInteger' : 'problem.notNumber', fieldParams);
    case 'OUT_OF_RANGE': {
      const range = rangeOf(problem);
      if (!range) return words('problem.badForm', fieldParams);
      return range.max === null
        ? words('problem.atLeast', (l) => ({ ...fieldParams(l), min: range.min }))
        : words('problem.between', (l) => ({ ...fieldParams(l), min: range.min, max: range.max! }));
    }
    case 'NOT_OBJECT':
    case 'NOT_ARRAY':
    case 'NOT_STRING':
    case 'NOT_BOOLEAN':
    case 'BAD_ID':
    case 'MODEL_TYPE_UNKNOWN':
      return words('problem.badForm', fieldParams);
    case 'CONFIG_JSON':
      return words('problem.configJson');
    case 'RANGE_SELECT':
      return words('problem.rangeSelect');
    case 'OPERATOR_TYPE':
      return words('problem.operatorType');
    case 'ROLE':
      return words('problem.role');
    case 'ANCHOR_LOCATION':
      return words('problem.anchorLocation');
    case 'SCORE_TYPE':
      return words('problem.scoreType');
    case 'ANCHOR_EXCLUDE': {
      const cid = /“(\w+)”/.exec(problem.zh)?.[1] ?? '';
      return words('problem.anchorExclude', () => ({ cid }));
    }
    case 'REGEX_INVALID':
      return regexWords(problem);
    default:
      return withoutPath(problem, field);
  }
}

/** The regex parser explains itself in English; the Chinese interface says where instead. */
function regexWords(problem: EngineProblem): Words {
  if (problem.en === 'the regular expression is empty') return { zh: problem.zh, en: problem.en };
  const part = /"(.*)"（位置 \d+）/.exec(problem.zh)?.[1];
  const zh =
    part !== undefined && problem.position !== undefined
      ? format(DICTIONARIES.zh['problem.regexInvalid'], { n: problem.position + 1, part })
      : DICTIONARIES.zh['problem.regexInvalidPlain'];
  return { zh, en: problem.en };
}

function withoutPath(problem: EngineProblem, field: Words | null): Words {
  const strip = (text: string, locale: Locale) =>
    problem.path === '' || !text.includes(problem.path)
      ? text
      : text.split(problem.path).join(field ? field[locale] : locale === 'zh' ? '该项' : 'this value');
  return { zh: strip(problem.zh, 'zh'), en: strip(problem.en, 'en') };
}
