import { z } from 'zod';
import { CensorCategory, CensorFlag, CensorOperation, CensorTempType } from '../enums/chat.js';
import { ActiveStatus } from '../enums/common.js';
import { auditShape, err, idSchema, LIMITS, requiredText, storableString, timeSchema } from '../fields.js';
import { requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { censorSpanSchema } from './censor-log.js';

/** Staff or branches a cs-agent library is limited to (empty: everyone). */
export const censorScopesSchema = z.object({
  branchIds: z.array(z.string()).default([]),
  staffIds: z.array(z.string()).default([]),
  staffNames: z.array(z.string()).default([]),
});

/** The most noise characters a library may skip inside one word (`傻**逼` is 2). */
export const CENSOR_SKIP_NOISE_MAX = 5;
/** Most words (and allow words) in one library, and the longest word. */
export const CENSOR_WORDS_MAX = 10_000;
export const CENSOR_WORD_LENGTH_MAX = 100;

/**
 * A word list as the form sends it (tags): each word trimmed, blank ones dropped, repeats dropped (the first kept,
 * in order) — the same word twice is one word, and a tag of spaces is no word.
 */
const wordListSchema = z
  .array(storableString().max(CENSOR_WORD_LENGTH_MAX, err('censor.wordTooLong')))
  .max(CENSOR_WORDS_MAX, err('censor.tooManyWords'))
  .transform((words) => [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))]);

/** The longest FUZZY replacement, the longest word it replaces, and how many replacements one library holds. */
export const CENSOR_REPLACEMENT_LENGTH_MAX = 20;
export const CENSOR_REPLACEMENTS_MAX = 1000;

/** One UTF-16 code unit that is not half of a surrogate pair: what the engine masks each unit of a match with. */
const maskSchema = z
  .string(err('censor.maskOneCharacter'))
  .refine((mask) => mask.length === 1 && !(mask >= '\ud800' && mask <= '\udfff'), err('censor.maskOneCharacter'));

/**
 * Word → what FUZZY writes instead of it. Words are trimmed (the engine folds them the same way as the library's
 * words); a blank word or one longer than a word may be is refused on its own key, so the form can point at it.
 */
const replacementsSchema = z
  .record(z.string(), storableString().max(CENSOR_REPLACEMENT_LENGTH_MAX, err('censor.replacementTooLong')))
  .superRefine((replacements, ctx) => {
    const words = Object.keys(replacements);
    if (words.length > CENSOR_REPLACEMENTS_MAX) ctx.addIssue({ code: 'custom', message: 'censor.tooManyReplacements' });
    for (const word of words) {
      const trimmed = word.trim();
      if (trimmed === '' || trimmed.length > CENSOR_WORD_LENGTH_MAX)
        ctx.addIssue({ code: 'custom', message: 'censor.replacementWordInvalid', path: [word] });
    }
  })
  .transform((replacements) =>
    Object.fromEntries(Object.entries(replacements).map(([word, text]) => [word.trim(), text])),
  );

/**
 * A library's matching options, the engine's `CensorLibraryOptions` (engine README "Matching"), with the engine's
 * defaults: `skipNoise` noise characters skipped inside a word (0..5), `traditional` folds traditional characters to
 * simplified, `allowWords` drop a match lying inside one of them (`大麻` inside `大麻烦`), `classBoundaries` (on:
 * `qq` is found in `qq12345678`), `numberStyles` (`微①信`), `letterStyles` (`Ⓕⓤc⒦`), `repeats` (`傻傻逼`), `pinyin`
 * (`caonima`), `categories` (system categories; none given is the engine's default: the whole system list for
 * SYS_WORDS, nothing added for CUSTOM — so an empty list is stored as no list), `mask` and `replacements` (FUZZY).
 * Strict: a key the engine does not know is refused, not stored and ignored.
 */
export const censorBanOptionsSchema = z.strictObject({
  skipNoise: z
    .number()
    .int(err('censor.skipNoiseRange'))
    .min(0, err('censor.skipNoiseRange'))
    .max(CENSOR_SKIP_NOISE_MAX, err('censor.skipNoiseRange'))
    .default(0),
  traditional: z.boolean().default(false),
  allowWords: wordListSchema.default([]),
  classBoundaries: z.boolean().default(true),
  numberStyles: z.boolean().default(false),
  letterStyles: z.boolean().default(false),
  repeats: z.boolean().default(false),
  pinyin: z.boolean().default(false),
  categories: z
    .array(CensorCategory.schema)
    .nullish()
    .transform((categories) => (categories == null || categories.length === 0 ? undefined : [...new Set(categories)])),
  mask: maskSchema.default('*'),
  replacements: replacementsSchema.default({}),
});
export type CensorBanOptions = z.infer<typeof censorBanOptionsSchema>;
/** Options as a body may send them or an older row holds them: any field may be missing (it reads as its default). */
export type CensorBanOptionsInput = z.input<typeof censorBanOptionsSchema>;

/** A sensitive-word library: every word (the list screen previews the first LIMITS.wordPreview). */
export const censorBanSchema = z.object({
  id: z.string(),
  name: z.string(),
  words: z.array(z.string()).default([]),
  operation: CensorOperation.schema,
  status: ActiveStatus.schema,
  flag: CensorFlag.schema,
  tempType: CensorTempType.schema,
  matches: z.number().int().nullish(),
  scopes: censorScopesSchema.nullish(),
  options: censorBanOptionsSchema,
  version: z.number().int().nullish(),
  ...auditShape,
});
export type CensorBan = z.infer<typeof censorBanSchema>;

/**
 * /v3/system/censor-ban/create or /change: name and operation required; words required only for CUSTOM (a SYS_WORDS
 * library scans with the engine's system list, and the server stores no words for it); words trimmed, blanks and
 * repeats dropped; FUZZY is not offered for cs-agent libraries. Whether the engine can compile the words is the
 * server's check.
 */
export const censorBanSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    operation: CensorOperation.schema,
    flag: CensorFlag.schema,
    tempType: CensorTempType.schema.default('CUSTOM'),
    words: wordListSchema.default([]),
    scopes: censorScopesSchema.nullish(),
    options: censorBanOptionsSchema.prefault({}),
  })
  .superRefine((b, ctx) => {
    requireVersionOnChange(b, ctx);
    if (b.tempType === 'CUSTOM' && b.words.length === 0)
      ctx.addIssue({ code: 'custom', message: 'censor.wordsRequired', path: ['words'] });
    if (b.flag === 'cs-agent' && b.operation === 'FUZZY')
      ctx.addIssue({ code: 'custom', message: 'censor.fuzzyNotForAgent', path: ['operation'] });
  });
export type CensorBanSave = z.infer<typeof censorBanSaveSchema>;

/** One record of the sensitive-word log. */
export const censorLogRecordSchema = z.object({
  id: z.string(),
  censorBanName: z.string().nullish(),
  censorBanId: idSchema.nullish(),
  censorWords: z.array(z.string()).default([]),
  censorOperation: CensorOperation.schema,
  lineName: z.string().nullish(),
  sessionId: z.string(),
  chatId: z.string().nullish(),
  text: z.string(),
  senderNick: z.string().nullish(),
  senderRole: z.string(),
  senderAvatar: z.string().nullish(),
  sendTime: timeSchema,
  /** beyond the spec: the message the record is about, and each match in `text` (the screen paints them red) */
  messageId: z.string().nullish(),
  censorSpans: z.array(censorSpanSchema).optional(),
});
export type CensorLogRecord = z.infer<typeof censorLogRecordSchema>;
