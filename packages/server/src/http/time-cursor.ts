import { ApiError } from './api-error.js';

/**
 * A keyset cursor `<time ms>.<row id>`: where the previous page ended, in a list ordered by a time and the row id
 * (messages by send time, sessions by start time). Anything else is a bad request naming `cursor`.
 */
export interface TimeCursor {
  readonly time: number;
  readonly id: number;
}

export function formatTimeCursor(time: number, id: number): string {
  return `${time}.${id}`;
}

export function parseTimeCursor(cursor: string | null | undefined): TimeCursor | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const m = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (m === null)
    throw ApiError.badRequest(
      'INVALID_FIELD',
      `cursor：游标无效 ${cursor}`,
      `cursor: invalid cursor ${cursor}`,
      'cursor',
    );
  return { time: Number(m[1]), id: Number(m[2]) };
}
