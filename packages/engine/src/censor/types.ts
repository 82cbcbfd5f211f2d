import type { ContactCategory } from './contacts.js';
import type { PinyinProvider } from './pinyin.js';
import type { SystemWordCategory } from './system-words.js';

/** What a message with a match undergoes: REPORT retained and logged, FUZZY masked with `*`, ABORT blocked. */
export type CensorOperation = 'REPORT' | 'FUZZY' | 'ABORT';

/** `cs-agent` checks agent messages, `cs-customer` customer messages. */
export type CensorFlag = 'cs-agent' | 'cs-customer';

/** Who a `cs-agent` library is limited to: staff or branch ids (a plain list may hold either); empty means all. */
export type CensorScopes =
  | readonly (string | number)[]
  | {
      readonly staffIds?: readonly (string | number)[];
      readonly branchIds?: readonly (string | number)[];
      readonly staffNames?: readonly string[];
    };

/** A sensitive-word library as the console stores it (spec "Sensitive-word library"), plus matching options. */
export interface CensorLibrary {
  readonly id: string | number;
  readonly name: string;
  /** the words: an array, or one string separated by commas (`,` `，`) or new lines; ignored for SYS_WORDS */
  readonly words?: readonly string[] | string | null;
  readonly operation: CensorOperation;
  /** only ACTIVE libraries scan */
  readonly status: 'ACTIVE' | 'INACTIVE' | string;
  readonly flag: CensorFlag;
  /** CUSTOM uses `words`; SYS_WORDS the system list shipped with the engine (`SYSTEM_WORDS`) */
  readonly tempType?: 'CUSTOM' | 'SYS_WORDS' | null;
  readonly scopes?: CensorScopes | null;
}

/** A system category a library can pick: a part of the system word list, or a contact detector. */
export type CensorCategory = SystemWordCategory | ContactCategory;

/** Matching options of one library (README "Matching"). Every field is optional; stored as JSON by the console. */
export interface CensorLibraryOptions {
  /**
   * skip up to this many noise characters (white space, punctuation, symbols) in all inside a word: `傻*逼`,
   * `傻 逼`; default 0
   */
  readonly skipNoise?: number;
  /** fold traditional Chinese to simplified, character by character and by phrase (`反覆` = `反复`); default false */
  readonly traditional?: boolean;
  /** a match lying inside an occurrence of one of these words is dropped (`大麻` inside `大麻烦`) */
  readonly allowWords?: readonly string[] | string;
  /**
   * letters may not touch letters, digits may not touch digits at the ends of a word made of ASCII (`qq` in
   * `qq12345678`, not `69` in `695`); default true. false: such a word touches no ASCII letter or digit at all.
   */
  readonly classBoundaries?: boolean;
  /** fold digit styles to ASCII digits: Chinese numerals, ①, ⑴, Ⅲ, ³, 𝟑 … (`下三滥` = `下3滥`); default false */
  readonly numberStyles?: boolean;
  /** fold letter styles to ASCII letters: Ⓕ, ⒡, 𝐅, 🅕, ᴀ, é; drop combining marks (`Ⓕⓤc⒦` = `fuck`); default false */
  readonly letterStyles?: boolean;
  /**
   * a run of one character in the text stands for one where the word has one (`fFuck`, `傻傻逼`); a doubled
   * character of the word needs at least two (`assert` is not found in `asert`); default false
   */
  readonly repeats?: boolean;
  /**
   * Chinese words also match written in pinyin, fully or in part (`草泥马`: `caonima`, `草泥ma`; `野火`: `野huo`);
   * needs a pinyin provider (`loadPinyin()` or `CensorOptions.pinyin`); default false
   */
  readonly pinyin?: boolean;
  /**
   * system categories this library scans: for SYS_WORDS, which parts of the system list (default: every word
   * category, no contact detector); for CUSTOM, added to its own words (default none)
   */
  readonly categories?: readonly CensorCategory[];
  /** the character FUZZY masks with (one UTF-16 code unit); default `*` */
  readonly mask?: string;
  /** per word (as the library spells it, folded like the words): what FUZZY writes instead of the match */
  readonly replacements?: Readonly<Record<string, string>>;
}

export interface CensorOptions {
  /** options by library id (the key is the id as a string) */
  readonly libraries?: Readonly<Record<string, CensorLibraryOptions>>;
  /** options for every library that has none of its own in `libraries` */
  readonly defaults?: CensorLibraryOptions;
  /** pinyin for libraries with `pinyin: true` (default: what `loadPinyin()` registered) */
  readonly pinyin?: PinyinProvider;
}

/** The message being scanned: its sender's role and, for agents, who and where. */
export interface CensorMessage {
  /** `AGENT` or `CUSTOMER` (any other role matches no library) */
  readonly role: string;
  readonly staffId?: string | number | null;
  readonly branchId?: string | number | null;
}

export interface CensorMatch {
  readonly banId: string | number;
  readonly libraryName: string;
  /** the word as the library spells it; for a contact detector, its category (`contact-phone`) */
  readonly word: string;
  /** for a contact detector's match: its category, and what it found (digits, id, address; lower case) */
  readonly category?: ContactCategory;
  readonly value?: string;
  /** span in the original text: first character of the word, and after its last (noise inside counted) */
  readonly start: number;
  readonly end: number;
  /** the library's operation as applied to this message (FUZZY on an agent message is REPORT) */
  readonly operation: CensorOperation;
}

export interface CensorResult {
  /**
   * every match, in order of start (then end, library, word); made when first read (a caller that only gates on
   * `operation` or reads `count` makes no object per match)
   */
  readonly matches: readonly CensorMatch[];
  /** how many matches (`matches.length`, without making them) */
  readonly count: number;
  /** the strongest operation present: ABORT over FUZZY over REPORT; null without a match */
  readonly operation: CensorOperation | null;
  /**
   * when the operation is FUZZY, the text with each matched code unit replaced by its library's mask character
   * (`*`), or a match by its word's replacement; else the text as is (under FUZZY made when first read)
   */
  readonly masked: string;
}

export interface CensorScanner {
  scan(text: string, message: CensorMessage): CensorResult;
  /**
   * How many matches `scan` would answer (its `count`), without an answer: for a caller that only counts
   * (benchmarks/README.md, "Censor scan speed")
   */
  count(text: string, message: CensorMessage): number;
}
