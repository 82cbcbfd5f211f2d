/** One printed figure: a measured value, with its PERFORMANCE.md target and verdict where there is one. */
export interface Figure {
  readonly suite: string;
  readonly name: string;
  readonly value: number | null;
  readonly unit: string;
  /** the target as PERFORMANCE.md words it, or '' */
  readonly target: string;
  /** true met, false missed, null: no target or not measurable */
  readonly met: boolean | null;
  /** ratios to baselines and remarks */
  readonly note: string;
}

export interface SuiteResult {
  readonly figures: Figure[];
  readonly details: Record<string, unknown>;
}

export function figure(f: Partial<Figure> & Pick<Figure, 'suite' | 'name' | 'value' | 'unit'>): Figure {
  return { target: '', met: null, note: '', ...f };
}

/** A correctness check run inside the benchmark: the engine's answer against a baseline or the in-process result. */
export interface Check {
  readonly suite: string;
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** Every check of this run, in order; `npm run bench` prints them and exits 1 when one failed. */
export const checks: Check[] = [];

export function check(suite: string, name: string, ok: boolean, detail: string): boolean {
  checks.push({ suite, name, ok, detail });
  if (!ok) process.stderr.write(`CHECK FAILED ${suite}: ${name}: ${detail}\n`);
  return ok;
}
