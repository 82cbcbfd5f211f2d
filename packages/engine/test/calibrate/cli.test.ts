import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { compileScheme, inspect, readSession, spearman } from '../../src/index.js';
import { memoryIo } from '../cli/cli-io.js';

const dir = mkdtempSync(join(tmpdir(), 'qc-engine-calibrate-'));
const sample = 'fixtures/sessions/stc3-sample.jsonl';
const args = ['--rules', 'fixtures/rules/demo-20.json', '--scheme', 'fixtures/schemes/demo-scheme.json'];

describe('qc-engine calibrate', () => {
  it('writes a rule file and scheme that qc-engine inspect reads, scoring as the report says', async () => {
    const outRules = join(dir, 'rules2.json');
    const outScheme = join(dir, 'scheme2.json');
    const reportFile = join(dir, 'report.json');
    const io = memoryIo();
    const code = await main(
      [
        'calibrate',
        ...args,
        '--input',
        sample,
        '--label',
        'humanQuality.S',
        '--folds',
        '3',
        '--suggest',
        '4',
        '--seed',
        '7',
        '--out-rules',
        outRules,
        '--out-scheme',
        outScheme,
        '--report',
        reportFile,
      ],
      io,
    );
    expect(io.stderrText()).toBe('');
    expect(code).toBe(0);
    const text = io.stdoutText();
    // one sample session comes from STC-3's test split, which carries no human scores
    expect(text).toContain(
      '29 labelled sessions 有标注会话 (of 30 read, 1 without a label) · labels field humanQuality.S · 3 folds · seed 7',
    );
    expect(text).toMatch(/demo-no-apology\s+ONCE\s+\d+/);
    expect(text).toContain('suggested rules 建议规则');
    expect(text).toContain(`wrote 已写入: ${outRules}, ${outScheme}, ${reportFile}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.sessions).toBe(29);
    expect(report.folds).toHaveLength(3);

    const inspected = memoryIo();
    const inspectCode = await main(
      ['inspect', '--rules', outRules, '--scheme', outScheme, '--input', sample, '--workers', '0'],
      inspected,
    );
    expect(inspectCode).toBe(0);
    const records = inspected
      .stdoutText()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(30);
    const labels = new Map<string, number>(
      readFileSync(sample, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((r) => r.humanQuality !== undefined)
        .map((r) => [r.sessionId, r.humanQuality.S]),
    );
    const labelled = records.filter((r) => labels.has(r.sessionId));
    // inspect's AI scores with the written files give the report's in-sample figure
    expect(
      spearman(
        labelled.map((r) => r.aiScore),
        labelled.map((r) => labels.get(r.sessionId)!),
      ),
    ).toBeCloseTo(report.after, 9);
    // and the written scheme compiles with the written rules as the engine reads them
    const compiled = compileScheme(
      JSON.parse(readFileSync(outScheme, 'utf8')),
      JSON.parse(readFileSync(outRules, 'utf8')),
    );
    const first = readSession(JSON.parse(readFileSync(sample, 'utf8').split('\n')[0]!));
    expect(inspect(compiled, first).aiScore).toBe(records[0].aiScore);
  });

  it('reads labels from a CSV file and names a bad line', async () => {
    const ids = readFileSync(sample, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).sessionId as string);
    const good = join(dir, 'labels.csv');
    writeFileSync(good, `sessionId,score\n${ids.map((id, i) => `${id},${i % 5}`).join('\n')}\n`);
    const io = memoryIo();
    expect(await main(['calibrate', ...args, '--input', sample, '--labels', good, '--folds', '2'], io)).toBe(0);
    expect(io.stdoutText()).toContain('30 labelled sessions');

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `${ids[0]},1\n${ids[1]},n/a\n`);
    const failed = memoryIo();
    expect(await main(['calibrate', ...args, '--input', sample, '--labels', bad], failed)).toBe(2);
    expect(failed.stderrText()).toBe(
      'qc-engine: bad.csv:2: column 2, the score, must be a number, not "n/a" / 第 2 列标注分数必须是数字，而不是 "n/a"\n',
    );
  });

  it('names the line and JSON path of a session label that is not a number', async () => {
    const lines = readFileSync(sample, 'utf8').split('\n').filter(Boolean);
    const broken = JSON.parse(lines[2]!);
    broken.humanQuality.S = 'good';
    const input = join(dir, 'broken.jsonl');
    writeFileSync(input, [lines[0], lines[1], JSON.stringify(broken)].join('\n'));
    const io = memoryIo();
    expect(await main(['calibrate', ...args, '--input', input, '--label', 'humanQuality.S'], io)).toBe(2);
    expect(io.stderrText()).toBe(
      'qc-engine: broken.jsonl:3 $.humanQuality.S: the label must be a number, not "good" / 标注分数必须是数字，而不是 "good"\n',
    );
  });

  it('asks for labels', async () => {
    const io = memoryIo();
    expect(await main(['calibrate', ...args, '--input', sample], io)).toBe(2);
    expect(io.stderrText()).toContain('give --label <field path> or --labels <file>');
  });
});
