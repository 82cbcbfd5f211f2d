import { type Lang, toFieldErrors } from '@qcdesk/contracts';

/**
 * A refused body's problems, placed: each under the input `placeOf` names for its field path (the first problem of
 * an input wins), the others to the banner at the top, joined.
 */
export function placeProblems(
  error: Parameters<typeof toFieldErrors>[0],
  lang: Lang,
  placeOf: (field: string) => string | null,
): { errors: Record<string, string>; banner: string | null } {
  const errors: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const problem of toFieldErrors(error, lang)) {
    const place = placeOf(problem.field);
    if (place === null) unplaced.push(problem.message);
    else errors[place] ??= problem.message;
  }
  return { errors, banner: unplaced.length > 0 ? unplaced.join('；') : null };
}
