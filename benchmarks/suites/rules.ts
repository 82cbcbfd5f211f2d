import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Compiled, compileScheme, inspect } from '../../packages/engine/src/index.js';
import { fmt, log, median, Rng, timeIt } from '../lib/common.js';
import { type Corpora, readWords } from '../lib/corpus.js';
import { check, figure, type SuiteResult } from '../lib/report.js';
import { type GeneratedScheme, generateScheme } from '../lib/rules-gen.js';
import { NaiveInterpreter } from '../naive-interpreter.js';

const RUNS = 3;

export interface RulesOptions {
  readonly quick: boolean;
}

export interface SchemeFiles {
  readonly rulesPath: string;
  readonly schemePath: string;
}

/** Loads the sessions corpus as parsed objects (what `inspect` is handed in process). */
export function loadSessions(path: string, limit = Number.POSITIVE_INFINITY): unknown[] {
  const sessions: unknown[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    sessions.push(JSON.parse(line));
    if (sessions.length >= limit) break;
  }
  return sessions;
}

function phrasesFrom(sessions: readonly unknown[], count: number): string[] {
  const rng = new Rng(99);
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < count * 50; guard++) {
    const s = rng.pick(sessions) as { messages: { content: string }[] };
    const m = rng.pick(s.messages);
    try {
      const text = (JSON.parse(m.content) as { MsgContent?: { Text?: string } }[])[0]?.MsgContent?.Text;
      if (typeof text === 'string' && text.length >= 4 && text.length <= 40) out.push(text);
    } catch {
      // not TIM content
    }
  }
  return out;
}

/** Generates (deterministically) the schemes of the suite and writes them under the corpus directory. */
export function schemesOf(corpora: Corpora, sessions: readonly unknown[]): Map<string, GeneratedScheme & SchemeFiles> {
  const keywords = readWords(corpora.wordPaths[10_000]!);
  const phrases = phrasesFrom(sessions, 500);
  const out = new Map<string, GeneratedScheme & SchemeFiles>();
  const specs: [string, number, boolean][] = [
    ['mixed-10', 10, false],
    ['mixed-100', 100, false],
    ['mixed-1000', 1000, false],
    ['keyword-10', 10, true],
    ['keyword-1000', 1000, true],
  ];
  for (const [label, count, keywordOnly] of specs) {
    const g = generateScheme(count, keywords, phrases, keywordOnly, 1000 + count + (keywordOnly ? 1 : 0));
    const rulesPath = resolve(corpora.dir, `rules-${label}.json`);
    const schemePath = resolve(corpora.dir, `scheme-${label}.json`);
    writeFileSync(rulesPath, JSON.stringify(g.rules));
    writeFileSync(schemePath, JSON.stringify(g.scheme));
    out.set(label, { ...g, rulesPath, schemePath });
  }
  return out;
}

/**
 * What production runs (the CLI and the worker pool): `{trace: false}`, outcomes and evidence only — every rule
 * of the scheme is listed, with what the output record holds. The full trace ("why not" for the replay tester)
 * is a debugging view, measured apart in the JSON (`traceRate`).
 */
const PRODUCTION = { trace: false } as const;

function engineRun(
  compiled: Compiled,
  sessions: readonly unknown[],
  n: number,
  options: { trace: boolean } = PRODUCTION,
): number {
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const result = inspect(compiled, sessions[i], options);
    for (const r of result.rules) if (r.hit) hits++;
  }
  return hits;
}

function naiveRun(naive: NaiveInterpreter, sessions: readonly unknown[], n: number): number {
  let hits = 0;
  for (let i = 0; i < n; i++) hits += naive.inspect(sessions[i]).length;
  return hits;
}

/** How many sessions fit in `budget` seconds at the rate of a short trial (at least 200, at most all). */
function sizeFor(fn: (n: number) => unknown, total: number, budget: number): number {
  const trial = Math.min(total, 300);
  const { seconds } = timeIt(() => fn(trial));
  const rate = trial / Math.max(seconds, 1e-6);
  return Math.max(Math.min(total, 200), Math.min(total, Math.round(rate * budget)));
}

export interface RulesSuiteResult extends SuiteResult {
  /** engine sessions/s in process for each scheme label */
  readonly rates: Record<string, number>;
  readonly schemes: Map<string, GeneratedScheme & SchemeFiles>;
}

export function rulesSuite(corpora: Corpora, sessions: readonly unknown[], options: RulesOptions): RulesSuiteResult {
  const figures = [];
  const details: Record<string, unknown> = {};
  const rates: Record<string, number> = {};
  const schemes = schemesOf(corpora, sessions);
  const engineBudget = options.quick ? 2 : 4;
  const naiveBudget = options.quick ? 1.5 : 3;
  const agreementSample = options.quick ? 500 : 1000;
  for (const [label, g] of schemes) {
    const compile = timeIt(() => compileScheme(g.scheme, g.rules));
    const compiled = compile.value;
    const withNaive = label.startsWith('mixed');
    const naive = new NaiveInterpreter(g.rules);
    const nEngine = sizeFor((n) => engineRun(compiled, sessions, n), sessions.length, engineBudget);
    const nNaive = withNaive ? sizeFor((n) => naiveRun(naive, sessions, n), sessions.length, naiveBudget) : 0;
    const engineRates: number[] = [];
    const naiveRates: number[] = [];
    let ruleHits = 0;
    for (let r = 0; r < RUNS; r++) {
      const e = timeIt(() => engineRun(compiled, sessions, nEngine));
      engineRates.push(nEngine / e.seconds);
      ruleHits = e.value;
      if (withNaive) {
        const nv = timeIt(() => naiveRun(naive, sessions, nNaive));
        naiveRates.push(nNaive / nv.seconds);
      }
    }
    // Agreement of hit rule ids, session by session, on a sample.
    let agreeSessions = 0;
    let differingPairs = 0;
    const sample = Math.min(agreementSample, sessions.length);
    const examples: string[] = [];
    for (let i = 0; i < sample; i++) {
      const a = inspect(compiled, sessions[i], PRODUCTION)
        .rules.filter((x) => x.hit)
        .map((x) => x.ruleId)
        .sort();
      const b = naive.inspect(sessions[i]).sort();
      const sa = new Set(a);
      const sb = new Set(b);
      const diff = [...a.filter((x) => !sb.has(x)), ...b.filter((x) => !sa.has(x))];
      if (diff.length === 0) agreeSessions++;
      else {
        differingPairs += diff.length;
        if (examples.length < 5)
          examples.push(`${(sessions[i] as { sessionId: string }).sessionId}: ${diff.join(',')}`);
      }
    }
    check(
      'rules',
      `${label}: hit rule ids = naive interpreter`,
      agreeSessions === sample,
      `${agreeSessions}/${sample} sessions agree${examples.length ? `, e.g. ${examples[0]}` : ''}`,
    );
    const engineRate = median(engineRates);
    const naiveRate = withNaive ? median(naiveRates) : null;
    // The full trace (every attempt and operator outcome, "why not"), what the replay tester asks for: for reference.
    const traced = timeIt(() => engineRun(compiled, sessions, Math.min(nEngine, 2000), { trace: true }));
    const traceRate = Math.min(nEngine, 2000) / traced.seconds;
    rates[label] = engineRate;
    details[label] = {
      rules: g.rules.length,
      mix: g.mix,
      compileSeconds: compile.seconds,
      engine: {
        options: PRODUCTION,
        sessions: nEngine,
        sessionsPerSecond: engineRate,
        traceRate,
        runs: engineRates,
        ruleHitsPerSession: ruleHits / nEngine,
      },
      naive: withNaive ? { sessions: nNaive, sessionsPerSecond: naiveRate, runs: naiveRates } : null,
      agreement: { sample, agreeingSessions: agreeSessions, differingRuleHits: differingPairs, examples },
    };
    log(
      `rules ${label}: engine ${fmt(engineRate, 0)} sessions/s (${nEngine} sessions)${withNaive ? `, naive ${fmt(naiveRate ?? 0, 0)} (${nNaive})` : ''}, compile ${fmt(compile.seconds, 3)} s, agreement ${agreeSessions}/${sample}`,
    );
    const agreeNote = `hit rule ids agree on ${agreeSessions}/${sample} sessions${differingPairs ? ` (${differingPairs} differing rule hits, e.g. ${examples[0]})` : ''}`;
    figures.push(
      figure({
        suite: 'rules',
        name: `${label} scheme (${g.rules.length} rules): engine`,
        value: engineRate,
        unit: 'sessions/s',
        target: label === 'mixed-100' ? '≥ 20× the naive interpreter' : '',
        met: label === 'mixed-100' && naiveRate ? engineRate / naiveRate >= 20 : null,
        note: `${naiveRate ? `${fmt(engineRate / naiveRate)}× naive (${fmt(naiveRate, 0)} sessions/s); ` : ''}trace: false (full trace ${fmt(traceRate, 0)} sessions/s); compile ${fmt(compile.seconds, 2)} s; ${agreeNote}`,
      }),
    );
  }
  const k10 = rates['keyword-10'];
  const k1000 = rates['keyword-1000'];
  if (k10 && k1000) {
    const ratio = k10 / k1000;
    figures.push(
      figure({
        suite: 'rules',
        name: 'keyword-only 1000 vs 10 rules: time ratio',
        value: ratio,
        unit: '×',
        target: '≤ 2',
        met: ratio <= 2,
        note: `${fmt(k10, 0)} vs ${fmt(k1000, 0)} sessions/s`,
      }),
    );
  }
  const m10 = rates['mixed-10'];
  const m1000 = rates['mixed-1000'];
  if (m10 && m1000) {
    figures.push(
      figure({
        suite: 'rules',
        name: 'mixed 1000 vs 10 rules: time ratio (for reference)',
        value: m10 / m1000,
        unit: '×',
        note: `${fmt(m10, 0)} vs ${fmt(m1000, 0)} sessions/s`,
      }),
    );
  }
  return { figures, details, rates, schemes };
}
