import { type Compiled, compileRule, compileRules, compileScheme, RuleCompileError } from '../index.js';
import { CliError, loadRules, readJsonFile } from './load-rules.js';

/** Loads and compiles the rules (and scheme); a rule that does not compile is exit code 2 naming rule, path and reason. */
export async function compileInputs(rulesPath: string, schemePath: string | undefined): Promise<Compiled> {
  const rules = await loadRules(rulesPath);
  const scheme = schemePath === undefined ? undefined : await readJsonFile(schemePath, 'scheme');
  try {
    return scheme === undefined ? compileRules(rules) : compileScheme(scheme, rules);
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    throw new CliError(describeCompileError(error, rules, rulesPath, schemePath), 2);
  }
}

function describeCompileError(
  error: RuleCompileError,
  rules: readonly unknown[],
  rulesPath: string,
  schemePath: string | undefined,
): string {
  const reason = `${error.en} / ${error.zh}`;
  if (error.ruleId === null) {
    // A rule without a usable id, or the scheme itself: find which by compiling the rules one at a time.
    const item = rules.findIndex((rule) => {
      try {
        compileRule(rule);
        return false;
      } catch {
        return true;
      }
    });
    if (item >= 0) return `${rulesPath}[${item}] ${error.path}: ${reason}`;
    return `scheme ${schemePath ?? ''} ${error.path}: ${reason}`;
  }
  const item = rules.findIndex(
    (r) => r !== null && typeof r === 'object' && String((r as { id?: unknown }).id) === error.ruleId,
  );
  return `rule ${error.ruleId} (${rulesPath}[${item}]) ${error.path}: ${reason}`;
}
