import { type DictValue, defineDictionary, type Label } from './dictionary.js';

/** Scheme kind (`targetType`): AI is labelled intelligent, PERSON manual. */
export const TargetType = defineDictionary('dict-qc-target-type', {
  AI: { zh: '智能', en: 'Intelligent' },
  PERSON: { zh: '人工', en: 'Manual' },
});
export type TargetType = DictValue<typeof TargetType>;
export const DEFAULT_TARGET_TYPE: TargetType = 'AI';

/** Scheme `type` (what the tasks inspect): TEXT or VOICE. */
export const SchemeType = defineDictionary('dict-qc-scheme-type', {
  TEXT: { zh: '文本', en: 'Text' },
  VOICE: { zh: '语音', en: 'Voice' },
});
export type SchemeType = DictValue<typeof SchemeType>;

/** Rule `type`: AI (detection conditions) or manual. */
export const RuleType = defineDictionary('dict-qc-rule-type', {
  AI: { zh: '智能', en: 'AI' },
  PERSON: { zh: '人工', en: 'Manual' },
});
export type RuleType = DictValue<typeof RuleType>;

/** Scoring style of PERSON schemes and of manual assessment. */
export const ScoringStyle = defineDictionary('dict-qc-scheme-style', {
  SCORE: { zh: '评分', en: 'Score' },
  PASS: { zh: '合格判定', en: 'Pass/fail' },
});
export type ScoringStyle = DictValue<typeof ScoringStyle>;

/** PASS style: not up to standard when `failCount <op> num` (ENGINE-SEMANTICS "Manual, PASS style"). */
export const CompareOperator = defineDictionary('dict-compare-operator', {
  '>=': { zh: '大于等于', en: 'at least' },
  '>': { zh: '大于', en: 'more than' },
  '=': { zh: '等于', en: 'equal to' },
  '<=': { zh: '小于等于', en: 'at most' },
  '<': { zh: '小于', en: 'less than' },
});
export type CompareOperator = DictValue<typeof CompareOperator>;

export const RuleScoreType = defineDictionary('dict-qc-rule-score-type', {
  SUB: { zh: '扣分', en: 'Deduct' },
  ADD: { zh: '加分', en: 'Bonus' },
  ONCE: { zh: '一次性扣分', en: 'One-time deduction' },
});
export type RuleScoreType = DictValue<typeof RuleScoreType>;

/** Condition operator types (qc-area §4). A KEYWORDS type from older data is read as HIT_ANY_KEYWORDS. */
export const OperatorType = defineDictionary('dict-qc-operator-type', {
  HIT_ANY_KEYWORDS: { zh: '命中任意关键词', en: 'Any keyword' },
  INCLUDE_KEYWORDS: { zh: '包含全部关键词', en: 'All keywords' },
  NCLUDE_KEYWORDS: { zh: '包含任意N个关键词', en: 'Any N keywords' },
  EXCLUDE_KEYWORDS: { zh: '不包含关键词', en: 'No keyword' },
  SIMILAR_MATCH: { zh: '相似话术', en: 'Similar phrase' },
  REGULAR_EXPRESSION: { zh: '正则表达式', en: 'Regular expression' },
  ADVANCED_REPEAT_DETECT: { zh: '重复检测', en: 'Repeat detection' },
  CUSTOMER_CHECK_MODEL: { zh: '客户检测模型', en: 'Customer check model' },
  ABUSE_MODEL: { zh: '坐席违规模型', en: 'Abuse model' },
});
export type OperatorType = DictValue<typeof OperatorType>;
/** the legacy type converted to HIT_ANY_KEYWORDS when a condition is added */
export const LEGACY_KEYWORDS_OPERATOR = 'KEYWORDS';

export const KEYWORD_OPERATOR_TYPES = [
  'HIT_ANY_KEYWORDS',
  'INCLUDE_KEYWORDS',
  'NCLUDE_KEYWORDS',
  'EXCLUDE_KEYWORDS',
] as const satisfies readonly OperatorType[];

/** The model operators. */
export const ModelType = defineDictionary('dict-qc-model-type', {
  CUSTOMER_CHECK_MODEL: { zh: '客户检测模型', en: 'Customer check model' },
  ABUSE_MODEL: { zh: '坐席违规模型', en: 'Abuse model' },
});
export type ModelType = DictValue<typeof ModelType>;

/** Labels of CUSTOMER_CHECK_MODEL (a model operator's `param.types`). */
export const CustomerCheckLabel = defineDictionary('dict-qc-customer-check-label', {
  COMPLAINT: { zh: '投诉', en: 'Complaint' },
  ESCALATION: { zh: '要求升级', en: 'Escalation request' },
  QUESTIONING_SERVICE: { zh: '质疑服务', en: 'Questioning service' },
  PUBLIC_OPINION: { zh: '制造舆论', en: 'Creating public opinion' },
  PRAISE: { zh: '表扬', en: 'Praise' },
  ABUSE: { zh: '辱骂', en: 'Abuse' },
  ANGER: { zh: '愤怒', en: 'Anger' },
});
export type CustomerCheckLabel = DictValue<typeof CustomerCheckLabel>;

/** Labels of ABUSE_MODEL. */
export const AbuseModelLabel = defineDictionary('dict-qc-abuse-model-label', {
  SARCASM: { zh: '讽刺', en: 'Sarcasm' },
  GUIDING_COMPLAINT: { zh: '引导投诉', en: 'Guiding a complaint' },
  PASSING_THE_BUCK: { zh: '推诿', en: 'Passing the buck' },
  ABUSE: { zh: '辱骂', en: 'Abuse' },
});
export type AbuseModelLabel = DictValue<typeof AbuseModelLabel>;

/** A model label by its name in `lang` (投诉, Sarcasm), whichever model gives it; an unknown code as it is. */
export function modelLabel(code: string, lang: 'zh' | 'en'): string {
  if (CustomerCheckLabel.has(code)) return CustomerCheckLabel.label(code, lang);
  return AbuseModelLabel.label(code, lang);
}

/** Which labels each model may be asked for. */
export const MODEL_LABELS = {
  CUSTOMER_CHECK_MODEL: CustomerCheckLabel,
  ABUSE_MODEL: AbuseModelLabel,
} as const satisfies Record<ModelType, unknown>;

/** The role a model operator forces on its condition (the role selector is disabled). */
export const MODEL_FORCED_ROLE = {
  CUSTOMER_CHECK_MODEL: 'CUSTOMER',
  ABUSE_MODEL: 'AGENT',
} as const satisfies Record<ModelType, CheckRole>;

/** Combination logic; any other string is a CUSTOM expression such as `a && (b || !c)`. */
export const LambdaType = defineDictionary('dict-qc-lambda', {
  ALL: { zh: '全部满足', en: 'All conditions' },
  ANY_ONE: { zh: '任一满足', en: 'Any condition' },
  ANY_ONE_NOT_MET: { zh: '任一不满足', en: 'Any condition not met' },
  CUSTOM: { zh: '自定义', en: 'Custom' },
});
export type LambdaType = DictValue<typeof LambdaType>;

/** Role of a check range. The stored form omits "all roles" (no role). */
export const CheckRole = defineDictionary('dict-qc-check-role', {
  AGENT: { zh: '坐席', en: 'Agent' },
  CUSTOMER: { zh: '客户', en: 'Customer' },
});
export type CheckRole = DictValue<typeof CheckRole>;
export const ALL_ROLES_LABEL: Label = { zh: '所有角色', en: 'All roles' };

export const AnchorLocation = defineDictionary('dict-qc-anchor-location', {
  BEFORE: { zh: '之前', en: 'Before' },
  AROUND: { zh: '前后', en: 'Around' },
  AFTER: { zh: '之后', en: 'After' },
});
export type AnchorLocation = DictValue<typeof AnchorLocation>;

export const RangeSelect = defineDictionary('dict-qc-range-select', {
  RANGE: { zh: '指定范围', en: 'Range' },
  ALL: { zh: '全部', en: 'All' },
});
export type RangeSelect = DictValue<typeof RangeSelect>;

/** Anchor `hitTime`: 0 every time, 1 a given time (`inputHitTime`), -1 any one time. */
export const HIT_TIMES = [0, 1, -1] as const;
export type HitTime = (typeof HIT_TIMES)[number];
export const HIT_TIME_LABELS: Readonly<Record<`${HitTime}`, Label>> = {
  '0': { zh: '每次', en: 'Every time' },
  '1': { zh: '第N次', en: 'A given time' },
  '-1': { zh: '任意一次', en: 'Any one time' },
};

/** dict-qc-result-status: QC status of AI results (`aiStatus`) and manual results (`manualStatus`). */
export const QcResultStatus = defineDictionary('dict-qc-result-status', {
  UNCHECKED: { zh: '未质检', en: 'Not inspected' },
  READY_CHECKED: { zh: '待质检', en: 'To be inspected' },
  CHECKED: { zh: '已质检', en: 'Inspected' },
});
export type QcResultStatus = DictValue<typeof QcResultStatus>;
export const DEFAULT_RESULT_STATUS: QcResultStatus = 'CHECKED';

/** Radio of the manual result list: ALL or one status. */
export const ManualStatusFilter = defineDictionary('dict-qc-manual-status-filter', {
  ALL: { zh: '全部', en: 'All' },
  READY_CHECKED: { zh: '待质检', en: 'To be inspected' },
  CHECKED: { zh: '已质检', en: 'Inspected' },
  UNCHECKED: { zh: '未质检', en: 'Not inspected' },
});
export type ManualStatusFilter = DictValue<typeof ManualStatusFilter>;

/** `status` of /v3/chats/session/quality-status: move to be inspected, or release. */
export const QualityStatusMove = defineDictionary('dict-qc-quality-status-move', {
  READY_CHECKED: { zh: '移至待质检', en: 'Move to be inspected' },
  UNCHECKED: { zh: '释放', en: 'Release' },
});
export type QualityStatusMove = DictValue<typeof QualityStatusMove>;

/** Complaint (appeal) status: PENDING awaiting review, ACTIVE approved, INACTIVE rejected. */
export const ComplaintStatus = defineDictionary('dict-qc-complaint-status', {
  PENDING: { zh: '待审核', en: 'Pending' },
  ACTIVE: { zh: '已审核', en: 'Reviewed' },
  INACTIVE: { zh: '已驳回', en: 'Rejected' },
});
export type ComplaintStatus = DictValue<typeof ComplaintStatus>;
export const DEFAULT_COMPLAINT_STATUS: ComplaintStatus = 'PENDING';

/** What a reviewer may choose (dict-qc-complaint-approve-status): anything but PENDING. */
export const ComplaintApproveStatus = defineDictionary('dict-qc-complaint-approve-status', {
  ACTIVE: { zh: '通过', en: 'Approve' },
  INACTIVE: { zh: '驳回', en: 'Reject' },
});
export type ComplaintApproveStatus = DictValue<typeof ComplaintApproveStatus>;

/** Radio of the complaint list: all or one status. */
export const ComplaintStatusFilter = defineDictionary('dict-qc-complaint-status-filter', {
  ALL: { zh: '全部', en: 'All' },
  ACTIVE: { zh: '已审核', en: 'Reviewed' },
  PENDING: { zh: '待审核', en: 'Pending' },
  INACTIVE: { zh: '已驳回', en: 'Rejected' },
});
export type ComplaintStatusFilter = DictValue<typeof ComplaintStatusFilter>;

export const ComplaintType = defineDictionary('dict-qc-complaint-type', {
  AI: { zh: '智能质检', en: 'AI inspection' },
  MANUAL: { zh: '人工质检', en: 'Manual inspection' },
});
export type ComplaintType = DictValue<typeof ComplaintType>;

/** Time basis (`timeby`) of the AI result list; default createTime. */
export const AiResultTimeBy = defineDictionary('dict-qc-ai-result-timeby', {
  createTime: { zh: '会话开始时间', en: 'Session start' },
  closeTime: { zh: '会话结束时间', en: 'Session end' },
  modifyTime: { zh: '修改时间', en: 'Modified' },
});
export type AiResultTimeBy = DictValue<typeof AiResultTimeBy>;

/** Time basis of the manual result list; default createTime. */
export const ManualResultTimeBy = defineDictionary('dict-qc-manual-result-timeby', {
  createTime: { zh: '会话开始时间', en: 'Session start' },
  closeTime: { zh: '会话结束时间', en: 'Session end' },
  resultTime: { zh: '质检时间', en: 'Inspection time' },
  modifyTime: { zh: '修改时间', en: 'Modified' },
});
export type ManualResultTimeBy = DictValue<typeof ManualResultTimeBy>;

/** Time basis of the complaint list; default createTime. */
export const ComplaintTimeBy = defineDictionary('dict-qc-complaint-timeby', {
  createTime: { zh: '申诉时间', en: 'Filed' },
  startTime: { zh: '会话开始时间', en: 'Session start' },
  modifyTime: { zh: '修改时间', en: 'Modified' },
});
export type ComplaintTimeBy = DictValue<typeof ComplaintTimeBy>;
export const DEFAULT_TIME_BY = 'createTime';
