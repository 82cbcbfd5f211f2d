/**
 * Property (4): compileRule on arbitrary JSON either succeeds or throws RuleCompileError — never anything else,
 * and never the INTERNAL code that wraps a bug of ours.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRule } from '../../src/compile/compile-rule.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';

function compilesOrRefuses(input: unknown): void {
  try {
    compileRule(input);
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    if (error.code === 'INTERNAL') throw new Error(`INTERNAL compile error: ${error.message}`);
    expect(error.path.startsWith('$')).toBe(true);
    expect(error.zh).not.toBe('');
    expect(error.en).not.toBe('');
  }
}

const VALID_RULES: unknown[] = [
  {
    id: 'r1',
    name: '安抚',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'], threshold: 1, inSentence: false } }],
          checkRange: { role: 'CUSTOMER' },
        },
        {
          cid: 'b',
          operators: [{ type: 'HIT_ANY_KEYWORDS', name: '安抚', param: { keywords: ['抱歉', '理解您'] } }],
          checkRange: {
            role: 'AGENT',
            range: { from: 1, to: 3 },
            rangeSelect: 'RANGE',
            anchor: { cid: 'a', location: 'AFTER', hitTime: 1, inputHitTime: 1 },
          },
        },
        {
          cid: 'c',
          operators: [
            { type: 'NCLUDE_KEYWORDS', param: { keywords: ['退款', '到账'], keywordMatchSize: 2, inSentence: true } },
          ],
        },
        { cid: 'd', operators: [{ type: 'EXCLUDE_KEYWORDS', param: { keywords: ['再见'] } }] },
      ],
      lambda: 'a && (b || !c) && d',
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
      level: 'HIGH',
    },
  },
  {
    id: 7,
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'SIMILAR_MATCH', param: { phrases: ['请问还有什么可以帮您'], similarity: 80 } }],
        },
        {
          cid: 'b',
          operators: [
            { type: 'REGULAR_EXPRESSION', param: { regex: '\\d{11}', notRegex: '400', caseSensitive: false } },
          ],
        },
        {
          cid: 'c',
          operators: [
            {
              type: 'ADVANCED_REPEAT_DETECT',
              param: { window: 3, similarity: 0.8, hitTime: 2, minWordSize: 2, exceptions: ['好的'] },
            },
          ],
          checkRange: { role: 'AGENT' },
        },
        { cid: 'd', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['COMPLAINT', 'ANGER'] } }] },
        { cid: 'e', operators: [{ type: 'ABUSE_MODEL', param: { types: ['ABUSE'] } }] },
        { cid: 'f', operators: [{ type: 'INCLUDE_KEYWORDS', param: { keywords: ['a', 'b'], caseSensitive: true } }] },
      ],
      lambda: 'ANY_ONE',
    },
  },
];

type Path = (string | number)[];

/** Every path to a value inside `value` (the root included). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) out.push(...pathsOf(value[i], [...prefix, i]));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** A deep copy of `root` with the value at `path` replaced (or deleted when `replacement` is the DELETE marker). */
function substitute(root: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

// Values that probe the edges: wrong types, blanks, boundaries, numeric strings, prototype keys.
const edgeValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    null,
    undefined,
    '',
    ' ',
    'null',
    'ALL',
    'ANY_ONE',
    'a && z',
    'a b',
    '(',
    '(a+)+',
    '[',
    'AGENT',
    'CUSTOMER',
    'AROUND',
    'BEFORE',
    'toString',
    '__proto__',
    'constructor',
    0,
    -1,
    1,
    2,
    0.5,
    1.5,
    100,
    101,
    '0',
    '1e400',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [],
    {},
    [''],
    ['a'],
    true,
    'true',
  ),
);

describe('compileRule never throws anything but RuleCompileError', () => {
  it('on fc.anything()', () => {
    fc.assert(fc.property(fc.anything(), compilesOrRefuses), { numRuns: 1000 });
  });

  it('on objects shaped like rules with arbitrary parts', () => {
    const ruleLike = fc.record({
      id: fc.oneof(fc.string(), fc.integer(), fc.anything()),
      conditionConfig: fc.oneof(
        fc.anything(),
        fc.record({
          conditions: fc.array(
            fc.record({
              cid: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.anything()),
              operators: fc.array(
                fc.record({
                  type: fc.oneof(
                    fc.constantFrom(
                      'HIT_ANY_KEYWORDS',
                      'NCLUDE_KEYWORDS',
                      'SIMILAR_MATCH',
                      'REGULAR_EXPRESSION',
                      'ADVANCED_REPEAT_DETECT',
                      'ABUSE_MODEL',
                    ),
                    fc.anything(),
                  ),
                  param: fc.anything(),
                }),
              ),
              checkRange: fc.anything(),
            }),
          ),
          lambda: fc.oneof(fc.string(), fc.anything()),
          ruleScore: fc.anything(),
        }),
      ),
    });
    fc.assert(fc.property(ruleLike, compilesOrRefuses), { numRuns: 1000 });
  });

  it('the valid rules compile', () => {
    for (const rule of VALID_RULES) expect(() => compileRule(rule)).not.toThrow();
  });

  it('on valid rules mutated: random values substituted (or removed) at random paths', () => {
    const mutation = fc
      .tuple(
        fc.constantFrom(...VALID_RULES),
        fc.array(fc.tuple(fc.nat(), edgeValue, fc.boolean()), { minLength: 1, maxLength: 3 }),
      )
      .map(([rule, edits]) => {
        let current: unknown = rule;
        for (const [pick, value, remove] of edits) {
          const paths = pathsOf(current);
          current = substitute(current, paths[pick % paths.length]!, value, remove && value !== undefined);
        }
        return current;
      });
    fc.assert(fc.property(mutation, compilesOrRefuses), { numRuns: 3000 });
  });
});
