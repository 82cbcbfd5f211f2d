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
  /**
   * Keyword ids of which at least one must occur in the session for this operator to hit (HIT_ANY, INCLUDE,
   * NCLUDE: its keywords; REGULAR_EXPRESSION: the literals every match contains, when the shared automaton
   * can see them); null when it can hit without. The trace-free path skips what cannot hit by it.
   */
  readonly requiredKeywords: readonly number[] | null;
  /** the parameters after defaults, for explaining what the operator looked for */
  readonly param: Readonly<Record<string, unknown>>;
  /** The full outcome, "why not" included (the trace). */
  evaluate(context: SessionContext, selection: Selection): OperatorOutcome;
  /**
   * The trace-free answer, the same as `evaluate` gives: its evidence when the operator hits (empty for
   * EXCLUDE_KEYWORDS), null when it does not. Nothing is built for a miss.
   */
  decide(context: SessionContext, selection: Selection): readonly Evidence[] | null;
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

/** The empty evidence list, shared (never mutated). */
export const NO_EVIDENCE: readonly Evidence[] = Object.freeze([]);

export function outcome(
  header: OperatorHeader,
  hit: boolean,
  evidence: readonly Evidence[],
  partial: readonly Evidence[] = NO_EVIDENCE,
  missing?: readonly string[],
): OperatorOutcome {
  const kept = hit ? evidence : NO_EVIDENCE;
  if (missing === undefined)
    return { type: header.type, name: header.name, index: header.index, hit, evidence: kept, partial };
  return { type: header.type, name: header.name, index: header.index, hit, evidence: kept, partial, missing };
}
