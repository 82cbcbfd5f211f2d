import { Rng } from './common.js';

export type RuleJson = { id: string; name: string; conditionConfig: Record<string, unknown> };

export interface GeneratedScheme {
  readonly rules: RuleJson[];
  readonly scheme: Record<string, unknown>;
  /** rules per kind, for the report */
  readonly mix: Record<string, number>;
}

/**
 * Rule kinds in fixed proportions (per 20 rules): 12 keyword rules (7 HIT_ANY, 2 INCLUDE, 2 HIT_ANY with an
 * EXCLUDE, 1 two-condition ANY_ONE by role), 2 regex, 1 similarity, 1 repeat, 4 anchored (customer keyword
 * → agent keyword after it). `keywordOnly` makes every rule a keyword rule (HIT_ANY / INCLUDE / EXCLUDE).
 */
const MIXED: readonly string[] = [
  'any',
  'any',
  'any',
  'any',
  'any',
  'any',
  'any',
  'include',
  'include',
  'exclude',
  'exclude',
  'roles',
  'regex',
  'regex',
  'similar',
  'repeat',
  'anchored',
  'anchored',
  'anchored',
  'anchored',
];
const KEYWORD_ONLY: readonly string[] = ['any', 'any', 'any', 'any', 'any', 'any', 'include', 'exclude'];

export function generateScheme(
  count: number,
  keywords: readonly string[],
  phrases: readonly string[],
  keywordOnly: boolean,
  seed: number,
): GeneratedScheme {
  const rng = new Rng(seed);
  const kinds = keywordOnly ? KEYWORD_ONLY : MIXED;
  const pickWords = (n: number) => {
    const set = new Set<string>();
    while (set.size < n) set.add(rng.pick(keywords));
    return [...set];
  };
  const kw = (type: string, words: string[]) => ({ type, param: { keywords: words } });
  const mix: Record<string, number> = {};
  const rules: RuleJson[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    mix[kind] = (mix[kind] ?? 0) + 1;
    let conditions: unknown[];
    let lambda = 'ALL';
    switch (kind) {
      case 'any':
        conditions = [{ cid: 'a', operators: [kw('HIT_ANY_KEYWORDS', pickWords(3 + rng.int(4)))] }];
        break;
      case 'include':
        conditions = [{ cid: 'a', operators: [kw('INCLUDE_KEYWORDS', pickWords(2))] }];
        break;
      case 'exclude':
        conditions = [
          {
            cid: 'a',
            operators: [kw('HIT_ANY_KEYWORDS', pickWords(4)), kw('EXCLUDE_KEYWORDS', pickWords(3))],
          },
        ];
        break;
      case 'roles':
        lambda = 'ANY_ONE';
        conditions = [
          { cid: 'a', operators: [kw('HIT_ANY_KEYWORDS', pickWords(3))], checkRange: { role: 'CUSTOMER' } },
          { cid: 'b', operators: [kw('HIT_ANY_KEYWORDS', pickWords(3))], checkRange: { role: 'AGENT' } },
        ];
        break;
      case 'regex': {
        const [a, b, c, d] = pickWords(4);
        conditions = [
          {
            cid: 'a',
            operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: `(${a}|${b}).{0,8}(${c}|${d})` } }],
          },
        ];
        break;
      }
      case 'similar':
        conditions = [
          {
            cid: 'a',
            operators: [
              { type: 'SIMILAR_MATCH', param: { phrases: [rng.pick(phrases), rng.pick(phrases)], similarity: 80 } },
            ],
          },
        ];
        break;
      case 'repeat':
        conditions = [
          {
            cid: 'a',
            operators: [
              { type: 'ADVANCED_REPEAT_DETECT', param: { window: 3, similarity: 0.8, hitTime: 1, minWordSize: 4 } },
            ],
            checkRange: { role: 'AGENT' },
          },
        ];
        break;
      default:
        conditions = [
          { cid: 'a', operators: [kw('HIT_ANY_KEYWORDS', pickWords(4))], checkRange: { role: 'CUSTOMER' } },
          {
            cid: 'b',
            operators: [kw('HIT_ANY_KEYWORDS', pickWords(4))],
            checkRange: { role: 'AGENT', anchor: { cid: 'a', location: 'AFTER', hitTime: -1 } },
          },
        ];
    }
    rules.push({
      id: `r${i + 1}`,
      name: `${kind} ${i + 1}`,
      conditionConfig: { conditions, lambda, ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 1 } },
    });
  }
  const angleCount = Math.min(10, count);
  const angles = Array.from({ length: angleCount }, (_, a) => ({
    angleId: `angle${a + 1}`,
    angleName: `angle ${a + 1}`,
    score: 10,
    angleRules: rules.filter((_, i) => i % angleCount === a).map((r) => ({ ruleId: r.id })),
  }));
  return { rules, scheme: { id: `bench-${count}`, name: `bench ${count} rules`, schemeAngles: angles }, mix };
}
