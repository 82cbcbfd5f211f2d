/**
 * Replay: the inspection state after each prefix of a session's messages, as the replay tester steps through a
 * transcript. Step k is exactly `inspect(compiled, first k messages)` (a differential test holds it to that), reduced
 * to what a step shows: rule and condition outcomes, evidence, "why not" for every condition that did not hit, and
 * the scheme's angle results and AI score.
 */
import type { Evidence } from '../explain/evidence.js';
import { type WhyNot, whyNot } from '../explain/why-not.js';
import { type Compiled, type InspectionResult, inspect } from '../match/inspect.js';
import type { ModelUse } from '../models/model-provider.js';
import { readSession } from '../transcript/read-session.js';
import type { Sentence, Transcript } from '../transcript/types.js';

export interface ReplayCondition {
  readonly cid: string;
  readonly hit: boolean;
  /** the condition's evidence when it hit (empty otherwise) */
  readonly evidence: readonly Evidence[];
  /** why it did not hit; null when it hit */
  readonly whyNot: WhyNot | null;
}

export interface ReplayRule {
  readonly ruleId: string;
  readonly ruleName: string;
  readonly hit: boolean;
  readonly hitCount: number;
  /** the rule's own effect: negative deducts, positive adds, 0 when it did not hit or scores nothing */
  readonly score: number;
  readonly lambda: string;
  readonly conditions: readonly ReplayCondition[];
}

export interface ReplayAngle {
  readonly angleId: string;
  readonly angleName: string;
  /** the angle's full score */
  readonly score: number;
  /** its result at this step, clamped to [0, score] */
  readonly result: number;
}

export interface ReplayStep {
  /** how many messages the engine has seen: messages 0 … seen-1 */
  readonly seen: number;
  readonly rules: readonly ReplayRule[];
  /** with a scheme: the AI score at this step (0 when vetoed); null for rules without a scheme */
  readonly aiScore: number | null;
  readonly isVeto: boolean;
  readonly angles: readonly ReplayAngle[];
}

export interface ReplayResult {
  readonly sessionId: string;
  /** the whole session as the engine read it: one message, one sentence */
  readonly sentences: readonly Sentence[];
  /** steps[k] is the state after k + 1 messages; one step per message */
  readonly steps: readonly ReplayStep[];
  /** the model whose labels were preset for the replay (see ReplayRequest.model); absent: the built-in one */
  readonly model?: ModelUse;
}

/**
 * Replays a session (any shape `inspect` reads) message by message. Throws SessionInputError for a malformed session.
 * Cost is quadratic in the session's length (each step inspects its whole prefix), which is milliseconds for a chat.
 */
export function replaySession(compiled: Compiled, session: unknown): ReplayResult {
  const transcript = readSession(session);
  const steps: ReplayStep[] = [];
  for (let seen = 1; seen <= transcript.sentences.length; seen++) {
    const prefix: Transcript = { sessionId: transcript.sessionId, sentences: transcript.sentences.slice(0, seen) };
    steps.push(toStep(compiled, inspect(compiled, prefix), seen));
  }
  return { sessionId: transcript.sessionId, sentences: transcript.sentences, steps };
}

function toStep(compiled: Compiled, result: InspectionResult, seen: number): ReplayStep {
  const rules = result.rules.map(
    (rule): ReplayRule => ({
      ruleId: rule.ruleId,
      ruleName: rule.ruleName,
      hit: rule.hit,
      hitCount: rule.hitCount,
      score: rule.score,
      lambda: rule.lambda,
      conditions: rule.conditions.map((c) => ({
        cid: c.cid,
        hit: c.hit,
        evidence: c.hits,
        whyNot: c.hit ? null : whyNot(compiled, result, rule.ruleId, c.cid),
      })),
    }),
  );
  const angles = (result.angles ?? []).map(({ angleId, angleName, score, result: angleResult }) => ({
    angleId,
    angleName,
    score,
    result: angleResult,
  }));
  return { seen, rules, aiScore: result.aiScore ?? null, isVeto: result.isVeto ?? false, angles };
}
