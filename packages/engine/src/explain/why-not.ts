import type { CompiledCondition, RuleProgram } from '../compile/compile-rule.js';
import type { ConditionAttempt } from '../match/evaluate-rule.js';
import type { Compiled, ConditionResult, InspectionResult } from '../match/inspect.js';
import type { OperatorOutcome } from '../operators/types.js';
import type { Role } from '../rule/types.js';
import { compactText } from '../text/compact.js';
import { similarity } from '../text/similarity.js';
import type { Sentence } from '../transcript/types.js';

/**
 * The stage that ruled a condition out, in the order the engine applies them (ENGINE-SEMANTICS "Check range"):
 * the anchor condition never hit; it hit, but fewer times than the nth hit asked for; the region before/after the
 * anchor is empty; no message of the role in it; the sentence range picks none; only non-text messages are left;
 * or the operator looked at the messages and did not find what it needs.
 */
export type WhyNotStage =
  | 'ANCHOR_NOT_HIT'
  | 'ANCHOR_NTH_MISSING'
  | 'ANCHOR_REGION_EMPTY'
  | 'ROLE'
  | 'RANGE'
  | 'NO_TEXT'
  | 'OPERATOR';

/** What an operator came closest to, so that an inspector can fix the rule instead of guessing. */
export interface NearestMiss {
  readonly operator: string;
  readonly operatorIndex: number;
  /** keyword operators: the keywords found in the selected messages (for EXCLUDE_KEYWORDS, those that spoiled it) */
  readonly found?: readonly string[];
  /** keyword operators: the keywords looked for and not found */
  readonly missing?: readonly string[];
  /** SIMILAR_MATCH: the best similarity reached (percent, one decimal), the phrase and the message */
  readonly bestSimilarity?: { readonly percent: number; readonly phrase: string; readonly message: number } | null;
  /** the threshold the operator needed (SIMILAR_MATCH percent, ADVANCED_REPEAT_DETECT fraction) */
  readonly threshold?: number;
  /** REGULAR_EXPRESSION: the pattern tried (and the excluding one) */
  readonly pattern?: string;
  readonly notPattern?: string | null;
  /** model operators: the labels looked for */
  readonly labels?: readonly string[];
  /** how many selected messages with text the operator read */
  readonly messagesTried: number;
}

export interface WhyNot {
  readonly cid: string;
  readonly stage: WhyNotStage;
  /** the same in words, Chinese and English */
  readonly zh: string;
  readonly en: string;
  /** the anchor condition's cid, for the anchor stages */
  readonly anchorCid?: string;
  /** the role the condition reads, for ROLE */
  readonly role?: Role | null;
  /** the anchor hit (message index) of the attempt explained, for anchored conditions */
  readonly anchorAt?: number | null;
  /** for OPERATOR: the first operator that failed and its nearest miss */
  readonly nearestMiss?: NearestMiss;
}

const STAGE_ORDER: readonly WhyNotStage[] = [
  'ANCHOR_NOT_HIT',
  'ANCHOR_NTH_MISSING',
  'ANCHOR_REGION_EMPTY',
  'ROLE',
  'RANGE',
  'NO_TEXT',
  'OPERATOR',
];

/**
 * Why a condition did not hit in an inspected session. Needs the full trace (`inspect(compiled, session)`, the
 * default); answers null when the condition hit or is unknown. With several anchor hits, the attempt that got
 * furthest is explained.
 */
export function whyNot(compiled: Compiled, result: InspectionResult, ruleId: string, cid: string): WhyNot | null {
  const program = programOf(compiled, ruleId);
  const ruleResult = result.rules.find((r) => r.ruleId === ruleId);
  if (program === null || ruleResult === undefined) return null;
  const condition = program.conditions.find((c) => c.cid === cid);
  const conditionResult = ruleResult.conditions.find((c) => c.cid === cid);
  if (condition === undefined || conditionResult === undefined || conditionResult.hit) return null;
  return explainCondition(condition, conditionResult, result.transcript.sentences);
}

/** whyNot for every condition that did not hit, by rule id and cid. */
export function whyNotAll(compiled: Compiled, result: InspectionResult): Map<string, Map<string, WhyNot>> {
  const out = new Map<string, Map<string, WhyNot>>();
  for (const rule of result.rules) {
    const byCid = new Map<string, WhyNot>();
    for (const c of rule.conditions) {
      const reason = whyNot(compiled, result, rule.ruleId, c.cid);
      if (reason !== null) byCid.set(c.cid, reason);
    }
    out.set(rule.ruleId, byCid);
  }
  return out;
}

function programOf(compiled: Compiled, ruleId: string): RuleProgram | null {
  const rules =
    compiled.kind === 'scheme' ? compiled.ruleSet.rules : compiled.kind === 'rule' ? [compiled.rule] : compiled.rules;
  return rules.find((r) => r.id === ruleId) ?? null;
}

function explainCondition(
  condition: CompiledCondition,
  result: ConditionResult,
  sentences: readonly Sentence[],
): WhyNot {
  const anchor = condition.range.anchor;
  if (anchor !== null) {
    const anchorHits = result.anchorHits ?? [];
    if (anchorHits.length === 0) {
      return {
        cid: condition.cid,
        stage: 'ANCHOR_NOT_HIT',
        anchorCid: anchor.cid,
        zh: `锚点条件 ${anchor.cid} 未命中，本条件无从检查`,
        en: `its anchor condition ${anchor.cid} did not hit, so there was nothing to check`,
      };
    }
    if (result.attempts.length === 0) {
      return {
        cid: condition.cid,
        stage: 'ANCHOR_NTH_MISSING',
        anchorCid: anchor.cid,
        zh: `锚点条件 ${anchor.cid} 只命中 ${anchorHits.length} 次，不足第 ${anchor.nth} 次`,
        en: `its anchor condition ${anchor.cid} hit ${anchorHits.length} time(s), fewer than the ${ordinal(anchor.nth)} hit it needs`,
      };
    }
  }
  if (result.attempts.length === 0) {
    // Only the fast path (trace: false) skips a condition without an attempt: the operator's keywords are absent.
    return operatorStage(condition, null, null, sentences);
  }
  let best: WhyNot | null = null;
  for (const attempt of result.attempts) {
    if (attempt.hit) continue;
    const reason = explainAttempt(condition, attempt, sentences);
    if (best === null || STAGE_ORDER.indexOf(reason.stage) > STAGE_ORDER.indexOf(best.stage)) best = reason;
  }
  // Every-time anchors (hitTime 0) fail when one attempt fails; the loop above found it. `best` is null only if
  // every attempt hit, which a condition that did not hit cannot have.
  return best ?? operatorStage(condition, result.attempts[0] ?? null, null, sentences);
}

function explainAttempt(
  condition: CompiledCondition,
  attempt: ConditionAttempt,
  sentences: readonly Sentence[],
): WhyNot {
  const base = { cid: condition.cid, anchorAt: attempt.anchor };
  if (attempt.selected.length === 0) {
    const region = regionOf(condition, attempt.anchor, sentences.length);
    if (region.length === 0) {
      const where = condition.range.anchor?.location ?? 'AFTER';
      return {
        ...base,
        stage: 'ANCHOR_REGION_EMPTY',
        anchorCid: condition.range.anchor?.cid,
        zh: `锚点（第 ${(attempt.anchor ?? 0) + 1} 句）${regionZh(where)}没有任何消息`,
        en: `there are no messages ${where.toLowerCase()} the anchor (message ${(attempt.anchor ?? 0) + 1})`,
      };
    }
    const role = condition.role;
    const ofRole = role === null ? region : region.filter((i) => sentences[i]!.role === role);
    if (ofRole.length === 0) {
      return {
        ...base,
        stage: 'ROLE',
        role,
        zh: `检查范围内没有${roleZh(role)}的消息`,
        en: `no ${String(role).toLowerCase()} message in the check range`,
      };
    }
    const { from, to } = condition.range;
    return {
      ...base,
      stage: 'RANGE',
      role,
      zh: `${roleZh(role)}共 ${ofRole.length} 句，句子范围 ${from ?? 1}～${to ?? '末句'} 选不到任何一句`,
      en: `the ${ofRole.length} ${String(role ?? 'any').toLowerCase()} message(s) fall outside the sentence range ${from ?? 1} to ${to ?? 'last'}`,
    };
  }
  if (attempt.selected.every((i) => sentences[i]!.text === null)) {
    return {
      ...base,
      stage: 'NO_TEXT',
      zh: '选中的消息都不是文本（图片、文件或自定义消息），无法检查',
      en: 'the selected messages carry no text (images, files or custom messages)',
    };
  }
  return operatorStage(condition, attempt, attempt.anchor, sentences);
}

function operatorStage(
  condition: CompiledCondition,
  attempt: ConditionAttempt | null,
  anchorAt: number | null,
  sentences: readonly Sentence[],
): WhyNot {
  const failed = attempt?.operators.find((o) => !o.hit) ?? null;
  const operator = failed === null ? condition.operators[0] : condition.operators[failed.index];
  const selected = attempt?.selected ?? [];
  const miss = nearestMiss(operator ?? null, failed, selected, sentences);
  const name = operator?.type ?? 'operator';
  return {
    cid: condition.cid,
    stage: 'OPERATOR',
    anchorAt,
    nearestMiss: miss,
    zh: `算子 ${name} 在 ${miss.messagesTried} 句中未找到所需内容${missZh(miss)}`,
    en: `operator ${name} did not find what it needs in ${miss.messagesTried} message(s)${missEn(miss)}`,
  };
}

function nearestMiss(
  operator: CompiledCondition['operators'][number] | null,
  failed: OperatorOutcome | null,
  selected: readonly number[],
  sentences: readonly Sentence[],
): NearestMiss {
  const withText = selected.filter((i) => sentences[i]!.text !== null);
  const base = {
    operator: operator?.type ?? 'UNKNOWN',
    operatorIndex: operator?.index ?? 0,
    messagesTried: withText.length,
  };
  if (operator === null) return base;
  const param = operator.param;
  switch (operator.type) {
    case 'HIT_ANY_KEYWORDS':
    case 'INCLUDE_KEYWORDS':
    case 'NCLUDE_KEYWORDS':
    case 'EXCLUDE_KEYWORDS': {
      const found = unique((failed?.partial ?? []).map((e) => e.keyword ?? e.text));
      const keywords = (param.keywords as readonly string[] | undefined) ?? [];
      const missing = failed?.missing ?? keywords.filter((k) => !found.includes(k));
      return { ...base, found, missing: operator.type === 'EXCLUDE_KEYWORDS' ? [] : missing };
    }
    case 'SIMILAR_MATCH': {
      const phrases = (param.phrases as readonly string[] | undefined) ?? [];
      let best: NearestMiss['bestSimilarity'] = null;
      for (const i of withText) {
        const mine = compactText(sentences[i]!.text!);
        for (const phrase of phrases) {
          const percent = Math.round(similarity(mine, compactText(phrase)) * 1000) / 10;
          if (best === null || percent > best.percent) best = { percent, phrase, message: i };
        }
      }
      return { ...base, bestSimilarity: best, threshold: param.similarity as number };
    }
    case 'REGULAR_EXPRESSION':
      return {
        ...base,
        pattern: param.regex as string,
        notPattern: (param.notRegex as string | null | undefined) ?? null,
        found: unique((failed?.partial ?? []).map((e) => e.text)),
      };
    case 'ADVANCED_REPEAT_DETECT':
      return { ...base, threshold: param.similarity as number };
    case 'CUSTOMER_CHECK_MODEL':
    case 'ABUSE_MODEL':
      return { ...base, labels: (param.types as readonly string[] | undefined) ?? [] };
    default:
      return base;
  }
}

/** The messages of the anchor region before role and range (all messages without an anchor). */
function regionOf(condition: CompiledCondition, anchorAt: number | null, length: number): number[] {
  const anchor = condition.range.anchor;
  const all = Array.from({ length }, (_, i) => i);
  if (anchor === null || anchorAt === null) return all;
  const before = anchor.location === 'BEFORE' || anchor.location === 'AROUND';
  const after = anchor.location === 'AFTER' || anchor.location === 'AROUND';
  return all.filter((i) => (before && i < anchorAt) || (after && i > anchorAt));
}

function missZh(miss: NearestMiss): string {
  const parts: string[] = [];
  if (miss.found !== undefined && miss.found.length > 0) parts.push(`找到：${miss.found.join('、')}`);
  if (miss.missing !== undefined && miss.missing.length > 0) parts.push(`缺少：${miss.missing.join('、')}`);
  if (miss.bestSimilarity)
    parts.push(
      `最高相似度 ${miss.bestSimilarity.percent}%（第 ${miss.bestSimilarity.message + 1} 句，「${miss.bestSimilarity.phrase}」），需 ${miss.threshold}%`,
    );
  if (miss.pattern !== undefined) parts.push(`正则 ${miss.pattern}`);
  if (miss.labels !== undefined) parts.push(`标签 ${miss.labels.join('、')}`);
  return parts.length === 0 ? '' : `（${parts.join('；')}）`;
}

function missEn(miss: NearestMiss): string {
  const parts: string[] = [];
  if (miss.found !== undefined && miss.found.length > 0) parts.push(`found: ${miss.found.join(', ')}`);
  if (miss.missing !== undefined && miss.missing.length > 0) parts.push(`missing: ${miss.missing.join(', ')}`);
  if (miss.bestSimilarity)
    parts.push(
      `best similarity ${miss.bestSimilarity.percent}% (message ${miss.bestSimilarity.message + 1}, "${miss.bestSimilarity.phrase}"), needs ${miss.threshold}%`,
    );
  if (miss.pattern !== undefined) parts.push(`regex ${miss.pattern}`);
  if (miss.labels !== undefined) parts.push(`labels ${miss.labels.join(', ')}`);
  return parts.length === 0 ? '' : ` (${parts.join('; ')})`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function roleZh(role: Role | null): string {
  return role === 'AGENT' ? '客服' : role === 'CUSTOMER' ? '客户' : '任何角色';
}

function regionZh(location: string): string {
  return location === 'BEFORE' ? '之前' : location === 'AROUND' ? '前后' : '之后';
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}
