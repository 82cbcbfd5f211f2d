import type { JsonReader } from '../compile/json-reader.js';
import type { KeywordTable } from '../compile/keyword-table.js';
import type { Evidence } from '../explain/evidence.js';
import type { Selection } from '../match/select-sentences.js';
import type { SessionContext } from '../match/session-context.js';
import type { ModelProvider } from '../models/model-provider.js';
import type { OperatorType, Role } from '../rule/types.js';

/** What an operator found in one selection; `partial` and `missing` explain a miss ("why not"). */
export interface OperatorOutcome {
  readonly type: OperatorType;
  readonly name: string;
  readonly index: number;
  readonly hit: boolean;
  /** the evidence when the operator hit; empty otherwise */
  readonly evidence: readonly Evidence[];
  /** what was found although it did not suffice (or, for EXCLUDE_KEYWORDS, what spoiled it) */
  readonly partial: readonly Evidence[];
  /** keywords that were looked for and not found */
  readonly missing?: readonly string[];
}

export interface CompiledOperator {
  readonly type: OperatorType;
  readonly name: string;
  readonly index: number;
  /** ABUSE_MODEL forces AGENT, CUSTOMER_CHECK_MODEL forces CUSTOMER */
  readonly forcedRole: Role | null;
  /** keyword ids that must occur for this operator to hit (HIT_ANY, INCLUDE, NCLUDE); null when it can hit without */
  readonly requiredKeywords: readonly number[] | null;
  /** the parameters after defaults, for explaining what the operator looked for */
  readonly param: Readonly<Record<string, unknown>>;
  evaluate(context: SessionContext, selection: Selection): OperatorOutcome;
}

export interface CompileEnvironment {
  readonly keywords: KeywordTable;
  readonly models: ModelProvider;
}

export interface OperatorHeader {
  readonly type: OperatorType;
  readonly name: string;
  readonly index: number;
}

/** How each operator type compiles its `param`; the registry is typed so that a missing type fails to compile. */
export interface OperatorSpec {
  compile(
    param: Record<string, unknown>,
    header: OperatorHeader,
    reader: JsonReader,
    path: string,
    environment: CompileEnvironment,
  ): CompiledOperator;
}

export function outcome(
  header: OperatorHeader,
  hit: boolean,
  evidence: readonly Evidence[],
  partial: readonly Evidence[] = [],
  missing?: readonly string[],
): OperatorOutcome {
  const base = {
    type: header.type,
    name: header.name,
    index: header.index,
    hit,
    evidence: hit ? evidence : [],
    partial,
  };
  return missing === undefined ? base : { ...base, missing };
}
