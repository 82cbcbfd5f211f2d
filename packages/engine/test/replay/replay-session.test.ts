import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { whyNot } from '../../src/explain/why-not.js';
import { type Compiled, compileRules, compileScheme, inspect, readSession } from '../../src/index.js';
import { type ReplayStep, replaySession } from '../../src/replay/replay-session.js';
import { replayCall } from '../../src/worker/replay-call.js';

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/${path}`, import.meta.url), 'utf8'));
const jsonl = (path: string): unknown[] =>
  readFileSync(new URL(`../../../../fixtures/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

/** What `inspect` says about the first `seen` messages, reduced as a replay step is. */
function expectedStep(compiled: Compiled, session: unknown, seen: number): ReplayStep {
  const transcript = readSession(session);
  const result = inspect(compiled, { sessionId: transcript.sessionId, sentences: transcript.sentences.slice(0, seen) });
  return {
    seen,
    rules: result.rules.map((r) => ({
      ruleId: r.ruleId,
      ruleName: r.ruleName,
      hit: r.hit,
      hitCount: r.hitCount,
      score: r.score,
      lambda: r.lambda,
      conditions: r.conditions.map((c) => ({
        cid: c.cid,
        hit: c.hit,
        evidence: c.hits,
        whyNot: whyNot(compiled, result, r.ruleId, c.cid),
      })),
    })),
    aiScore: result.aiScore ?? null,
    isVeto: result.isVeto ?? false,
    angles: (result.angles ?? []).map(({ angleId, angleName, score, result: r }) => ({
      angleId,
      angleName,
      score,
      result: r,
    })),
  };
}

const demoRules = fixture('rules/demo-20.json') as unknown[];
const demoScheme = fixture('schemes/demo-scheme.json');
const stc3 = jsonl('sessions/stc3-sample.jsonl');

describe('replaySession: the state after each prefix of a session', () => {
  it('has one step per message, each equal to inspecting that prefix (demo scheme, STC-3 dialogues)', () => {
    const compiled = compileScheme(demoScheme, demoRules);
    for (const session of stc3.slice(0, 8)) {
      const replay = replaySession(compiled, session);
      expect(replay.steps).toHaveLength(replay.sentences.length);
      for (const [k, step] of replay.steps.entries()) expect(step).toEqual(expectedStep(compiled, session, k + 1));
    }
  });

  it('ends where inspecting the whole session ends (rules, AI score, angles)', () => {
    const compiled = compileScheme(demoScheme, demoRules);
    for (const session of stc3) {
      const last = replaySession(compiled, session).steps.at(-1)!;
      const whole = inspect(compiled, session);
      expect(last.aiScore).toBe(whole.aiScore);
      expect(last.rules.map((r) => [r.ruleId, r.hit, r.hitCount])).toEqual(
        whole.rules.map((r) => [r.ruleId, r.hit, r.hitCount]),
      );
    }
  });

  it('explains every condition that did not hit, and none that hit', () => {
    const compiled = compileScheme(demoScheme, demoRules);
    for (const session of stc3.slice(0, 10)) {
      for (const step of replaySession(compiled, session).steps) {
        for (const rule of step.rules) {
          for (const c of rule.conditions) {
            expect(c.whyNot === null).toBe(c.hit);
            if (!c.hit) expect(c.evidence).toEqual([]);
          }
        }
      }
    }
  });

  it('shows a condition going from "why not" to hit when its keyword arrives, with the span', () => {
    const compiled = compileRules([
      {
        id: 'apology',
        name: '致歉',
        conditionConfig: {
          conditions: [
            {
              cid: 'a',
              operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }],
              checkRange: { role: 'CUSTOMER' },
            },
            {
              cid: 'b',
              operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉'] } }],
              checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } },
            },
          ],
        },
      },
    ]);
    const session = {
      sessionId: 's',
      messages: [
        { role: 'AGENT', text: '您好' },
        { role: 'CUSTOMER', text: '我要投诉' },
        { role: 'AGENT', text: '非常抱歉' },
      ],
    };
    const steps = replaySession(compiled, session).steps;
    const b = (k: number) => steps[k]!.rules[0]!.conditions[1]!;
    expect(b(0).whyNot?.stage).toBe('ANCHOR_NOT_HIT');
    expect(b(1).whyNot?.stage).toBe('ANCHOR_REGION_EMPTY');
    expect(b(2)).toMatchObject({ hit: true, whyNot: null, evidence: [{ message: 2, start: 2, end: 4, text: '抱歉' }] });
    expect(steps.map((s) => s.aiScore)).toEqual([null, null, null]);
  });

  it('agrees with inspecting each prefix on random sessions (property)', () => {
    const compiled = compileScheme(
      fixture('schemes/small-scheme.json'),
      fixture('rules/scheme-small.json') as unknown[],
    );
    const words = ['您好', '不知道', '抱歉', '投诉', '谢谢', '再见', '请稍等', '好的'];
    const message = fc.record({
      role: fc.constantFrom('AGENT', 'CUSTOMER'),
      text: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('，')),
    });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (messages) => {
        const session = { sessionId: 'p', messages };
        const replay = replaySession(compiled, session);
        for (const [k, step] of replay.steps.entries()) expect(step).toEqual(expectedStep(compiled, session, k + 1));
      }),
      { numRuns: 60 },
    );
  });
});

describe('replayCall: the worker call, errors as data', () => {
  const session = { sessionId: 's', messages: [{ role: 'CUSTOMER', text: '我要投诉' }] };

  it('scores with the scheme it is given', () => {
    const outcome = replayCall({ rules: demoRules, scheme: demoScheme, session: stc3[0] });
    expect(outcome.ok).toBe(true);
    if (outcome.ok)
      expect(outcome.value.steps.at(-1)!.aiScore).toBe(inspect(compileScheme(demoScheme, demoRules), stc3[0]).aiScore);
  });

  it('answers a rule that does not compile with its path, in Chinese and English', () => {
    const outcome = replayCall({
      rules: [
        {
          id: 'bad',
          conditionConfig: {
            conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [] } }] }],
          },
        },
      ],
      session,
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toMatchObject({ ruleId: 'bad', path: expect.stringContaining('keywords') });
      expect(outcome.error.zh).not.toBe('');
      expect(outcome.error.en).not.toBe('');
    }
  });

  it('answers a malformed session as SESSION_INPUT with its path', () => {
    const outcome = replayCall({ rules: demoRules, session: { sessionId: 's', messages: 'nope' } });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'SESSION_INPUT' } });
  });
});
