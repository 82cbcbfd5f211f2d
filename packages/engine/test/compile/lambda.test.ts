import { describe, expect, it } from 'vitest';
import { JsonReader } from '../../src/compile/json-reader.js';
import { compileLambda, evaluateLambda } from '../../src/compile/lambda.js';
import { RuleCompileError } from '../../src/errors/rule-compile-error.js';

const PATH = '$.conditionConfig.lambda';
const CIDS = ['a', 'b', 'c'];
const compile = (value: unknown, cids: readonly string[] = CIDS) =>
  compileLambda(value, cids, new JsonReader('r1'), PATH);

function lambdaError(value: unknown): RuleCompileError {
  try {
    compile(value);
  } catch (error) {
    expect(error).toBeInstanceOf(RuleCompileError);
    const e = error as RuleCompileError;
    expect(e.path).toBe(PATH);
    expect(e.ruleId).toBe('r1');
    expect(e.zh).not.toBe('');
    expect(e.en).not.toBe('');
    return e;
  }
  throw new Error(`expected a RuleCompileError for ${JSON.stringify(value)}`);
}

/** The lambda's value for every combination of a, b, c, as a string of 0/1 in the order 000, 001, … 111 (a is the high bit). */
function truthTable(value: unknown): string {
  const lambda = compile(value);
  let out = '';
  for (let bits = 0; bits < 8; bits++) {
    out += evaluateLambda(lambda, [(bits & 4) !== 0, (bits & 2) !== 0, (bits & 1) !== 0]) ? '1' : '0';
  }
  return out;
}

describe('named lambdas', () => {
  it('ALL: every condition hits', () => {
    expect(truthTable('ALL')).toBe('00000001');
  });
  it('ANY_ONE: some condition hits', () => {
    expect(truthTable('ANY_ONE')).toBe('01111111');
  });
  it('ANY_ONE_NOT_MET: some condition does not hit', () => {
    expect(truthTable('ANY_ONE_NOT_MET')).toBe('11111110');
  });
  it('an absent lambda means ALL', () => {
    expect(compile(undefined).kind).toBe('ALL');
    expect(compile(null).kind).toBe('ALL');
    expect(truthTable(null)).toBe('00000001');
  });
});

describe('custom expressions', () => {
  it('a && (b || !c), the example on the semantics page', () => {
    // true for a=1 and (b=1 or c=0): 100, 110, 111
    expect(truthTable('a && (b || !c)')).toBe('00001011');
  });

  it('&& binds tighter than ||', () => {
    expect(truthTable('a || b && c')).toBe(truthTable('a || (b && c)'));
    expect(truthTable('a || b && c')).not.toBe(truthTable('(a || b) && c'));
  });

  it('! binds tightest', () => {
    expect(truthTable('!a && b')).toBe(truthTable('(!a) && b'));
    expect(truthTable('!a && b')).not.toBe(truthTable('!(a && b)'));
  });

  it('accepts double negation and free white space', () => {
    expect(truthTable('  !!a&&b  ')).toBe(truthTable('a && b'));
  });

  it('equals the named lambdas as expressions', () => {
    expect(truthTable('a && b && c')).toBe(truthTable('ALL'));
    expect(truthTable('a || b || c')).toBe(truthTable('ANY_ONE'));
    expect(truthTable('!a || !b || !c')).toBe(truthTable('ANY_ONE_NOT_MET'));
  });

  it('keeps the expression text', () => {
    expect(compile('a && b')).toMatchObject({ kind: 'CUSTOM', expression: 'a && b' });
  });
});

describe('lambda compile errors point at the position', () => {
  it('unknown cid: a && z → position 5', () => {
    const e = lambdaError('a && z');
    expect(e.code).toBe('LAMBDA_UNKNOWN_CID');
    expect(e.position).toBe(5);
  });

  it('unknown cid inside parentheses and after !', () => {
    expect(lambdaError('a && (b || !zz)').position).toBe(12);
    expect(lambdaError('a && (b || !zz)').code).toBe('LAMBDA_UNKNOWN_CID');
  });

  it('cids are case-sensitive: A is not a', () => {
    expect(lambdaError('A').code).toBe('LAMBDA_UNKNOWN_CID');
  });

  it('a character that is not allowed', () => {
    const e = lambdaError('a # b');
    expect(e.code).toBe('LAMBDA_TOKEN');
    expect(e.position).toBe(2);
    expect(lambdaError('a & b')).toMatchObject({ code: 'LAMBDA_TOKEN', position: 2 });
    expect(lambdaError('a + b')).toMatchObject({ code: 'LAMBDA_TOKEN', position: 2 });
    expect(lambdaError('a和b')).toMatchObject({ code: 'LAMBDA_TOKEN', position: 1 });
    expect(lambdaError('a == b')).toMatchObject({ code: 'LAMBDA_TOKEN', position: 2 });
  });

  it('two expressions side by side: a b → where the second starts', () => {
    const e = lambdaError('a b');
    expect(e.code).toBe('LAMBDA_SYNTAX');
    expect(e.position).toBe(2);
  });

  it('a blank expression', () => {
    for (const blank of ['', '   ', '\t']) {
      const e = lambdaError(blank);
      expect(e.code).toBe('LAMBDA_BLANK');
      expect(e.position).toBe(0);
    }
  });

  it('a dangling operator or an unclosed parenthesis', () => {
    expect(lambdaError('a &&')).toMatchObject({ code: 'LAMBDA_SYNTAX', position: 4 });
    expect(lambdaError('a && (b')).toMatchObject({ code: 'LAMBDA_SYNTAX', position: 7 });
    expect(lambdaError('a)')).toMatchObject({ code: 'LAMBDA_SYNTAX', position: 1 });
    expect(lambdaError('!')).toMatchObject({ code: 'LAMBDA_SYNTAX' });
  });

  it('a lambda that is not a string', () => {
    const error = (() => {
      try {
        compile(5);
      } catch (e) {
        return e as RuleCompileError;
      }
      throw new Error('no error');
    })();
    expect(error).toBeInstanceOf(RuleCompileError);
    expect(error.path).toBe(PATH);
  });
});
