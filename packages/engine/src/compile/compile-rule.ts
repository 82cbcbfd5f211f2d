import { RuleCompileError } from '../errors/rule-compile-error.js';
import type { CompiledCheckRange } from '../match/select-sentences.js';
import { lexiconModel } from '../models/lexicon/lexicon-model.js';
import type { ModelProvider } from '../models/model-provider.js';
import { OPERATORS } from '../operators/registry.js';
import type { CompiledOperator, CompileEnvironment } from '../operators/types.js';
import { OPERATOR_TYPES, type OperatorType, type Role, type RuleScoreType } from '../rule/types.js';
import { compileCheckRange, type EarlierCondition } from './compile-check-range.js';
import { JsonReader } from './json-reader.js';
import { KeywordTable } from './keyword-table.js';
import { type CompiledLambda, compileLambda } from './lambda.js';

export interface CompiledCondition {
  readonly cid: string;
  readonly index: number;
  readonly operators: readonly CompiledOperator[];
  readonly range: CompiledCheckRange;
  /** the role selected: the check range's, or the one a model operator forces */
  readonly role: Role | null;
}

export interface CompiledRuleScore {
  readonly enable: boolean;
  readonly type: RuleScoreType;
  readonly scoreNum: number;
}

/** One rule after compilation, independent of the automaton it is linked into. */
export interface RuleProgram {
  readonly id: string;
  readonly name: string;
  readonly conditions: readonly CompiledCondition[];
  readonly lambda: CompiledLambda;
  readonly score: CompiledRuleScore | null;
  readonly level: unknown;
  readonly autoReview: unknown;
}

export interface CompileOptions {
  /** the model behind CUSTOMER_CHECK_MODEL and ABUSE_MODEL; the built-in lexicon model by default */
  readonly models?: ModelProvider;
}

/** A compiled set of rules sharing one keyword automaton. Reusable, and safe to share across calls. */
export interface CompiledRuleSet {
  readonly kind: 'rules';
  readonly rules: readonly RuleProgram[];
  readonly keywords: KeywordTable;
  readonly models: ModelProvider;
}

/** A single compiled rule: a rule set of one. */
export interface CompiledRule extends Omit<CompiledRuleSet, 'kind'> {
  readonly kind: 'rule';
  readonly rule: RuleProgram;
}

const CID = /^[a-z]+$/;
// The console converts a plain KEYWORDS type to HIT_ANY_KEYWORDS when a condition is added.
const ALIASES: Record<string, OperatorType> = { KEYWORDS: 'HIT_ANY_KEYWORDS' };

/** Compiles one rule; throws RuleCompileError naming the JSON path of the first problem. */
export function compileRule(rule: unknown, options: CompileOptions = {}): CompiledRule {
  const set = compileRules([rule], options);
  return { ...set, kind: 'rule', rule: set.rules[0]! };
}

/** Compiles rules together: every keyword of every rule goes into one automaton. */
export function compileRules(rules: readonly unknown[], options: CompileOptions = {}): CompiledRuleSet {
  const environment: CompileEnvironment = { keywords: new KeywordTable(), models: options.models ?? lexiconModel };
  if (!Array.isArray(rules)) {
    throw new RuleCompileError(null, {
      code: 'RULES_NOT_ARRAY',
      path: '$',
      zh: '规则列表必须是数组',
      en: 'the rules must be an array',
    });
  }
  const seen = new Set<string>();
  const programs = rules.map((rule) => {
    const program = compileRuleProgram(rule, environment);
    if (seen.has(program.id)) {
      throw new RuleCompileError(program.id, {
        code: 'RULE_DUPLICATE',
        path: '$.id',
        zh: `规则编号 ${program.id} 重复`,
        en: `rule id ${program.id} appears twice`,
      });
    }
    seen.add(program.id);
    return program;
  });
  environment.keywords.automatonOf();
  return { kind: 'rules', rules: programs, keywords: environment.keywords, models: environment.models };
}

export function compileRuleProgram(raw: unknown, environment: CompileEnvironment): RuleProgram {
  const anonymous = new JsonReader(null);
  const rule = anonymous.object(raw, '$');
  const id = anonymous.id(rule.id, '$.id');
  const reader = new JsonReader(id);
  try {
    return compileChecked(rule, id, reader, environment);
  } catch (error) {
    if (error instanceof RuleCompileError) throw error;
    // A bug of ours must still surface as the one error type, naming the rule.
    throw reader.fail(
      'INTERNAL',
      '$',
      `规则无法编译：${String(error)}`,
      `the rule could not be compiled: ${String(error)}`,
    );
  }
}

function compileChecked(
  rule: Record<string, unknown>,
  id: string,
  reader: JsonReader,
  environment: CompileEnvironment,
): RuleProgram {
  const name = rule.name === undefined || rule.name === null ? id : reader.string(rule.name, '$.name');
  let configValue = rule.conditionConfig;
  if (typeof configValue === 'string') {
    try {
      configValue = JSON.parse(configValue);
    } catch {
      throw reader.fail(
        'CONFIG_JSON',
        '$.conditionConfig',
        'conditionConfig 不是合法的 JSON',
        'conditionConfig is not valid JSON',
      );
    }
  }
  const config = reader.object(configValue, '$.conditionConfig');
  const list = reader.array(config.conditions, '$.conditionConfig.conditions');
  if (list.length === 0) {
    throw reader.fail(
      'CONDITIONS_EMPTY',
      '$.conditionConfig.conditions',
      '请至少添加一个检测条件',
      'a rule needs at least one condition',
    );
  }
  const items = list.map((item, i) => reader.object(item, `$.conditionConfig.conditions[${i}]`));
  const cids = items.map((item, i) => {
    const path = `$.conditionConfig.conditions[${i}].cid`;
    const cid = reader.string(item.cid, path);
    if (!CID.test(cid)) {
      throw reader.fail(
        'CID_FORMAT',
        path,
        `条件编号“${cid}”只能由小写字母组成（a、b、c…）`,
        `condition id '${cid}' must be lower-case letters (a, b, c, …)`,
      );
    }
    return cid;
  });
  cids.forEach((cid, i) => {
    if (cids.indexOf(cid) !== i) {
      throw reader.fail(
        'CID_DUPLICATE',
        `$.conditionConfig.conditions[${i}].cid`,
        `条件编号“${cid}”重复`,
        `condition id '${cid}' appears twice`,
      );
    }
  });
  const earlier: EarlierCondition[] = [];
  const conditions = items.map((item, i) => {
    const condition = compileCondition(item, i, cids, earlier, reader, environment);
    earlier.push({ cid: condition.cid, hasExclude: condition.operators.some((o) => o.type === 'EXCLUDE_KEYWORDS') });
    return condition;
  });
  const lambda = compileLambda(config.lambda, cids, reader, '$.conditionConfig.lambda');
  return {
    id,
    name,
    conditions,
    lambda,
    score: readRuleScore(config.ruleScore, reader, '$.conditionConfig.ruleScore'),
    level: config.level ?? null,
    autoReview: config.autoReview ?? null,
  };
}

function compileCondition(
  item: Record<string, unknown>,
  index: number,
  cids: readonly string[],
  earlier: readonly EarlierCondition[],
  reader: JsonReader,
  environment: CompileEnvironment,
): CompiledCondition {
  const path = `$.conditionConfig.conditions[${index}]`;
  const cid = cids[index]!;
  const list = reader.array(item.operators, `${path}.operators`);
  if (list.length === 0) {
    throw reader.fail(
      'OPERATORS_EMPTY',
      `${path}.operators`,
      `请选择条件类型（条件“${cid}”没有检测算子）`,
      `Please select a condition type (condition '${cid}' has no operator)`,
    );
  }
  const operators = list.map((raw, k) => {
    const opPath = `${path}.operators[${k}]`;
    const op = reader.object(raw, opPath);
    const rawType = op.type;
    const type = typeof rawType === 'string' ? (ALIASES[rawType] ?? rawType) : rawType;
    if (typeof type !== 'string' || !(OPERATOR_TYPES as readonly string[]).includes(type)) {
      throw reader.fail(
        'OPERATOR_TYPE',
        `${opPath}.type`,
        `未知的条件类型“${String(rawType)}”，可选：${OPERATOR_TYPES.join('、')}`,
        `unknown condition type '${String(rawType)}'; expected one of ${OPERATOR_TYPES.join(', ')}`,
      );
    }
    const name = op.name === undefined || op.name === null ? type : reader.string(op.name, `${opPath}.name`);
    const param = op.param === undefined || op.param === null ? {} : reader.object(op.param, `${opPath}.param`);
    const header = { type: type as OperatorType, name, index: k };
    return OPERATORS[type as OperatorType].compile(param, header, reader, `${opPath}.param`, environment);
  });
  const forced = [...new Set(operators.map((o) => o.forcedRole).filter((r): r is Role => r !== null))];
  if (forced.length > 1) {
    throw reader.fail(
      'ROLE_CONFLICT',
      `${path}.operators`,
      '同一条件中的模型检测要求不同的角色（辱骂模型检测客服，客户模型检测客户），请拆成两个条件',
      'operators of this condition force different roles (ABUSE_MODEL checks the agent, CUSTOMER_CHECK_MODEL the customer); split them into two conditions',
    );
  }
  const { range, role } = compileCheckRange(
    item.checkRange,
    earlier,
    cid,
    cids.slice(index + 1),
    reader,
    `${path}.checkRange`,
  );
  return { cid, index, operators, range, role: forced[0] ?? role };
}

function readRuleScore(value: unknown, reader: JsonReader, path: string): CompiledRuleScore | null {
  if (value === undefined || value === null) return null;
  const score = reader.object(value, path);
  const enable = reader.optionalBoolean(score.enable, `${path}.enable`, true);
  const type = score.ruleScoreType ?? 'SUB';
  if (type !== 'SUB' && type !== 'ADD' && type !== 'ONCE') {
    throw reader.fail(
      'SCORE_TYPE',
      `${path}.ruleScoreType`,
      '评分方式只能是 SUB（扣分）、ADD（加分）或 ONCE（一次性扣分）',
      'ruleScoreType must be SUB, ADD or ONCE',
    );
  }
  const scoreNum = reader.optionalNumber(score.scoreNum, `${path}.scoreNum`, 0, 0, 100, false);
  return { enable, type, scoreNum };
}
