import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { memoryIo } from './cli-io.js';

const dir = mkdtempSync(join(tmpdir(), 'qc-engine-cli-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const rules = [
  {
    id: 'apology',
    name: '致歉',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['抱歉', '对不起'] } }],
          checkRange: { role: 'AGENT' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'ADD', scoreNum: 5 },
    },
  },
  {
    id: 'rude',
    name: '辱骂',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['滚'] } }],
          checkRange: { role: 'AGENT' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 30 },
    },
  },
];
const scheme = {
  id: 's1',
  name: '服务规范',
  targetType: 'AI',
  schemeAngles: [
    { angleId: 'g1', angleName: '服务态度', score: 100, angleRules: [{ ruleId: 'apology' }, { ruleId: 'rude' }] },
  ],
  schemeConfig: { veto: [] },
};
const sessions = [
  {
    sessionId: 'one',
    messages: [
      { role: 'CUSTOMER', text: '等了好久' },
      { role: 'AGENT', text: '非常抱歉，对不起' },
    ],
  },
  {
    sessionId: 'two',
    messages: [
      { senderRole: 'CUSTOMER', content: '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"你们怎么回事"}}]' },
      { senderRole: 'AGENT', content: '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"你给我滚"}}]' },
    ],
  },
];
const rulesPath = file('rules.json', rules);
const schemePath = file('scheme.json', scheme);
const inputPath = file('sessions.jsonl', `${sessions.map((s) => JSON.stringify(s)).join('\n')}\n`);

describe('qc-engine inspect', () => {
  it('writes one line per session in input order, every rule present, with exact spans', async () => {
    const io = memoryIo();
    const code = await main(['inspect', '--rules', rulesPath, '--input', inputPath], io);
    expect(code).toBe(0);
    const lines = io
      .stdoutText()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.sessionId)).toEqual(['one', 'two']);
    expect(lines[0].rules.map((r: { ruleId: string }) => r.ruleId)).toEqual(['apology', 'rude']);
    expect(lines[0].rules[0]).toMatchObject({ ruleId: 'apology', hit: true, hitCount: 1, score: 5 });
    expect(lines[0].rules[0].conditions.a.hits).toEqual([
      { message: 1, start: 2, end: 4, text: '抱歉', operator: 'HIT_ANY_KEYWORDS', keyword: '抱歉' },
      { message: 1, start: 5, end: 8, text: '对不起', operator: 'HIT_ANY_KEYWORDS', keyword: '对不起' },
    ]);
    expect(lines[0].rules[1]).toEqual({
      ruleId: 'rude',
      hit: false,
      hitCount: 0,
      score: 0,
      conditions: { a: { hit: false, hits: [] } },
    });
    expect(lines[0]).not.toHaveProperty('aiScore');
  });

  it('adds aiScore, isVeto and angles with --scheme', async () => {
    const io = memoryIo();
    await main(['inspect', '--rules', rulesPath, '--scheme', schemePath, '--input', inputPath, '--quiet'], io);
    const [one, two] = io
      .stdoutText()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // A bonus never lifts an angle above its full score.
    expect(one).toMatchObject({ aiScore: 100, isVeto: false });
    expect(two).toMatchObject({ aiScore: 70, isVeto: false });
    expect(two.angles[0]).toMatchObject({ angleId: 'g1', score: 100, result: 70 });
  });

  it('reads standard input and writes to --output', async () => {
    const out = join(dir, 'out.jsonl');
    const io = memoryIo(`${JSON.stringify(sessions[1])}\n`);
    expect(await main(['inspect', '--rules', rulesPath, '--output', out], io)).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).rules[1].hit).toBe(true);
    expect(io.stdoutText()).toBe('');
  });

  it('names the line of a malformed input, processes the others, and exits 1', async () => {
    const bad = file(
      'bad.jsonl',
      [
        JSON.stringify(sessions[0]),
        '{not json',
        JSON.stringify({ sessionId: 'x', messages: [{ text: 'hi' }] }),
        JSON.stringify(sessions[1]),
      ].join('\n'),
    );
    const io = memoryIo();
    const code = await main(['inspect', '--rules', rulesPath, '--input', bad], io);
    expect(code).toBe(1);
    expect(
      io
        .stdoutText()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).sessionId),
    ).toEqual(['one', 'two']);
    expect(io.stderrText()).toContain(`${bad}:2: invalid JSON`);
    expect(io.stderrText()).toContain(`${bad}:3: $.messages[0].senderRole`);
  });

  it('refuses a rule that does not compile with exit 2, naming rule id, JSON path and reason', async () => {
    const broken = file('broken.json', [
      rules[0],
      {
        id: 'r9',
        conditionConfig: {
          conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [] } }] }],
        },
      },
    ]);
    const io = memoryIo();
    const code = await main(['inspect', '--rules', broken, '--input', inputPath], io);
    expect(code).toBe(2);
    expect(io.stderrText()).toContain('rule r9');
    expect(io.stderrText()).toContain('$.conditionConfig.conditions[0].operators[0].param.keywords');
    expect(io.stderrText()).toContain('关键词不能为空');
    expect(io.stdoutText()).toBe('');
  });

  it('accepts {records: [...]} as the rules file', async () => {
    const io = memoryIo();
    const code = await main(
      ['inspect', '--rules', file('records.json', { records: rules }), '--input', inputPath, '--quiet'],
      io,
    );
    expect(code).toBe(0);
    expect(io.stdoutText().trim().split('\n')).toHaveLength(2);
  });

  it('exits 2 on a missing --rules or an unknown command', async () => {
    const io = memoryIo();
    expect(await main(['inspect', '--input', inputPath], io)).toBe(2);
    expect(io.stderrText()).toContain('--rules is required');
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.stderrText()).toContain("unknown command 'frobnicate'");
  });
});

describe('qc-engine inspect --workers', () => {
  const root = join(import.meta.dirname, '..', '..', '..', '..');
  const fixture = (path: string) => join(root, 'fixtures', path);
  const demo = [
    '--rules',
    fixture('rules/demo-20.json'),
    '--scheme',
    fixture('schemes/demo-scheme.json'),
    '--input',
    fixture('sessions/stc3-sample.jsonl'),
    '--quiet',
  ];

  it('writes byte-identical output on worker threads and in the main thread', async () => {
    const inThread = memoryIo();
    expect(await main(['inspect', ...demo, '--workers', '0'], inThread)).toBe(0);
    expect(inThread.stdoutText().trim().split('\n')).toHaveLength(30);
    for (const workers of ['1', '2', '3']) {
      const pooled = memoryIo();
      expect(await main(['inspect', ...demo, '--workers', workers], pooled)).toBe(0);
      expect(pooled.stdoutText()).toBe(inThread.stdoutText());
      expect(pooled.stderrText()).toBe('');
    }
  });

  it('reports malformed lines and compile errors with the same words either way', async () => {
    const bad = file(
      'bad-workers.jsonl',
      [JSON.stringify(sessions[0]), '{not json', JSON.stringify({ sessionId: 'x', messages: [{ text: 'hi' }] })].join(
        '\n',
      ),
    );
    const broken = file('broken-workers.json', [
      {
        id: 'r9',
        conditionConfig: {
          conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [] } }] }],
        },
      },
    ]);
    for (const args of [
      ['--rules', rulesPath, '--input', bad],
      ['--rules', broken, '--input', inputPath],
    ]) {
      const inThread = memoryIo();
      const pooled = memoryIo();
      const code = await main(['inspect', ...args, '--workers', '0'], inThread);
      expect(code).toBeGreaterThan(0);
      expect(await main(['inspect', ...args, '--workers', '2'], pooled)).toBe(code);
      expect(pooled.stderrText()).toBe(inThread.stderrText());
      expect(pooled.stdoutText()).toBe(inThread.stdoutText());
    }
  });

  it('refuses a --workers that is not a whole number', async () => {
    const io = memoryIo();
    expect(await main(['inspect', '--rules', rulesPath, '--input', inputPath, '--workers', 'two'], io)).toBe(2);
    expect(io.stderrText()).toContain('--workers takes a whole number');
  });
});

describe('qc-engine explain', () => {
  it('prints which condition hit where, with the span marked', async () => {
    const io = memoryIo();
    const code = await main(['explain', '--rules', rulesPath, '--session', file('two.json', sessions[1])], io);
    expect(code).toBe(0);
    const text = io.stdoutText();
    expect(text).toContain('规则 rule rude「辱骂」: 命中 HIT');
    expect(text).toContain('你给我【滚】');
    expect(text).toContain('规则 rule apology「致歉」: 未命中 not hit');
    expect(text).toContain('未出现 missing: 抱歉、对不起');
  });
});

describe('qc-engine censor', () => {
  it('is routed by main: one line per session with the matched words, spans and masked text', async () => {
    const libraries = file('libraries.json', [
      { id: 9, name: '员工禁语', words: '滚', operation: 'REPORT', status: 'ACTIVE', flag: 'cs-agent' },
    ]);
    const io = memoryIo();
    expect(await main(['censor', '--libraries', libraries, '--input', inputPath, '--quiet'], io)).toBe(0);
    expect(
      io
        .stdoutText()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { sessionId: 'one', messages: [] },
      {
        sessionId: 'two',
        messages: [
          { message: 1, operation: 'REPORT', words: [{ banId: 9, word: '滚', start: 3, end: 4 }], masked: '你给我滚' },
        ],
      },
    ]);
  });

  it('exits 2 without --libraries, naming the option', async () => {
    const io = memoryIo();
    expect(await main(['censor', '--input', inputPath], io)).toBe(2);
    expect(io.stderrText()).toContain('--libraries is required / 缺少 --libraries');
  });
});

describe('the installed bin', () => {
  it('runs through npx qc-engine after npm install (built by prepare)', () => {
    const root = join(import.meta.dirname, '..', '..', '..', '..');
    const built = spawnSync(
      'node',
      [join(root, 'packages/engine/bin/qc-engine.js'), 'inspect', '--rules', rulesPath, '--input', inputPath],
      {
        encoding: 'utf8',
      },
    );
    expect(built.status).toBe(0);
    expect(built.stdout.trim().split('\n')).toHaveLength(2);
    // the built CLI spawns the built worker (dist/worker/node-worker.js)
    const pooled = spawnSync(
      'node',
      [
        join(root, 'packages/engine/bin/qc-engine.js'),
        'inspect',
        '--rules',
        rulesPath,
        '--input',
        inputPath,
        '--workers',
        '2',
      ],
      { encoding: 'utf8' },
    );
    expect(pooled.status).toBe(0);
    expect(pooled.stdout).toBe(built.stdout);
    const linked = execFileSync(join(root, 'node_modules/.bin/qc-engine'), ['--help'], { encoding: 'utf8' });
    expect(linked).toContain('qc-engine inspect --rules');
  });
});
