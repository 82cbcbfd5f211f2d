import type { ConditionResult, InspectionResult, RuleResult } from '../match/inspect.js';
import type { OperatorOutcome } from '../operators/types.js';
import type { Transcript } from '../transcript/types.js';
import type { Evidence } from './evidence.js';

const ROLE_NAMES: Record<string, string> = { AGENT: '客服 agent', CUSTOMER: '客户 customer' };

/** A readable account of an inspection: which condition hit where, and why the others did not. */
export function describeInspection(result: InspectionResult): string {
  const lines: string[] = [];
  const t = result.transcript;
  lines.push(`会话 session ${result.sessionId} · ${t.sentences.length} 条消息 messages`);
  if (result.aiScore !== undefined) {
    lines.push(`AI 得分 score: ${result.aiScore}${result.isVeto ? '  (一票否决 vetoed)' : ''}`);
    for (const angle of result.angles ?? [])
      lines.push(`  维度 angle ${angle.angleName}: ${angle.result}/${angle.score}`);
  }
  for (const rule of result.rules) lines.push('', ...describeRule(rule, t));
  return lines.join('\n');
}

export function describeRule(rule: RuleResult, t: Transcript): string[] {
  const verdict = rule.hit ? `命中 HIT · ${rule.hitCount} 处 hits` : '未命中 not hit';
  const score = rule.score === 0 ? '' : ` · 分数 score ${rule.score > 0 ? '+' : ''}${rule.score}`;
  const lines = [`规则 rule ${rule.ruleId}「${rule.ruleName}」: ${verdict}${score}  (lambda ${rule.lambda})`];
  for (const condition of rule.conditions) lines.push(...describeCondition(condition, t));
  return lines;
}

function describeCondition(c: ConditionResult, t: Transcript): string[] {
  const lines = [`  [${c.cid}] ${c.hit ? '命中 hit' : '未命中 miss'}`];
  if (c.anchorHits !== null) {
    lines.push(
      `      锚点命中句 anchor hits: ${c.anchorHits.length === 0 ? '无 none' : c.anchorHits.map((m) => `#${m + 1}`).join(' ')}`,
    );
  }
  for (const attempt of c.attempts) {
    const where = attempt.anchor === null ? '' : `相对锚点 relative to #${attempt.anchor + 1}: `;
    const selected = attempt.selected.length === 0 ? '无 none' : attempt.selected.map((m) => `#${m + 1}`).join(' ');
    lines.push(`      ${where}检查 checks ${selected}`);
    for (const op of attempt.operators) lines.push(...describeOperator(op, t));
  }
  return lines;
}

function describeOperator(op: OperatorOutcome, t: Transcript): string[] {
  const lines = [`        ${op.hit ? '✓' : '✗'} ${op.type}「${op.name}」`];
  for (const e of op.evidence) lines.push(`            ${describeEvidence(e, t)}`);
  if (!op.hit) {
    if (op.type === 'EXCLUDE_KEYWORDS') {
      for (const e of op.partial) lines.push(`            出现了 found ${describeEvidence(e, t)}`);
    } else {
      for (const e of op.partial) lines.push(`            不足 not enough: ${describeEvidence(e, t)}`);
      if (op.missing !== undefined && op.missing.length > 0)
        lines.push(`            未出现 missing: ${op.missing.join('、')}`);
    }
  }
  return lines;
}

/** `#3 客服 agent: 您好，【抱歉】让您久等了  keyword 抱歉 [3,5)` */
export function describeEvidence(e: Evidence, t: Transcript): string {
  const sentence = t.sentences[e.message]!;
  const text = sentence.text ?? '';
  const marked = `${text.slice(0, e.start)}【${text.slice(e.start, e.end)}】${text.slice(e.end)}`;
  const what: string[] = [];
  if (e.keyword !== undefined) what.push(`keyword ${e.keyword}`);
  if (e.pattern !== undefined) what.push(`regex /${e.pattern}/`);
  if (e.repeatOf !== undefined) what.push(`repeats #${e.repeatOf + 1}`);
  else if (e.phrase !== undefined) what.push(`phrase ${e.phrase}`);
  if (e.similarity !== undefined) what.push(`similarity ${e.similarity}`);
  if (e.label !== undefined) what.push(`label ${e.label} ${e.confidence ?? ''}`.trim());
  return `#${e.message + 1} ${ROLE_NAMES[sentence.role] ?? sentence.role}: ${oneLine(marked)}  ${what.join(' · ')} [${e.start},${e.end})`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}
