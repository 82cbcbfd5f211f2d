import { type DictValue, defineDictionary } from './dictionary.js';

/** Soft delete (`deleted`): NONE normal, TRASH the recycle view, BUFFER permanently emptied. */
export const Deleted = defineDictionary('dict-deleted', {
  NONE: { zh: '正常', en: 'Normal' },
  TRASH: { zh: '回收站', en: 'Trash' },
  BUFFER: { zh: '已清空', en: 'Emptied' },
});
export type Deleted = DictValue<typeof Deleted>;

/** The ACTIVE/INACTIVE status of schemes, QC tasks and sensitive-word libraries, toggled in bulk. */
export const ActiveStatus = defineDictionary('dict-status', {
  ACTIVE: { zh: '启用', en: 'Active' },
  INACTIVE: { zh: '停用', en: 'Inactive' },
});
export type ActiveStatus = DictValue<typeof ActiveStatus>;
export const SchemeStatus = ActiveStatus;
export type SchemeStatus = ActiveStatus;
export const TaskStatus = ActiveStatus;
export type TaskStatus = ActiveStatus;
export const CensorBanStatus = ActiveStatus;
export type CensorBanStatus = ActiveStatus;

/**
 * Quick date filter of the result, complaint and log lists. YESTERDAY is the default; DAY7 is today and the
 * 6 days before it, DAY30 today and the 29 before; ALL has no limits. The server computes the bounds in its
 * configured time zone (packages/server/src/http/quick-date.ts).
 */
export const QuickDate = defineDictionary('dict-quick-date', {
  YESTERDAY: { zh: '昨天', en: 'Yesterday' },
  TODAY: { zh: '今天', en: 'Today' },
  DAY7: { zh: '近7天', en: 'Last week' },
  DAY30: { zh: '近30天', en: 'Last 30 days' },
  ALL: { zh: '全部', en: 'All' },
});
export type QuickDate = DictValue<typeof QuickDate>;
export const DEFAULT_QUICK_DATE: QuickDate = 'YESTERDAY';

export const SortDirection = defineDictionary('dict-sort-direction', {
  asc: { zh: '升序', en: 'Ascending' },
  desc: { zh: '降序', en: 'Descending' },
});
export type SortDirection = DictValue<typeof SortDirection>;

/** Sort keys of `scoreSorts` ('ai_score asc', 'manual_score desc'). */
export const ScoreSortKey = defineDictionary('dict-score-sort-key', {
  ai_score: { zh: 'AI得分', en: 'AI score' },
  manual_score: { zh: '人工得分', en: 'Manual score' },
});
export type ScoreSortKey = DictValue<typeof ScoreSortKey>;

/** Modal sizes of the `_modal` route query. */
export const ModalSize = defineDictionary('dict-modal-size', {
  small: { zh: '小', en: 'Small' },
  large: { zh: '大', en: 'Large' },
  full: { zh: '全屏', en: 'Full' },
});
export type ModalSize = DictValue<typeof ModalSize>;
