import { ApiError } from '../http/api-error.js';

/** How many users of a record a refusal names; the rest are counted. */
const SHOWN = 5;

/**
 * The users of a record that keep it out of the trash, as a refusal names them: the first five, and the rest
 * counted (` 等 7 条线路` / ` and 2 more`, empty when all are named). Each refusal keeps its own sentence.
 */
export function usersShown(
  names: readonly string[],
  zhUnit: string,
): { readonly shown: readonly string[]; readonly zhMore: string; readonly enMore: string } {
  const shown = names.slice(0, SHOWN);
  const more = names.length - shown.length;
  return {
    shown,
    zhMore: more > 0 ? ` 等 ${names.length} ${zhUnit}` : '',
    enMore: more > 0 ? ` and ${more} more` : '',
  };
}

/** A catalogue refusal naming the first users (its values), with the rest counted after its sentence. */
export function withUsersCounted(error: ApiError, names: readonly string[], zhUnit: string): ApiError {
  const { zhMore, enMore } = usersShown(names, zhUnit);
  return zhMore === ''
    ? error
    : new ApiError(error.status, error.code, `${error.zh}${zhMore}`, `${error.en}${enMore}`, error.field);
}
