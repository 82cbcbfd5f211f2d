export { CensorLibraryError } from './censor-library-error.js';
export { type CensoredMessage, type CensoredSession, censorSession } from './censor-session.js';
export { compileCensor } from './compile-censor.js';
export { maskSpans } from './mask.js';
export { SYSTEM_WORDS, type SystemWordCategory, systemWordList } from './system-words.js';
export { foldTraditional } from './traditional.js';
export type {
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
