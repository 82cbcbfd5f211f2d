/**
 * Pinyin for the `pinyin` library option (README "Matching"): a pinyin library's Chinese words are also stored in
 * pinyin, and a text with letters in it is also read with each Chinese character as its syllable (`野huo` →
 * `yehuo`), so any mix of characters and pinyin finds the word with one pattern. The engine runs in browsers too,
 * and a pinyin dictionary is large (pinyin-pro: about 460 KB minified, 145 KB gzipped), so it is never imported
 * statically: `loadPinyin()` imports pinyin-pro on demand (a separate chunk for a bundler) and registers it, or a
 * caller passes its own provider as `CensorOptions.pinyin`.
 */

/**
 * The pinyin of each character of a word, in order of code points: the syllable in lower case without tone marks
 * (`ü` written `v`), or null for a character that is not Chinese. Readings are taken in the word's context
 * (`银行` → `yin hang`).
 */
export type PinyinProvider = (word: string) => readonly (string | null)[];

let registered: PinyinProvider | null = null;

/** The provider `loadPinyin` registered, or null. */
export function registeredPinyin(): PinyinProvider | null {
  return registered;
}

/** Imports pinyin-pro, registers a provider built on it for every later `compileCensor`, and returns it. */
export async function loadPinyin(): Promise<PinyinProvider> {
  if (registered) return registered;
  const { pinyin } = await import('pinyin-pro');
  const han = /^\p{Script=Han}$/u;
  // `type: 'array'` gives one item per code point (the character itself when it has no pinyin), five times faster
  // than `type: 'all'`, and reads polyphones in context (`长城` → `chang cheng`)
  registered = (word) => {
    const chars = [...word];
    const syllables = pinyin(word, { toneType: 'none', type: 'array', v: true });
    if (syllables.length !== chars.length) return chars.map(() => null);
    return syllables.map((s, i) => (han.test(chars[i]!) && /^[a-z]+$/.test(s) ? s : null));
  };
  return registered;
}

const HAN = /^\p{Script=Han}$/u;

/**
 * The pinyin spellings of a (folded) word as a pinyin library stores them: each Chinese character replaced by its
 * syllable, read in the word's context (`银行` → `yinhang`) and, where that differs, by each character's own
 * reading, which is how the text is read (`yinxing`). Other characters stay. Empty when the word has no Chinese.
 */
export function pinyinSpellings(
  word: string,
  provider: PinyinProvider,
  reading: (unit: number) => string | null,
): string[] {
  const chars = [...word];
  const syllables = provider(word);
  if (syllables.length !== chars.length || !syllables.some((s) => s !== null)) return [];
  const inContext = chars.map((c, i) => syllables[i] ?? c).join('');
  const alone = chars.map((c) => (c.length === 1 && HAN.test(c) ? (reading(c.charCodeAt(0)) ?? c) : c)).join('');
  return inContext === alone ? [inContext] : [inContext, alone];
}

/** Each character's own reading, asked of the provider once per character and kept. */
export class PinyinReadings {
  private readonly known = new Map<number, string | null>();

  constructor(private readonly provider: PinyinProvider) {}

  reading(unit: number): string | null {
    let syllable = this.known.get(unit);
    if (syllable === undefined) {
      syllable = this.provider(String.fromCharCode(unit))[0] ?? null;
      this.known.set(unit, syllable);
    }
    return syllable;
  }
}

/**
 * Loads pinyin-pro when some library of `options` asks for pinyin and no provider is at hand: what an async caller
 * (the CLI, a server) awaits once before a synchronous `compileCensor`.
 */
export async function loadPinyinIfAsked(options: {
  readonly libraries?: Readonly<Record<string, { readonly pinyin?: boolean }>>;
  readonly defaults?: { readonly pinyin?: boolean };
  readonly pinyin?: PinyinProvider;
}): Promise<void> {
  if (options.pinyin !== undefined || registered !== null) return;
  const asks =
    options.defaults?.pinyin === true || Object.values(options.libraries ?? {}).some((o) => o?.pinyin === true);
  if (asks) await loadPinyin();
}
