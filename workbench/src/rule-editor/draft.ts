/**
 * The condition builder's editing model and its conversion to the stored `conditionConfig` (qc-area §3, §5 "On
 * save"). Pure functions: the builder's components only call these, and the tests check them directly too.
 */
import { LEGACY_KEYWORDS_OPERATOR, type OperatorType } from '@qcdesk/contracts';
import type {
  AnchorLocation,
  CheckRangeConfig,
  ConditionConfig,
  ConditionConfigItem,
  OperatorConfig,
  RuleScoreConfig,
} from '@qcdesk/engine';

export type RoleChoice = 'AGENT' | 'CUSTOMER' | 'all';
export type HitTimeChoice = -1 | 0 | 1;
export type NamedLambda = 'ALL' | 'ANY_ONE' | 'ANY_ONE_NOT_MET';

export type OperatorParam = Record<string, unknown>;

export interface OperatorDraft {
  type: OperatorType;
  name: string;
  param: OperatorParam;
}

export interface CheckRangeDraft {
  role: RoleChoice;
  from: number | null;
  to: number | null;
  /** kept as loaded; the builder does not offer it (a range applies whenever it has a start) */
  rangeSelect: 'RANGE' | 'ALL' | null;
  /** 'null' is "no anchor", as the console's form holds it */
  anchorCid: string;
  location: AnchorLocation;
  hitTime: HitTimeChoice;
  inputHitTime: number | null;
}

export interface ConditionDraft {
  /** the editor's own identity of a condition (React key); never stored */
  uid: string;
  cid: string;
  operators: OperatorDraft[];
  checkRange: CheckRangeDraft;
}

export interface RuleDraft {
  conditions: ConditionDraft[];
  /** ALL, ANY_ONE, ANY_ONE_NOT_MET or CUSTOM */
  lambdaType: NamedLambda | 'CUSTOM';
  /** the CUSTOM expression */
  expression: string;
  ruleScore: RuleScoreConfig;
  /** carried through unchanged (ENGINE-SEMANTICS "Rule outcome") */
  level: unknown;
  autoReview: unknown;
}

/** The forced role of model operators (qc-area §4); the role selector is disabled for them. */
export const FORCED_ROLE: Partial<Record<OperatorType, 'AGENT' | 'CUSTOMER'>> = {
  ABUSE_MODEL: 'AGENT',
  CUSTOMER_CHECK_MODEL: 'CUSTOMER',
};

/** Each operator's parameters when it is added (qc-area §5: similarity 80, repeat 0.1, counters 0, nth hit 1). */
export function defaultParam(type: OperatorType): OperatorParam {
  switch (type) {
    case 'HIT_ANY_KEYWORDS':
    case 'INCLUDE_KEYWORDS':
      return { keywords: [], inSentence: false, threshold: 0 };
    case 'NCLUDE_KEYWORDS':
      return { keywords: [], keywordMatchSize: 0, inSentence: false, threshold: 0 };
    case 'EXCLUDE_KEYWORDS':
      return { keywords: [] };
    case 'SIMILAR_MATCH':
      return { phrases: [], similarity: 80 };
    case 'REGULAR_EXPRESSION':
      return { regex: '', notRegex: null, caseSensitive: false };
    case 'ADVANCED_REPEAT_DETECT':
      return { window: 0, similarity: 0.1, hitTime: 1, minWordSize: 0, exceptions: [] };
    case 'CUSTOMER_CHECK_MODEL':
    case 'ABUSE_MODEL':
      return { types: [] };
  }
}

/** `a`, `b`, … `z`, `aa`, `ab`, … — the cid of the n-th condition (0-based). */
export function cidAt(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

let uidCounter = 0;
function nextUid(): string {
  uidCounter += 1;
  return `c${uidCounter}`;
}

export function emptyCheckRange(): CheckRangeDraft {
  return {
    role: 'all',
    from: null,
    to: null,
    rangeSelect: null,
    anchorCid: 'null',
    location: 'AFTER',
    hitTime: -1,
    inputHitTime: null,
  };
}

/** The type chosen in the picker, with the legacy KEYWORDS read as HIT_ANY_KEYWORDS (qc-area §4). */
export function normaliseType(type: string): OperatorType {
  return (type === LEGACY_KEYWORDS_OPERATOR ? 'HIT_ANY_KEYWORDS' : type) as OperatorType;
}

export function addCondition(draft: RuleDraft, type: string, name = ''): RuleDraft {
  const operatorType = normaliseType(type);
  const forced = FORCED_ROLE[operatorType];
  const condition: ConditionDraft = {
    uid: nextUid(),
    cid: cidAt(draft.conditions.length),
    operators: [{ type: operatorType, name, param: defaultParam(operatorType) }],
    checkRange: { ...emptyCheckRange(), role: forced ?? 'all' },
  };
  return { ...draft, conditions: [...draft.conditions, condition] };
}

/**
 * Adds a further operator to a condition (ENGINE-SEMANTICS "Condition": the condition hits when every operator hits
 * within its check range). A model operator brings its forced role, as it does to a new condition.
 */
export function addOperator(condition: ConditionDraft, type: string, name = ''): ConditionDraft {
  const operatorType = normaliseType(type);
  const forced = FORCED_ROLE[operatorType];
  return {
    ...condition,
    operators: [...condition.operators, { type: operatorType, name, param: defaultParam(operatorType) }],
    checkRange: forced ? { ...condition.checkRange, role: forced } : condition.checkRange,
  };
}

/**
 * Removes the operator at `index`; a condition keeps at least one. Without a model operator left, the role is no
 * longer forced (it stays as it was, now free to change).
 */
export function removeOperator(condition: ConditionDraft, index: number): ConditionDraft {
  if (condition.operators.length <= 1 || index < 0 || index >= condition.operators.length) return condition;
  return { ...condition, operators: condition.operators.filter((_, i) => i !== index) };
}

/**
 * Deletes the condition at `index` (qc-area §4): every later condition loses its anchor and its range (its role is
 * kept), the rest are renamed a, b, c in order, the anchors of earlier conditions follow the renaming, and a CUSTOM
 * expression is rewritten to the new names (the deleted name becomes `?`, which the compiler then points at).
 */
export function deleteCondition(draft: RuleDraft, index: number): RuleDraft {
  const removed = draft.conditions[index];
  if (!removed) return draft;
  const kept = draft.conditions.filter((_, i) => i !== index);
  const renames = new Map<string, string>();
  kept.forEach((c, i) => {
    renames.set(c.cid, cidAt(i));
  });
  const conditions = kept.map((c, i) => {
    let checkRange = c.checkRange;
    if (i >= index) {
      checkRange = { ...emptyCheckRange(), role: checkRange.role };
    } else if (checkRange.anchorCid !== 'null') {
      checkRange = { ...checkRange, anchorCid: renames.get(checkRange.anchorCid) ?? checkRange.anchorCid };
    }
    return { ...c, cid: cidAt(i), checkRange };
  });
  const expression = draft.expression.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (word) =>
    word === removed.cid ? '?' : (renames.get(word) ?? word),
  );
  return { ...draft, conditions, expression };
}

export function updateCondition(draft: RuleDraft, index: number, change: (c: ConditionDraft) => ConditionDraft) {
  return { ...draft, conditions: draft.conditions.map((c, i) => (i === index ? change(c) : c)) };
}

/** Splits keyword input on commas (ASCII or Chinese), trims, drops blanks (qc-area §5). */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

const NAMED: readonly string[] = ['ALL', 'ANY_ONE', 'ANY_ONE_NOT_MET'];

export function emptyDraft(): RuleDraft {
  return {
    conditions: [],
    lambdaType: 'ALL',
    expression: '',
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 0 },
    level: null,
    autoReview: null,
  };
}

/** Reads a stored conditionConfig (object or JSON text) into the editing model. */
export function toDraft(config: ConditionConfig | string | null | undefined): RuleDraft {
  let value: unknown = config;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const base = emptyDraft();
  if (!value || typeof value !== 'object') return base;
  const stored = value as Partial<ConditionConfig>;
  const lambda = typeof stored.lambda === 'string' && stored.lambda.trim() !== '' ? stored.lambda : 'ALL';
  const isNamed = NAMED.includes(lambda);
  return {
    conditions: (stored.conditions ?? []).map(readCondition),
    lambdaType: isNamed ? (lambda as NamedLambda) : 'CUSTOM',
    expression: isNamed ? '' : lambda,
    ruleScore: { ...base.ruleScore, ...(stored.ruleScore ?? {}) },
    level: stored.level ?? null,
    autoReview: stored.autoReview ?? null,
  };
}

function readCondition(item: ConditionConfigItem): ConditionDraft {
  const range = item.checkRange ?? {};
  const anchor = range.anchor;
  return {
    uid: nextUid(),
    cid: item.cid,
    operators: (item.operators ?? []).map((o) => ({
      type: normaliseType(o.type),
      name: o.name ?? '',
      param: { ...(o.param as OperatorParam) },
    })),
    checkRange: {
      role: range.role === 'AGENT' || range.role === 'CUSTOMER' ? range.role : 'all',
      from: range.range?.from ?? null,
      to: range.range?.to ?? null,
      rangeSelect: range.rangeSelect ?? null,
      anchorCid: anchor?.cid ? String(anchor.cid) : 'null',
      location: anchor?.location ?? 'AFTER',
      hitTime: anchor?.hitTime ?? -1,
      inputHitTime: anchor?.inputHitTime ?? null,
    },
  };
}

/** The lambda as stored: the named logic, or the CUSTOM expression itself. */
export function lambdaOf(draft: RuleDraft): string {
  return draft.lambdaType === 'CUSTOM' ? draft.expression : draft.lambdaType;
}

/**
 * The stored conditionConfig (qc-area §5 "On save"): a range with no start is null, an anchor with cid 'null' is
 * null, and role 'all' is omitted.
 */
export function toConditionConfig(draft: RuleDraft): ConditionConfig {
  return {
    conditions: draft.conditions.map(writeCondition),
    lambda: lambdaOf(draft),
    ruleScore: draft.ruleScore,
    level: draft.level,
    autoReview: draft.autoReview,
  };
}

function writeCondition(c: ConditionDraft): ConditionConfigItem {
  const r = c.checkRange;
  const checkRange: CheckRangeConfig = {
    range: r.from === null || r.from === undefined ? null : { from: r.from, to: r.to },
    anchor:
      r.anchorCid === 'null' || r.anchorCid === ''
        ? null
        : { cid: r.anchorCid, location: r.location, hitTime: r.hitTime, inputHitTime: r.inputHitTime },
  };
  if (r.rangeSelect) checkRange.rangeSelect = r.rangeSelect;
  if (r.role !== 'all') checkRange.role = r.role;
  return {
    cid: c.cid,
    operators: c.operators.map(
      (o): OperatorConfig => ({ type: o.type, name: o.name, param: o.param as OperatorConfig['param'] }),
    ),
    checkRange,
  };
}

/** The builder field a compile error's JSON path concerns: `$.conditionConfig.conditions[0].operators[1].param.keywords[2]` → `conditions.0.operators.1.param.keywords`. */
export function fieldOfPath(path: string): string {
  let field = path.replace(/^\$\.?/, '').replace(/^conditionConfig\.?/, '');
  // an item of a parameter list (keywords[2], types[0]) is shown at the list's input
  if (field.includes('.param.')) field = field.replace(/\[\d+\]$/, '');
  return field.replace(/\[(\d+)\]/g, '.$1');
}

/** The condition index a field belongs to, if any. */
export function conditionIndexOf(field: string): number | null {
  const match = /^conditions\.(\d+)/.exec(field);
  return match ? Number(match[1]) : null;
}
