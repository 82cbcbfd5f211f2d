import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/compile/compile-rule.js';
import { toOutputRecord } from '../../src/explain/output-record.js';
import { inspect } from '../../src/match/inspect.js';

const fixtures = join(import.meta.dirname, '..', '..', '..', '..', 'fixtures');
const sessions = ['stc3-sample.jsonl', 'handwritten.jsonl'].flatMap((file) =>
  readFileSync(join(fixtures, 'sessions', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown),
);
const ruleFiles = readdirSync(join(fixtures, 'rules')).filter((f) => f.endsWith('.json'));

describe('inspect with trace off (the fast path) agrees with the full trace', () => {
  for (const file of ruleFiles) {
    it(`on ${file} over every fixture session`, () => {
      const compiled = compileRules(JSON.parse(readFileSync(join(fixtures, 'rules', file), 'utf8')) as unknown[]);
      for (const session of sessions) {
        const full = toOutputRecord(inspect(compiled, session));
        const fast = toOutputRecord(inspect(compiled, session, { trace: false }));
        expect(fast).toEqual(full);
      }
    });
  }

  it('actually skips: a keyword condition whose keywords occur nowhere has no attempts', () => {
    const compiled = compileRules([
      {
        id: 'r',
        conditionConfig: {
          conditions: [
            { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['不存在的词'] } }] },
            {
              cid: 'b',
              operators: [
                { type: 'HIT_ANY_KEYWORDS', param: { keywords: ['您好'] } },
                { type: 'INCLUDE_KEYWORDS', param: { keywords: ['再见'] } },
              ],
            },
          ],
          lambda: 'ANY_ONE',
        },
      },
    ]);
    const session = { sessionId: 's', messages: [{ role: 'AGENT', text: '您好' }] };
    const [fastA, fastB] = inspect(compiled, session, { trace: false }).rules[0]!.conditions;
    expect(fastA!.attempts).toEqual([]);
    // b: '再见' occurs nowhere either, so b is skipped as a whole.
    expect(fastB!.attempts).toEqual([]);
    const [fullA, fullB] = inspect(compiled, session).rules[0]!.conditions;
    expect(fullA!.attempts).toHaveLength(1);
    expect(fullB!.attempts[0]!.operators.map((o) => o.hit)).toEqual([true, false]);
  });
});
