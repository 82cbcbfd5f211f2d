export { CensorLibraryError } from './censor-library-error.js';
export { type CensoredMessage, type CensoredSession, censorSession } from './censor-session.js';
export { compileCensor } from './compile-censor.js';
export { CONTACT_CATEGORIES, type ContactCategory } from './contacts.js';
export { type MaskSpan, maskMatches, maskSpans } from './mask.js';
export { loadPinyin, loadPinyinIfAsked, type PinyinProvider } from './pinyin.js';
export { SYSTEM_WORDS, type SystemWordCategory, systemWordList } from './system-words.js';
export { foldTraditional, foldTraditionalPhrases } from './traditional.js';
export type {
  CensorCategory,
  CensorFlag,
  CensorLibrary,
  CensorLibraryOptions,
  CensorMatch,
  CensorMessage,
  CensorOperation,
  CensorOptions,
  CensorResult,
  CensorScanner,
  CensorScopes,
} from './types.js';
export { parseWords } from './words.js';
