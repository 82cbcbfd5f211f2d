/** `qc-engine inspect --hits-only`: each line is the full line with only the rules that hit; the same bytes either way. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { memoryIo } from './cli-io.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const fixture = (path: string) => join(root, 'fixtures', path);
const demo = ['--rules', fixture('rules/demo-20.json'), '--scheme', fixture('schemes/demo-scheme.json'), '--quiet'];
const input = fixture('sessions/stc3-sample.jsonl');

interface Line {
  sessionId: string;
  rules: { ruleId: string; hit: boolean }[];
  aiScore: number;
  angles: { result: number; rules: { hit: boolean }[] }[];
}

async function run(args: string[], stdin = ''): Promise<string> {
  const io = memoryIo(stdin);
  expect(await main(['inspect', ...demo, ...args], io)).toBe(0);
  expect(io.stderrText()).toBe('');
  return io.stdoutText();
}

describe('qc-engine inspect --hits-only', () => {
  it('writes each full line filtered to the rules that hit, the same scores, in the main thread and on workers', async () => {
    const full = (await run(['--input', input, '--workers', '0']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const sparseText = await run(['--input', input, '--workers', '0', '--hits-only']);
    const sparse = sparseText
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(sparse).toHaveLength(30);
    const filtered = full.map((line) => ({
      ...line,
      rules: line.rules.filter((r) => r.hit),
      angles: line.angles.map((a) => ({ ...a, rules: a.rules.filter((l) => l.hit) })),
    }));
    expect(sparse).toEqual(filtered);
    // the demo's sessions do hit rules, and not all of them: the flag changes something
    const listed = sparse.reduce((n, line) => n + line.rules.length, 0);
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(full.reduce((n, line) => n + line.rules.length, 0));
    expect(sparse.every((line) => line.rules.every((r) => r.hit))).toBe(true);
    // on worker threads, from a file and from standard input: byte for byte
    expect(await run(['--input', input, '--workers', '2', '--hits-only'])).toBe(sparseText);
    expect(await run(['--workers', '1', '--hits-only'], readFileSync(input, 'utf8'))).toBe(sparseText);
  });
});
