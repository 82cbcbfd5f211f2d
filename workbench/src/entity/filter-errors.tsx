import { type FieldError, type Lang, toFieldErrors } from '@qcdesk/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../api/client';
import type { FormBodyCheck } from './types';

/**
 * A list's filters that cannot match, said at their inputs (issue 15, defect 10): an inverted score range under the
 * upper score, a QC number that is not a number under 质检编号, in the words of the contracts' messages. The problems
 * come from the contract check of the body before the call, or from the server's 400 naming the field; each input
 * of the search row (the description's filters and a screen's own) shows the problem of the body field it sets.
 */

/** Problems by body field (`endAiScore`), each in the user's words. */
export type FilterProblems = Readonly<Record<string, string>>;

/** The body field a path starts with: `scores[2]` → `scores`, `timeRange.from` → `timeRange`. */
function topField(path: string): string {
  return /^[^.[]*/.exec(path)![0];
}

function byField(errors: readonly Pick<FieldError, 'field' | 'message'>[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const e of errors) {
    const key = topField(e.field);
    // the first problem of a field is the one to fix first
    if (key !== '' && !(key in problems)) problems[key] = e.message;
  }
  return problems;
}

/** The contract check of a list body: its problems by field, or null when the body passes. */
export function checkFilters(
  check: ((body: Record<string, unknown>) => FormBodyCheck) | undefined,
  body: Record<string, unknown>,
  lang: Lang,
): FilterProblems | null {
  const checked = check?.(body);
  if (!checked || checked.success) return null;
  const problems = byField(toFieldErrors(checked.error, lang));
  return Object.keys(problems).length > 0 ? problems : null;
}

/**
 * The field problems of a failed list load: a 400 that names fields (its `errors`, else its `field` with the message
 * less the field's body name). Null for any other failure (the banner says those).
 */
export function filterProblems(error: unknown): FilterProblems | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const listed = byField((error.errors ?? []).filter((e) => e.field !== ''));
  if (Object.keys(listed).length > 0) return listed;
  if (!error.field) return null;
  // `endAiScore：最高分不能低于最低分` → the message alone: the input shows its own label
  const message = error.message.replace(new RegExp(`^${escapeRegExp(error.field)}\\s*[:：]\\s*`), '');
  return { [topField(error.field)]: message };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface FilterErrorState {
  problems: FilterProblems;
  /** an input of `key` is on screen until the returned function is called */
  shown: (key: string) => () => void;
}

const FilterErrorContext = createContext<FilterErrorState>({ problems: {}, shown: () => () => {} });

/**
 * The problem of the body field `key` for the input that sets it (undefined when there is none); while the input is
 * mounted the list knows the field is on screen, so it neither unfolds for it nor says it in the banner.
 */
export function useFilterError(key: string): string | undefined {
  const { problems, shown } = useContext(FilterErrorContext);
  useEffect(() => shown(key), [shown, key]);
  return problems[key];
}

/** For inputs rendered in a loop: `children` gets the problem of `name`. */
export function WithFilterError({ name, children }: { name: string; children: (error?: string) => ReactNode }) {
  return children(useFilterError(name));
}

/**
 * The list's side: the context value for its inputs, and the problems no mounted input shows (the list unfolds its
 * folded filters for them, or says them in its banner when no input sets that field).
 */
export function useFilterErrorHost(problems: FilterProblems | null): {
  context: FilterErrorState;
  unshown: FilterProblems;
} {
  const [mounted, setMounted] = useState<ReadonlyMap<string, number>>(new Map());
  const shown = useCallback((key: string) => {
    setMounted((m) => new Map(m).set(key, (m.get(key) ?? 0) + 1));
    return () =>
      setMounted((m) => {
        const next = new Map(m);
        const n = (next.get(key) ?? 1) - 1;
        if (n > 0) next.set(key, n);
        else next.delete(key);
        return next;
      });
  }, []);
  const unshown = useMemo(() => {
    const rest: Record<string, string> = {};
    for (const [key, message] of Object.entries(problems ?? {})) if (!mounted.has(key)) rest[key] = message;
    return rest;
  }, [problems, mounted]);
  const context = useMemo(() => ({ problems: problems ?? {}, shown }), [problems, shown]);
  return { context, unshown };
}

export const FilterErrorScope = FilterErrorContext.Provider;
