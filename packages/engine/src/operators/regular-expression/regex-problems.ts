/** The problems `compileSafeRegex` reports, with their Chinese and English wording. */
import type { RegexProblem } from './safe-regex.js';

function quoted(part: string): string {
  return part === '' ? '' : ` "${part}"`;
}

export function emptyPattern(): RegexProblem {
  return { code: 'REGEX_INVALID', part: '', index: 0, zh: '正则表达式不能为空', en: 'the regular expression is empty' };
}

/** A syntax error; `detail` is the parser's (English) explanation. */
export function invalidSyntax(part: string, index: number, detail: string): RegexProblem {
  const where = part === '' ? '' : `${quoted(part)}（位置 ${index}）`;
  return {
    code: 'REGEX_INVALID',
    part,
    index,
    zh: `正则表达式语法错误${where}：${detail}`,
    en: `the regular expression is invalid${part === '' ? '' : ` at${quoted(part)} (index ${index})`}: ${detail}`,
  };
}

export function unknownProperty(part: string, index: number): RegexProblem {
  return {
    code: 'REGEX_INVALID',
    part,
    index,
    zh: `正则表达式语法错误：未知的 Unicode 属性${quoted(part)}`,
    en: `the regular expression is invalid: unknown Unicode property${quoted(part)}`,
  };
}

export type CatastrophicKind = 'nested-quantifier' | 'overlapping-alternatives' | 'ambiguous-repetition';

const CATASTROPHIC_WORDING: Record<CatastrophicKind, { zh: string; en: string }> = {
  'nested-quantifier': { zh: '嵌套量词', en: 'nested quantifier' },
  'overlapping-alternatives': { zh: '重复中的分支相互重叠', en: 'overlapping alternatives under a repetition' },
  'ambiguous-repetition': { zh: '重复部分可以用多种方式匹配同一段文本', en: 'ambiguous repetition' },
};

export function catastrophic(kind: CatastrophicKind, part: string, index: number): RegexProblem {
  const wording = CATASTROPHIC_WORDING[kind];
  return {
    code: 'REGEX_CATASTROPHIC',
    part,
    index,
    zh: `正则表达式存在灾难性回溯风险：${wording.zh}${quoted(part)}`,
    en: `the regular expression can backtrack catastrophically: ${wording.en}${quoted(part)}`,
  };
}

export type UnsupportedKind =
  | 'lookaround'
  | 'backreference'
  | 'multiline'
  | 'repeat-count'
  | 'empty-preference'
  | 'legacy-syntax'
  | 'too-complex';

function unsupportedWording(kind: UnsupportedKind, part: string, detail: string): { zh: string; en: string } {
  const p = quoted(part);
  switch (kind) {
    case 'lookaround':
      return {
        zh: `不支持环视断言${p}（线性时间正则引擎无法执行）；否定条件请使用算子的 notRegex 字段`,
        en: `lookaround${p} is not supported by the linear-time regex engine; use the operator's notRegex field for negative conditions`,
      };
    case 'backreference':
      return {
        zh: `不支持反向引用${p}（线性时间正则引擎无法执行）`,
        en: `backreference${p} is not supported by the linear-time regex engine`,
      };
    case 'multiline':
      return {
        zh: `不支持多行模式标志${p}；每条消息单独匹配，^ 和 $ 表示消息的开头和结尾`,
        en: `the multiline flag${p} is not supported; each message is matched on its own, ^ and $ are its start and end`,
      };
    case 'repeat-count':
      return {
        zh: `重复次数过大${p}（最多 1000 次）`,
        en: `repetition count too large in${p} (at most 1000)`,
      };
    case 'empty-preference':
      return {
        zh: `不支持优先匹配空文本的可选重复${p}（如 "(a??)?"），请改写，例如去掉其中的惰性量词`,
        en: `the optional repetition${p} prefers to match empty text (like "(a??)?"), which the linear-time engine matches differently; rewrite it, e.g. without the lazy quantifier inside`,
      };
    case 'legacy-syntax':
      return {
        zh: `不支持的旧式正则语法${p}：${detail}`,
        en: `unsupported legacy regular expression syntax${p}: ${detail}`,
      };
    case 'too-complex':
      return {
        zh: `正则表达式过于复杂，无法编译：${detail}`,
        en: `the regular expression is too complex to compile: ${detail}`,
      };
  }
}

export function unsupported(kind: UnsupportedKind, part: string, index: number, detail = ''): RegexProblem {
  return { code: 'REGEX_UNSUPPORTED', part, index, ...unsupportedWording(kind, part, detail) };
}
