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

/** Matching options of one library. */
export interface CensorLibraryOptions {
  /** skip up to this many noise characters (white space, punctuation, symbols) inside a word: `傻*逼`, `傻 逼`; default 0 */
  readonly skipNoise?: number;
  /** fold traditional Chinese characters to simplified ones, in the text and in the words; default false */
  readonly traditional?: boolean;
  /** a match lying inside an occurrence of one of these words is dropped (`大麻` inside `大麻烦`) */
  readonly allowWords?: readonly string[] | string;
}

export interface CensorOptions {
  /** options by library id (the key is the id as a string) */
  readonly libraries?: Readonly<Record<string, CensorLibraryOptions>>;
  /** options for every library that has none of its own in `libraries` */
  readonly defaults?: CensorLibraryOptions;
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
  /** the word as the library spells it */
  readonly word: string;
  /** span in the original text: first character of the word, and after its last (noise inside counted) */
  readonly start: number;
  readonly end: number;
  /** the library's operation as applied to this message (FUZZY on an agent message is REPORT) */
  readonly operation: CensorOperation;
}

export interface CensorResult {
  readonly matches: readonly CensorMatch[];
  /** the strongest operation present: ABORT over FUZZY over REPORT; null without a match */
  readonly operation: CensorOperation | null;
  /** the text with each matched character replaced by `*` when the operation is FUZZY, else the text as is */
  readonly masked: string;
}

export interface CensorScanner {
  scan(text: string, message: CensorMessage): CensorResult;
}
