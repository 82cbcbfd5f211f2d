import { createContext, type ReactNode, useContext } from 'react';
import { useI18n } from '../i18n/locale-store';
import type { DraftProblem } from './compile-draft';

const ProblemContext = createContext<DraftProblem | null>(null);

export function ProblemProvider({ problem, children }: { problem: DraftProblem | null; children: ReactNode }) {
  return <ProblemContext.Provider value={problem}>{children}</ProblemContext.Provider>;
}

export function useProblem(): DraftProblem | null {
  return useContext(ProblemContext);
}

/** The compiler's message for one builder field, in the interface language; undefined when it has none. */
export function useFieldError(field: string): string | undefined {
  const problem = useContext(ProblemContext);
  const { pick } = useI18n();
  return problem && problem.field === field ? pick(problem) : undefined;
}
