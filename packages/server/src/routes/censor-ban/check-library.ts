import type { CensorBanOptions, CensorBanSave } from '@qcdesk/contracts';
import { CensorLibraryError, compileCensor, loadPinyinIfAsked } from '@qcdesk/engine';
import { ApiError } from '../../http/api-error.js';

/** The body's fields, by the names the engine's paths use (`$[0].skipNoise` is `options.skipNoise`). */
const OPTION_FIELDS = new Set<string>([
  'skipNoise',
  'traditional',
  'allowWords',
  'classBoundaries',
  'numberStyles',
  'letterStyles',
  'repeats',
  'pinyin',
  'categories',
  'mask',
  'replacements',
]);

/**
 * The engine decides what a library means: compile it (ACTIVE, whatever the stored status, so its words are
 * compiled) as the scanners will, and answer the engine's refusal as a 400 on the field it names. The contract has
 * already checked the shape; this is what only the matcher knows. A pinyin library needs pinyin-pro loaded first
 * (the engine never imports it statically; once loaded it stays registered for every later compile).
 */
export async function checkLibrary(body: CensorBanSave, options: CensorBanOptions): Promise<void> {
  const engineOptions = { libraries: { new: options } };
  await loadPinyinIfAsked(engineOptions);
  try {
    compileCensor(
      [
        {
          id: 'new',
          name: body.name,
          operation: body.operation,
          status: 'ACTIVE',
          flag: body.flag,
          tempType: body.tempType,
          words: body.tempType === 'SYS_WORDS' ? [] : body.words,
          scopes: body.scopes ?? null,
        },
      ],
      engineOptions,
    );
  } catch (error) {
    if (error instanceof CensorLibraryError) throw libraryErrorToApi(error);
    throw error;
  }
}

/** `$[0].words[3]` → field `words[3]`, `$[0].skipNoise` → `options.skipNoise`; the engine's reason in the message. */
export function libraryErrorToApi(error: CensorLibraryError): ApiError {
  const inner = error.path.replace(/^\$(\[\d+\])?\.?/, '');
  const head = inner.split(/[.[]/)[0] ?? '';
  const field = inner === '' ? 'words' : OPTION_FIELDS.has(head) ? `options.${inner}` : inner;
  const reason = error.message.startsWith(`${error.path}: `)
    ? error.message.slice(error.path.length + 2)
    : error.message;
  return ApiError.of(400, 'CENSOR_LIBRARY', 'censor.wordRefused', { reason }, field);
}
