import { AI_RESULT_LIST } from '../../../entities/ai-result';
import type { RouteLocation } from '../../../router/location';

/** What the overview shows: one AI scheme or all, and a period of whole days. */
export interface OverviewScope {
  schemeId: string | null;
  timeFrom: string;
  timeTo: string;
}

/** The period's days as the result list takes them: today and the `days - 1` before, 'YYYY-MM-DD'. */
export function lastDays(days: number, today = new Date()): { timeFrom: string; timeTo: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { timeFrom: ymd(from), timeTo: ymd(today) };
}

function ymd(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The AI result list filtered to what a figure counted (the list keeps its filters in its query): the scope's scheme
 * and period, with no quick date and any status (`-` clears the list's defaults 昨天 and 已质检), plus the figure's own
 * filter.
 */
export function resultsOf(scope: OverviewScope, more: Readonly<Record<string, string>> = {}): RouteLocation {
  return {
    path: AI_RESULT_LIST,
    query: {
      ...(scope.schemeId ? { schemeId: scope.schemeId } : {}),
      // the list's time inputs take a date and a time: the first day from its start, the last to its end
      timeFrom: `${scope.timeFrom}T00:00:00`,
      timeTo: `${scope.timeTo}T23:59:59`,
      quickDate: '-',
      // every QC status, as the overview counts them (the list's default is 已质检)
      aiStatus: '-',
      ...more,
    },
  };
}

/** One bucket of the trend: its first day to its last (a week is seven days), within the scope's period. */
export function bucketPeriod(scope: OverviewScope, bucket: string, week: boolean): OverviewScope {
  if (!week) return { ...scope, timeFrom: bucket, timeTo: bucket };
  const [y, m, d] = bucket.split('-').map(Number) as [number, number, number];
  const end = ymd(new Date(y, m - 1, d + 6));
  return {
    ...scope,
    // 'YYYY-MM-DD' texts sort as the days they name
    timeFrom: [bucket, scope.timeFrom].sort()[1]!,
    timeTo: [end, scope.timeTo].sort()[0]!,
  };
}
