/**
 * The one error type thrown for a rule or scheme that cannot be compiled.
 * It names what (code), where (JSON path inside the rule or scheme) and why,
 * in Chinese and English, so the CLI, the server and the editor can show it as is.
 */
export interface CompileProblem {
  /** Stable machine code, e.g. `KEYWORDS_EMPTY`. */
  readonly code: string;
  /** JSON path inside the compiled object, e.g. `$.conditionConfig.conditions[0].operators[1].param.keywords`. */
  readonly path: string;
  /** Chinese message for people. */
  readonly zh: string;
  /** English message for people. */
  readonly en: string;
  /** Character position inside the offending string (regex, lambda expression), when there is one. */
  readonly position?: number;
}

export class RuleCompileError extends Error {
  override readonly name = 'RuleCompileError';
  readonly ruleId: string | null;
  readonly code: string;
  readonly path: string;
  readonly zh: string;
  readonly en: string;
  readonly position: number | undefined;

  constructor(ruleId: string | null, problem: CompileProblem) {
    const where = ruleId === null ? problem.path : `rule ${ruleId} ${problem.path}`;
    super(`${where}: ${problem.en} / ${problem.zh}`);
    this.ruleId = ruleId;
    this.code = problem.code;
    this.path = problem.path;
    this.zh = problem.zh;
    this.en = problem.en;
    this.position = problem.position;
  }

  /** Plain data for crossing a worker or HTTP boundary. */
  toJSON(): { ruleId: string | null } & CompileProblem {
    const data: { ruleId: string | null } & CompileProblem = {
      ruleId: this.ruleId,
      code: this.code,
      path: this.path,
      zh: this.zh,
      en: this.en,
    };
    return this.position === undefined ? data : { ...data, position: this.position };
  }
}
