import { type DictValue, defineDictionary } from './dictionary.js';

/** QC task types; the list opens on OFFLINE_TEXT and a task's type is fixed once chosen. */
export const QcTaskType = defineDictionary('dict-qc-task-type', {
  OFFLINE_TEXT: { zh: '离线文本', en: 'Offline text' },
  REAL_TIME_TEXT: { zh: '实时文本', en: 'Real-time text' },
  OFFLINE_VOICE: { zh: '离线语音', en: 'Offline voice' },
  REAL_TIME_VOICE: { zh: '实时语音', en: 'Real-time voice' },
});
export type QcTaskType = DictValue<typeof QcTaskType>;
export const DEFAULT_TASK_TYPE: QcTaskType = 'OFFLINE_TEXT';
