/**
 * Small builders for rules and sessions, shared by the engine's stage, semantics and property tests.
 * A session message is `[role, text]` with role 'A' (AGENT), 'C' (CUSTOMER) or any other role name;
 * text null is a non-text message (an image).
 */
import { type CompiledRule, compileRule } from '../../src/compile/compile-rule.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';
import type { Evidence } from '../../src/explain/evidence.js';
import { type InspectionResult, inspect, type RuleResult } from '../../src/match/inspect.js';

export type Message = readonly [role: string, text: string | null];

const ROLE_NAMES: Record<string, string> = { A: 'AGENT', C: 'CUSTOMER' };

export function session(...messages: Message[]): {
  sessionId: string;
  messages: { role: string; text: string | null }[];
} {
  return { sessionId: 's1', messages: messages.map(([role, text]) => ({ role: ROLE_NAMES[role] ?? role, text })) };
}

export type Json = Record<string, unknown>;

export function op(type: string, param: Json): Json {
  return { type, param };
}
export const anyKeywords = (keywords: string[], param: Json = {}) => op('HIT_ANY_KEYWORDS', { keywords, ...param });
export const includeKeywords = (keywords: string[], param: Json = {}) => op('INCLUDE_KEYWORDS', { keywords, ...param });
export const ncludeKeywords = (keywords: string[], keywordMatchSize: number, param: Json = {}) =>
  op('NCLUDE_KEYWORDS', { keywords, keywordMatchSize, ...param });
export const excludeKeywords = (keywords: string[]) => op('EXCLUDE_KEYWORDS', { keywords });

export function condition(cid: string, operators: Json | Json[], checkRange?: Json): Json {
  const list = Array.isArray(operators) ? operators : [operators];
  return checkRange === undefined ? { cid, operators: list } : { cid, operators: list, checkRange };
}

export function rule(conditions: Json[], config: Json = {}, id = 'r1'): Json {
  return { id, name: `rule ${id}`, conditionConfig: { conditions, ...config } };
}

/** Compiles and inspects one rule; returns its result. */
export function run(ruleJson: unknown, sessionJson: unknown): RuleResult {
  return inspectOne(compileRule(ruleJson), sessionJson).rules[0]!;
}

export function inspectOne(compiled: CompiledRule, sessionJson: unknown): InspectionResult {
  return inspect(compiled, sessionJson);
}

/** A condition's evidence as `[message, start, end, text]`. */
export function spans(result: RuleResult, cid: string): [number, number, number, string][] {
  const c = result.conditions.find((x) => x.cid === cid);
  if (c === undefined) throw new Error(`no condition ${cid}`);
  return c.hits.map((e: Evidence) => [e.message, e.start, e.end, e.text]);
}

/** The messages carrying a condition's evidence. */
export function hitMessages(result: RuleResult, cid: string): number[] {
  return [...new Set(spans(result, cid).map(([m]) => m))];
}

export function conditionHit(result: RuleResult, cid: string): boolean {
  const c = result.conditions.find((x) => x.cid === cid);
  if (c === undefined) throw new Error(`no condition ${cid}`);
  return c.hit;
}

/** The RuleCompileError `fn` throws; checks that it carries both a Chinese and an English message. */
export function compileError(fn: () => unknown): RuleCompileError {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    if (error.zh.trim() === '' || error.en.trim() === '') throw new Error(`${error.code}: a message is missing`);
    return error;
  }
  throw new Error('expected a RuleCompileError, nothing was thrown');
}
