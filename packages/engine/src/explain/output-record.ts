import type { InspectionResult } from '../match/inspect.js';
import type { AngleResult } from '../score/scheme-score.js';
import type { Evidence } from './evidence.js';

export interface OutputHit {
  readonly message: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly operator: string;
  readonly keyword?: string;
  readonly pattern?: string;
  readonly phrase?: string;
  readonly similarity?: number;
  readonly repeatOf?: number;
  readonly label?: string;
  readonly confidence?: number;
}

export interface OutputRecord {
  readonly sessionId: string;
  readonly rules: readonly {
    readonly ruleId: string;
    readonly hit: boolean;
    readonly hitCount: number;
    readonly score: number;
    readonly conditions: Readonly<Record<string, { readonly hit: boolean; readonly hits: readonly OutputHit[] }>>;
  }[];
  readonly aiScore?: number;
  readonly isVeto?: boolean;
  readonly angles?: readonly AngleResult[];
}

function toHit(e: Evidence): OutputHit {
  const { operatorIndex: _index, ...hit } = e;
  return hit;
}

/** The `qc-engine inspect` output line for one session: every rule, hit or not; scheme fields only with a scheme. */
export function toOutputRecord(result: InspectionResult): OutputRecord {
  const record: OutputRecord = {
    sessionId: result.sessionId,
    rules: result.rules.map((rule) => ({
      ruleId: rule.ruleId,
      hit: rule.hit,
      hitCount: rule.hitCount,
      score: rule.score,
      conditions: Object.fromEntries(rule.conditions.map((c) => [c.cid, { hit: c.hit, hits: c.hits.map(toHit) }])),
    })),
  };
  if (result.aiScore === undefined) return record;
  return { ...record, aiScore: result.aiScore, isVeto: result.isVeto ?? false, angles: result.angles ?? [] };
}
