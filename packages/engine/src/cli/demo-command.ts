import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describeInspection, type InspectionResult, inspect } from '../index.js';
import { compileInputs } from './compile-inputs.js';
import type { CliIo } from './inspect-command.js';
import { CliError } from './load-rules.js';

/**
 * `qc-engine demo` (what `npm start` runs for now): inspects the sample STC-3 sessions in `fixtures/` with
 * the demo scheme and prints a readable report.
 */
export async function demoCommand(fixtures: string, io: CliIo): Promise<number> {
  const rulesPath = join(fixtures, 'rules', 'demo-20.json');
  const schemePath = join(fixtures, 'schemes', 'demo-scheme.json');
  const sessionsPath = join(fixtures, 'sessions', 'stc3-sample.jsonl');
  const compiled = await compileInputs(rulesPath, schemePath);
  let text: string;
  try {
    text = await readFile(sessionsPath, 'utf8');
  } catch {
    throw new CliError(`cannot read ${sessionsPath}: run the demo from the repository root / 请在仓库根目录运行`, 2);
  }
  const results: InspectionResult[] = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => inspect(compiled, JSON.parse(line)));
  const schemeName = compiled.kind === 'scheme' ? compiled.name : '';
  const out: string[] = [];
  out.push(
    `qcdesk 质检演示 demo — ${compiled.kind === 'scheme' ? compiled.ruleSet.rules.length : 0} 条规则 rules, 方案 scheme「${schemeName}」, ${results.length} 个 STC-3 会话 sessions`,
  );
  out.push('');
  out.push(`${'会话 session'.padEnd(28)}${'AI 得分'.padEnd(9)}命中规则 rules hit`);
  for (const r of results) {
    const hits = r.rules
      .filter((rule) => rule.hit)
      .map((rule) => `${rule.ruleName}${rule.score === 0 ? '' : `(${rule.score > 0 ? '+' : ''}${rule.score})`}`);
    const score = `${r.aiScore ?? ''}${r.isVeto ? ' 否决' : ''}`;
    out.push(`${r.sessionId.padEnd(30)}${score.padEnd(10)}${hits.join('、') || '—'}`);
  }
  const average = results.reduce((sum, r) => sum + (r.aiScore ?? 0), 0) / Math.max(1, results.length);
  out.push('', `平均 AI 得分 average AI score: ${average.toFixed(1)}`);
  const example = [...results].sort((a, b) => (a.aiScore ?? 0) - (b.aiScore ?? 0))[0];
  if (example !== undefined) {
    out.push('', '—— 得分最低的会话，逐条解释 the lowest-scoring session, explained ——', describeInspection(example));
  }
  const rel = (p: string) => relative(process.cwd(), p) || p;
  out.push(
    '',
    '试一试 try:',
    `  npx qc-engine inspect --rules ${rel(rulesPath)} --scheme ${rel(schemePath)} --input ${rel(sessionsPath)}`,
    `  npx qc-engine explain --rules ${rel(rulesPath)} --session <session.json>`,
  );
  io.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
