/**
 * Where the engine spends its time: runs one workload under the V8 sampling profiler (node:inspector) and
 * prints self time by function. `node --import tsx benchmarks/profile.ts rules [label] [sessions]` or
 * `node --import tsx benchmarks/profile.ts scan [10000|100000]`, or `censor [1000|10000|100000]` for the censor
 * library path (`compileCensor(...).scan`, default options; `censor-count` for `count`) (uses the quick corpora
 * in .cache; run `npm run bench -- --quick` once first). Rules workloads run trace-free (`TRACE=1`: the full trace),
 * with the full result (`OUTPUT=hits`: the sparse one, only the rules that hit).
 */

import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { compileScheme, inspect } from '../packages/engine/src/index.js';
import { buildCorpora, chunksOf, QUICK, readWords } from './lib/corpus.js';
import { CENSOR_OPTION_ROWS, censorOptionMatcher, engineMatcher } from './lib/matchers.js';
import { loadSessions, schemesOf } from './suites/rules.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const [what = 'rules', arg, countArg] = process.argv.slice(2);
const corpora = await buildCorpora(QUICK);
let work: () => void;
if (what === 'scan' || what === 'censor' || what === 'censor-count') {
  // censor: the library path (`compileCensor(...).scan`, default options) on the same chunks as the automaton
  const chunks = chunksOf(readFileSync(corpora.densePath, 'utf8'));
  const words = readWords(corpora.wordPaths[Number(arg ?? 10000)]!);
  // rows 0 and 1: the default library through `scan`, and through `count`
  const row = CENSOR_OPTION_ROWS[what === 'censor-count' ? 1 : 0]!;
  const m = what === 'scan' ? engineMatcher(words) : censorOptionMatcher(words, row);
  work = () => {
    m.count(chunks);
  };
} else {
  const sessions = loadSessions(corpora.sessionsPath, Number(countArg ?? 1000));
  const g = schemesOf(corpora, sessions).get(arg ?? 'mixed-100')!;
  const compiled = compileScheme(g.scheme, g.rules);
  // OUTPUT=hits: the sparse result (`qc-engine inspect --hits-only`)
  const options = {
    trace: process.env.TRACE === '1',
    output: process.env.OUTPUT === 'hits' ? 'hits' : 'full',
  } as const;
  work = () => {
    for (const s of sessions) inspect(compiled, s, options);
  };
}
work();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
// REPEAT=n runs the workload n times under the profiler (more samples for short workloads).
for (let r = Number(process.env.REPEAT ?? 1); r > 0; r--) work();
const { profile } = await session.post('Profiler.stop');
const nodes = profile.nodes as Node[];
const total = nodes.reduce((n, x) => n + x.hitCount, 0);
const byFn = new Map<string, number>();
for (const n of nodes) {
  const file = n.callFrame.url.split('/').slice(-2).join('/');
  const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + n.hitCount);
}
for (const [k, v] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  process.stdout.write(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}\n`);
}
