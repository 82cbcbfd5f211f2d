import { useCallback, useMemo } from 'react';
import { changedList, decodeList, encodeList, type ListField, type ListValues } from './list-state';
import type { RouteLocation } from './location';
import { navigate } from './router-store';

/**
 * A list screen's own part of its place (quick date, status radio, sort, score ranges…) read from the route's query,
 * and a change of it as a new history entry (back page 1, unless the change names the page). `fields` must be stable.
 */
export function useListPlace(location: RouteLocation, fields: readonly ListField[]) {
  const key = JSON.stringify(decodeList(location.query, fields));
  const values = useMemo(() => JSON.parse(key) as Readonly<Record<string, string | string[]>>, [key]);
  const set = useCallback(
    (change: ListValues) => navigate(location.path, changedList(location, encodeList(change, fields))),
    [location, fields],
  );
  return { values, set, key };
}

/** A search-row draft's value: text, a number or '' (none), or several choices. */
export type DraftValue = string | number | readonly string[];

/** A draft of inputs from the place's values: `numeric` keys become numbers ('' stays none), lists stay lists. */
export function draftOf<D extends Record<string, DraftValue>>(
  values: Readonly<Record<string, string | readonly string[]>>,
  empty: D,
  numeric: readonly (keyof D & string)[] = [],
): D {
  const draft: Record<string, DraftValue> = { ...empty };
  for (const key of Object.keys(empty)) {
    const value = values[key];
    if (value === undefined) continue;
    if (Array.isArray(empty[key])) draft[key] = typeof value === 'string' ? (value === '' ? [] : [value]) : [...value];
    else if (typeof value !== 'string') draft[key] = value.join(',');
    else if (numeric.includes(key) && value !== '' && Number.isFinite(Number(value))) draft[key] = Number(value);
    else draft[key] = value;
  }
  return draft as D;
}

/** The place's values of a draft (numbers as text). */
export function valuesOf(draft: Readonly<Record<string, DraftValue>>): ListValues {
  const values: ListValues = {};
  for (const [key, value] of Object.entries(draft)) values[key] = typeof value === 'number' ? String(value) : value;
  return values;
}
