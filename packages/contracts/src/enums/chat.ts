import { type DictValue, defineDictionary } from './dictionary.js';

/** Sender role of a chat message (the dictionary holds others that the spec does not show). */
export const SenderRole = defineDictionary('dict-sender-role', {
  CUSTOMER: { zh: '客户', en: 'Customer' },
  AGENT: { zh: '坐席', en: 'Agent' },
});
export type SenderRole = DictValue<typeof SenderRole>;

/** Operation of a sensitive-word library and of a censored message. */
export const CensorOperation = defineDictionary('dict-censor-operation', {
  REPORT: { zh: '保留', en: 'Retained' },
  ABORT: { zh: '拦截', en: 'Blocked' },
  FUZZY: { zh: '模糊', en: 'Fuzzy' },
});
export type CensorOperation = DictValue<typeof CensorOperation>;

/** Which speech a library checks: staff (tag 员工) or customers (tag 客户). */
export const CensorFlag = defineDictionary('dict-censor-flag', {
  'cs-agent': { zh: '员工', en: 'Staff' },
  'cs-customer': { zh: '客户', en: 'Customer' },
});
export type CensorFlag = DictValue<typeof CensorFlag>;

/** Library type: CUSTOM needs its own words; SYS_WORDS uses the system list (words box disabled). */
export const CensorTempType = defineDictionary('dict-censor-temp-type', {
  CUSTOM: { zh: '自定义', en: 'Custom' },
  SYS_WORDS: { zh: '系统词库', en: 'System words' },
});
export type CensorTempType = DictValue<typeof CensorTempType>;

/**
 * System categories a library can pick (the engine's `SYSTEM_WORDS` keys, then its contact detectors
 * `CONTACT_CATEGORIES`; a server test keeps the two lists equal): for SYS_WORDS, which parts of the system list it
 * scans; for CUSTOM, added to its own words.
 */
export const CensorCategory = defineDictionary('dict-censor-category', {
  abuse: { zh: '辱骂', en: 'Abuse' },
  threat: { zh: '威胁', en: 'Threats' },
  discrimination: { zh: '歧视', en: 'Discrimination' },
  'privacy-phishing': { zh: '隐私与诈骗', en: 'Privacy and phishing' },
  'off-platform': { zh: '站外引流', en: 'Off-platform contact' },
  'contact-phone': { zh: '电话号码', en: 'Phone number' },
  'contact-qq': { zh: 'QQ号', en: 'QQ number' },
  'contact-wechat': { zh: '微信号', en: 'WeChat ID' },
  'contact-email': { zh: '邮箱', en: 'E-mail address' },
  'contact-url': { zh: '网址', en: 'Web address' },
  'contact-ip': { zh: 'IP 地址', en: 'IP address' },
});
export type CensorCategory = DictValue<typeof CensorCategory>;
/** The contact detectors among the categories (the rest are parts of the system word list). */
export const CENSOR_CONTACT_CATEGORIES = [
  'contact-phone',
  'contact-qq',
  'contact-wechat',
  'contact-email',
  'contact-url',
  'contact-ip',
] as const satisfies readonly CensorCategory[];

/** Kinds a chat message renders as; `custom` renders nothing. */
export const MessageKind = defineDictionary('dict-message-kind', {
  text: { zh: '文本', en: 'Text' },
  image: { zh: '图片', en: 'Image' },
  video: { zh: '视频', en: 'Video' },
  file: { zh: '文件', en: 'File' },
  custom: { zh: '自定义', en: 'Custom' },
});
export type MessageKind = DictValue<typeof MessageKind>;

/** TIM `MsgType` of the first content item → the kind it renders as. */
export const TIM_MESSAGE_KINDS = {
  TIMTextElem: 'text',
  TIMImageElem: 'image',
  TIMVideoFileElem: 'video',
  TIMFileElem: 'file',
  TIMCustomElem: 'custom',
} as const satisfies Record<string, MessageKind>;
export type TimMsgType = keyof typeof TIM_MESSAGE_KINDS;

export const SessionStatus = defineDictionary('dict-session-status', {
  ACTIVE: { zh: '进行中', en: 'Active' },
  CLOSED: { zh: '已结束', en: 'Closed' },
});
export type SessionStatus = DictValue<typeof SessionStatus>;

/** Who closed a session (`closeWay`) or sent the rating invitation (`scoreWay`). */
export const SessionParty = defineDictionary('dict-session-party', {
  AGENT: { zh: '坐席', en: 'Agent' },
  CUSTOMER: { zh: '客户', en: 'Customer' },
  SYSTEM: { zh: '系统', en: 'System' },
});
export type SessionParty = DictValue<typeof SessionParty>;

/** Field types of a service summary form. */
export const SummaryFieldType = defineDictionary('dict-field-type', {
  INPUT: { zh: '单行文本', en: 'Text' },
  PHONE: { zh: '电话', en: 'Phone' },
  TEXTAREA: { zh: '多行文本', en: 'Long text' },
  INTEGER: { zh: '整数', en: 'Integer' },
  NUMBER: { zh: '数字', en: 'Number' },
  DATE: { zh: '日期', en: 'Date' },
  DATETIME: { zh: '日期时间', en: 'Date and time' },
  RADIO: { zh: '单选', en: 'Radio' },
  TREE_SINGLE: { zh: '树形单选', en: 'Tree, single' },
  LIST_SINGLE: { zh: '下拉单选', en: 'List, single' },
  TREE_MULTI: { zh: '树形多选', en: 'Tree, multiple' },
  CHECKBOX: { zh: '多选', en: 'Checkbox' },
  LIST_MULTI: { zh: '下拉多选', en: 'List, multiple' },
});
export type SummaryFieldType = DictValue<typeof SummaryFieldType>;

/** Satisfaction is valid from 1 to 5; anything else is shown as '--'. */
export const SATISFACTION_MIN = 1;
export const SATISFACTION_MAX = 5;
export function isValidSatisfaction(score: unknown): score is number {
  return typeof score === 'number' && Number.isInteger(score) && score >= SATISFACTION_MIN && score <= SATISFACTION_MAX;
}
export function formatSatisfaction(score: unknown): string {
  return isValidSatisfaction(score) ? String(score) : '--';
}
