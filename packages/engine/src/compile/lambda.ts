import jsep from 'jsep';
import type { JsonReader } from './json-reader.js';

/** A compiled lambda: reads each condition's outcome by its position in the condition list. */
export type LambdaNode =
  | { readonly kind: 'cid'; readonly index: number }
  | { readonly kind: 'not'; readonly operand: LambdaNode }
  | { readonly kind: 'and' | 'or'; readonly left: LambdaNode; readonly right: LambdaNode };

export interface CompiledLambda {
  /** ALL, ANY_ONE, ANY_ONE_NOT_MET, or CUSTOM */
  readonly kind: 'ALL' | 'ANY_ONE' | 'ANY_ONE_NOT_MET' | 'CUSTOM';
  readonly expression: string;
  readonly tree: LambdaNode | null;
}

export function evaluateLambda(lambda: CompiledLambda, outcomes: readonly boolean[]): boolean {
  switch (lambda.kind) {
    case 'ALL':
      return outcomes.every(Boolean);
    case 'ANY_ONE':
      return outcomes.some(Boolean);
    case 'ANY_ONE_NOT_MET':
      return outcomes.some((hit) => !hit);
    case 'CUSTOM':
      return evaluateNode(lambda.tree!, outcomes);
  }
}

function evaluateNode(node: LambdaNode, outcomes: readonly boolean[]): boolean {
  switch (node.kind) {
    case 'cid':
      return outcomes[node.index] === true;
    case 'not':
      return !evaluateNode(node.operand, outcomes);
    case 'and':
      return evaluateNode(node.left, outcomes) && evaluateNode(node.right, outcomes);
    case 'or':
      return evaluateNode(node.left, outcomes) || evaluateNode(node.right, outcomes);
  }
}

interface Token {
  readonly text: string;
  readonly at: number;
}

const TOKEN = /\s*(?:([A-Za-z_$][\w$]*)|(&&|\|\||!|\(|\)))/y;

/**
 * Compiles `conditionConfig.lambda`. Only cids, `&&`, `||`, `!` and parentheses are allowed, with
 * JavaScript's precedence; jsep parses, and a token pass beforehand gives every error its position.
 */
export function compileLambda(
  value: unknown,
  cids: readonly string[],
  reader: JsonReader,
  path: string,
): CompiledLambda {
  if (value === undefined || value === null) return { kind: 'ALL', expression: 'ALL', tree: null };
  const expression = reader.string(value, path);
  // Forms sometimes pad the named choices with spaces; a CUSTOM expression keeps its text as written.
  const named = expression.trim();
  if (named === 'ALL' || named === 'ANY_ONE' || named === 'ANY_ONE_NOT_MET') {
    return { kind: named, expression: named, tree: null };
  }
  if (expression.trim() === '') {
    throw reader.fail('LAMBDA_BLANK', path, '自定义逻辑表达式不能为空', 'the custom expression is blank', 0);
  }
  const identifiers = tokenize(expression, reader, path);
  let tree: jsep.Expression;
  try {
    tree = jsep(expression);
  } catch (error) {
    const at = (error as { index?: number }).index ?? 0;
    const what = (error as Error).message.replace(/ at character \d+$/, '');
    throw reader.fail(
      'LAMBDA_SYNTAX',
      path,
      `自定义逻辑表达式语法错误（第 ${at + 1} 个字符）：${what}`,
      `syntax error in the custom expression at character ${at + 1}: ${what}`,
      at,
    );
  }
  const walker = { next: 0 };
  const compiled = toNode(tree, identifiers, walker, cids, reader, path, expression);
  return { kind: 'CUSTOM', expression, tree: compiled };
}

function tokenize(expression: string, reader: JsonReader, path: string): Token[] {
  const identifiers: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < expression.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(expression);
    if (m === null) {
      const start = at + (expression.slice(at).length - expression.slice(at).trimStart().length);
      if (start >= expression.length) break;
      const ch = expression[start];
      throw reader.fail(
        'LAMBDA_TOKEN',
        path,
        `自定义逻辑表达式第 ${start + 1} 个字符“${ch}”不被允许：只能使用条件编号、&&、||、! 和括号`,
        `character ${start + 1} ('${ch}') is not allowed in the custom expression: use only condition ids, &&, ||, ! and parentheses`,
        start,
      );
    }
    if (m[1] !== undefined) identifiers.push({ text: m[1], at: m.index + m[0].length - m[1].length });
    at = TOKEN.lastIndex;
  }
  return identifiers;
}

// jsep lists identifiers left to right in an in-order walk, the same order the tokenizer met them.
function toNode(
  node: jsep.Expression,
  identifiers: readonly Token[],
  walker: { next: number },
  cids: readonly string[],
  reader: JsonReader,
  path: string,
  expression: string,
): LambdaNode {
  const recurse = (child: jsep.Expression) => toNode(child, identifiers, walker, cids, reader, path, expression);
  switch (node.type) {
    case 'Identifier': {
      const token = identifiers[walker.next++];
      const name = (node as jsep.Identifier).name;
      const index = cids.indexOf(name);
      if (index < 0) {
        const at = token?.at ?? 0;
        throw reader.fail(
          'LAMBDA_UNKNOWN_CID',
          path,
          `自定义逻辑表达式第 ${at + 1} 个字符处的条件“${name}”不存在（已有条件：${cids.join('、')}）`,
          `unknown condition '${name}' at character ${at + 1} of the custom expression (conditions: ${cids.join(', ')})`,
          at,
        );
      }
      return { kind: 'cid', index };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator === '!') return { kind: 'not', operand: recurse(unary.argument) };
      break;
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      const binary = node as jsep.BinaryExpression;
      if (binary.operator === '&&' || binary.operator === '||') {
        const left = recurse(binary.left);
        const right = recurse(binary.right);
        return { kind: binary.operator === '&&' ? 'and' : 'or', left, right };
      }
      break;
    }
    case 'Compound': {
      // Two expressions side by side (`a b`): the error is where the second one starts.
      const first = (node as jsep.Compound).body[0];
      if (first !== undefined) recurse(first);
      break;
    }
  }
  // Something else: point at the next cid we have not consumed.
  const at = identifiers[walker.next]?.at ?? expression.length;
  throw reader.fail(
    'LAMBDA_SYNTAX',
    path,
    `自定义逻辑表达式第 ${at + 1} 个字符附近缺少 && 或 ||`,
    `expected && or || near character ${at + 1} of the custom expression`,
    at,
  );
}
