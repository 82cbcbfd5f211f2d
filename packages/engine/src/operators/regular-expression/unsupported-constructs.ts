/**
 * Constructs the linear-time engine cannot run, or would run with other results than
 * JavaScript: lookarounds, backreferences, counts above RE2's 1000, optional repetitions that
 * prefer an empty match.
 */
import { findEmptyPreferringRepetition } from './empty-iteration.js';
import { type ParsedRegex, partOf, type RegexNode, walk } from './regex-ast.js';
import { unsupported } from './regex-problems.js';
import type { RegexProblem } from './safe-regex.js';

const MAX_REPEAT = 1000;

/** Constructs RE2 cannot run, leftmost first. */
export function findUnsupported(parsed: ParsedRegex): RegexProblem | null {
  let problem: RegexProblem | null = null;
  walk(parsed.ast, (node: RegexNode) => {
    if (problem !== null) return false;
    const at = (): { part: string; index: number } => partOf(parsed, node);
    if (node.type === 'group' && node.behavior !== 'normal' && node.behavior !== 'ignore') {
      problem = unsupported('lookaround', at().part, at().index);
    } else if (node.type === 'reference') {
      problem = unsupported('backreference', at().part, at().index);
    } else if (node.type === 'quantifier' && (node.min > MAX_REPEAT || (node.max ?? 0) > MAX_REPEAT)) {
      problem = unsupported('repeat-count', at().part, at().index);
    }
    return problem === null;
  });
  return problem;
}

export function findEmptyPreference(parsed: ParsedRegex): RegexProblem | null {
  const quantifier = findEmptyPreferringRepetition(parsed);
  if (quantifier === null) return null;
  const { part, index } = partOf(parsed, quantifier);
  return unsupported('empty-preference', part, index);
}
