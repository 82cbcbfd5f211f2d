/**
 * The spec's QC rule as stored by the console (`spec/qc-area.md` §3) — the input of `compileRule`.
 * Inputs arrive as untrusted JSON: `compileRule` validates every field and throws RuleCompileError.
 */

export const KEYWORD_OPERATOR_TYPES = [
  'HIT_ANY_KEYWORDS',
  'INCLUDE_KEYWORDS',
  'NCLUDE_KEYWORDS',
  'EXCLUDE_KEYWORDS',
] as const;
export const MODEL_OPERATOR_TYPES = ['CUSTOMER_CHECK_MODEL', 'ABUSE_MODEL'] as const;
export const OPERATOR_TYPES = [
  ...KEYWORD_OPERATOR_TYPES,
  'SIMILAR_MATCH',
  'REGULAR_EXPRESSION',
  'ADVANCED_REPEAT_DETECT',
  ...MODEL_OPERATOR_TYPES,
] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];
export type KeywordOperatorType = (typeof KEYWORD_OPERATOR_TYPES)[number];
export type ModelOperatorType = (typeof MODEL_OPERATOR_TYPES)[number];

export const CUSTOMER_CHECK_LABELS = [
  'COMPLAINT',
  'ESCALATION',
  'QUESTIONING_SERVICE',
  'PUBLIC_OPINION',
  'PRAISE',
  'ABUSE',
  'ANGER',
] as const;
export const ABUSE_MODEL_LABELS = ['SARCASM', 'GUIDING_COMPLAINT', 'PASSING_THE_BUCK', 'ABUSE'] as const;
export type CustomerCheckLabel = (typeof CUSTOMER_CHECK_LABELS)[number];
export type AbuseModelLabel = (typeof ABUSE_MODEL_LABELS)[number];

export type Role = 'AGENT' | 'CUSTOMER';
export type AnchorLocation = 'BEFORE' | 'AROUND' | 'AFTER';
export type RuleScoreType = 'SUB' | 'ADD' | 'ONCE';
export type NamedLambda = 'ALL' | 'ANY_ONE' | 'ANY_ONE_NOT_MET';

export interface KeywordParam {
  keywords: string[];
  inSentence?: boolean | null;
  threshold?: number | null;
  keywordMatchSize?: number | null;
  caseSensitive?: boolean | null;
}
export interface SimilarParam {
  phrases: string[];
  similarity?: number | null;
}
export interface RegexParam {
  regex: string;
  notRegex?: string | null;
  caseSensitive?: boolean | null;
}
export interface RepeatParam {
  window?: number | null;
  similarity?: number | null;
  hitTime?: number | null;
  minWordSize?: number | null;
  exceptions?: string[] | null;
}
export interface ModelParam {
  types: string[];
}

export interface OperatorConfig {
  type: OperatorType;
  name?: string | null;
  param: KeywordParam | SimilarParam | RegexParam | RepeatParam | ModelParam;
}

export interface AnchorConfig {
  cid: string;
  location: AnchorLocation;
  /** -1 any one time, 0 every time, 1 the `inputHitTime`-th time */
  hitTime: -1 | 0 | 1;
  inputHitTime?: number | null;
}

export interface CheckRangeConfig {
  role?: Role | null;
  range?: { from?: number | null; to?: number | null } | null;
  rangeSelect?: 'RANGE' | 'ALL' | null;
  anchor?: AnchorConfig | null;
}

export interface ConditionConfigItem {
  cid: string;
  operators: OperatorConfig[];
  checkRange?: CheckRangeConfig | null;
}

export interface RuleScoreConfig {
  enable: boolean;
  ruleScoreType: RuleScoreType;
  scoreNum: number;
}

export interface ConditionConfig {
  conditions: ConditionConfigItem[];
  /** ALL, ANY_ONE, ANY_ONE_NOT_MET, or a CUSTOM expression such as `a && (b || !c)`; absent means ALL */
  lambda?: string | null;
  ruleScore?: RuleScoreConfig | null;
  level?: unknown;
  autoReview?: unknown;
}

export interface QcRule {
  id: string | number;
  name?: string;
  type?: string;
  conditionConfig: ConditionConfig;
}

export interface SchemeAngleRule {
  ruleId: string | number;
  ruleName?: string;
  /** an angle may carry its own score settings for a rule, overriding the rule's */
  conditionConfig?: { ruleScore?: RuleScoreConfig | null } | null;
}
export interface SchemeAngle {
  angleId: string | number;
  angleName?: string;
  score: number;
  angleRules: SchemeAngleRule[];
}
export interface QcScheme {
  id: string | number;
  name?: string;
  targetType?: string;
  schemeAngles: SchemeAngle[];
  schemeConfig?: { veto?: (string | number)[] | null } | null;
}
