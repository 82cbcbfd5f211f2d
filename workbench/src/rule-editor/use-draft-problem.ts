import { useEffect, useState } from 'react';
import { compileDraft, type DraftProblem } from './compile-draft';
import type { RuleDraft } from './draft';

/** Compiles the draft with the engine a moment after the last change (debounced) and answers its problem. */
export function useDraftProblem(
  rule: { id?: string | number | null; name?: string },
  draft: RuleDraft,
  delayMs = 200,
): DraftProblem | null {
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const { id, name } = rule;
  useEffect(() => {
    const timer = setTimeout(() => setProblem(compileDraft({ id, name }, draft)), delayMs);
    return () => clearTimeout(timer);
  }, [id, name, draft, delayMs]);
  return problem;
}
