import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { censorCommand } from '../../src/cli/censor-command.js';
import { memoryIo } from '../cli/cli-io.js';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const fixture = (path: string) => join(root, 'fixtures', 'censor', path);
const dir = mkdtempSync(join(tmpdir(), 'qc-engine-censor-'));

function lines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

describe('qc-engine censor', () => {
  it('writes one line per session with the censored messages of the fixture sessions', async () => {
    const io = memoryIo();
    const code = await censorCommand(
      { libraries: fixture('libraries.json'), input: fixture('sessions.jsonl'), quiet: true },
      io,
    );
    expect(io.stderrText()).toBe('');
    expect(code).toBe(0);
    expect(lines(io.stdoutText())).toEqual([
      {
        sessionId: 'c-1',
        messages: [
          {
            message: 0,
            operation: 'FUZZY',
            words: [{ banId: 101, word: '傻逼', start: 4, end: 7 }],
            masked: '你們這群***，又出大麻烦了',
          },
          {
            message: 1,
            operation: 'REPORT',
            words: [
              { banId: 202, word: '亲爱的', start: 3, end: 6 },
              { banId: 201, word: '加我微信', start: 7, end: 11 },
              { banId: 201, word: '私下转账', start: 11, end: 15 },
            ],
            masked: '您好，亲爱的，加我微信私下转账吧',
          },
          {
            message: 2,
            operation: 'ABORT',
            words: [{ banId: 102, word: '弄死你', start: 6, end: 10 }],
            masked: '再不退款我就弄 死你',
          },
        ],
      },
      { sessionId: 'c-2', messages: [] },
      {
        sessionId: 'c-3',
        messages: [
          {
            message: 0,
            operation: 'FUZZY',
            words: [{ banId: 101, word: 'ass', start: 9, end: 12 }],
            masked: 'grass 很好，*** 不好',
          },
        ],
      },
    ]);
  });

  it('reads stdin and writes --output; a malformed line goes to stderr with its number, the run goes on, exit 1', async () => {
    const input = [
      '{"sessionId":"a","messages":[{"role":"CUSTOMER","text":"滚蛋"}]}',
      '{not json',
      '',
      '{"sessionId":"b","messages":[{"text":"no role"}]}',
      '{"sessionId":"c","messages":[{"role":"CUSTOMER","text":"好的"}]}',
    ].join('\n');
    const io = memoryIo(input);
    const output = join(dir, 'out.jsonl');
    const code = await censorCommand({ libraries: fixture('libraries.json'), output, quiet: true }, io);
    expect(code).toBe(1);
    const errors = io.stderrText().split('\n').filter(Boolean);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^stdin:2: invalid JSON/);
    expect(errors[1]).toMatch(/^stdin:4: \$\.messages\[0\]\.senderRole/);
    expect(lines(readFileSync(output, 'utf8'))).toEqual([
      {
        sessionId: 'a',
        messages: [
          { message: 0, operation: 'FUZZY', words: [{ banId: 101, word: '滚蛋', start: 0, end: 2 }], masked: '**' },
        ],
      },
      { sessionId: 'c', messages: [] },
    ]);
  });

  it('a bad libraries file exits 2 with a message', async () => {
    const cases: [string, RegExp][] = [
      ['{"libraries": 3}', /expected a JSON array of libraries/],
      ['[{"id":1,"name":"x","operation":"BLOCK","status":"ACTIVE","flag":"cs-agent"}]', /\$\[0\]\.operation/],
      ['not json', /not valid JSON/],
      ['{"libraries": [], "options": []}', /options must be an object/],
    ];
    for (const [text, message] of cases) {
      const path = join(dir, 'bad.json');
      writeFileSync(path, text);
      const io = memoryIo('');
      expect(await censorCommand({ libraries: path, quiet: true }, io)).toBe(2);
      expect(io.stderrText()).toMatch(message);
    }
    const io = memoryIo('');
    expect(await censorCommand({ libraries: join(dir, 'missing.json'), quiet: true }, io)).toBe(2);
    expect(io.stderrText()).toMatch(/cannot read/);
  });

  it('accepts a plain array of libraries', async () => {
    const path = join(dir, 'plain.json');
    writeFileSync(
      path,
      JSON.stringify([{ id: 'x', name: 'x', words: '甲', operation: 'ABORT', status: 'ACTIVE', flag: 'cs-customer' }]),
    );
    const io = memoryIo('{"sessionId":1,"messages":[{"role":"CUSTOMER","text":"甲乙"}]}\n');
    expect(await censorCommand({ libraries: path, quiet: true }, io)).toBe(0);
    expect(lines(io.stdoutText())).toEqual([
      {
        sessionId: '1',
        messages: [
          { message: 0, operation: 'ABORT', words: [{ banId: 'x', word: '甲', start: 0, end: 1 }], masked: '甲乙' },
        ],
      },
    ]);
  });
});
