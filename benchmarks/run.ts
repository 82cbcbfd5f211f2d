/**
 * qcdesk benchmark (`npm run bench`), per /work/shared/design/PERFORMANCE.md.
 *
 *   npm run bench                         full run (64 MB dense corpus, 100 k sessions)
 *   npm run bench -- --quick              smaller corpora (8 MB, 10 k sessions), for a smoke test
 *   npm run bench -- --suite rules        one suite (repeatable): censor-scan, censor-build, rules, scaling, end-to-end
 *   npm run bench -- --suite api          the console server's list throughput over HTTP (only when asked for;
 *                                         PostgreSQL as well when DATABASE_URL is set)
 *   npm run bench -- --suite live         the live desk: feed → censor → stored → real-time QC, message → alarm delay
 *                                         (PGlite; PostgreSQL with DATABASE_URL; 2 workers on Redis with REDIS_URL too)
 *   npm run bench -- --suite queue        a QC task over the STC-3 sessions through BullMQ: sessions/s with 1 and 2
 *                                         `qcdesk worker` processes, and in process (needs REDIS_URL; PostgreSQL with
 *                                         DATABASE_URL, else PGlite)
 *
 * Prints a table of each figure with its target, writes benchmarks/results/latest.json (latest-quick.json with --quick).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDir, fmt, log, RESULTS_DIR } from './lib/common.js';
import { buildCorpora, FULL, QUICK } from './lib/corpus.js';
import { loadCensorFactory } from './lib/matchers.js';
import { checks, type Figure } from './lib/report.js';
import { apiSuite } from './suites/api.js';
import { censorBuild } from './suites/censor-build.js';
import { censorScan, ensureRipgrep } from './suites/censor-scan.js';
import { endToEnd } from './suites/end-to-end.js';
import { liveSuite } from './suites/live.js';
import { queueSuite } from './suites/queue.js';
import { loadSessions, type RulesSuiteResult, rulesSuite, schemesOf } from './suites/rules.js';
import { scaling } from './suites/scaling.js';

const SUITES = ['censor-scan', 'censor-build', 'rules', 'scaling', 'end-to-end', 'api', 'live', 'queue'] as const;
type Suite = (typeof SUITES)[number];
/** what a run without --suite measures: the engine (PERFORMANCE.md); the api, live and queue suites run when asked for */
const DEFAULT_SUITES: readonly Suite[] = ['censor-scan', 'censor-build', 'rules', 'scaling', 'end-to-end'];
/** suites that read the generated corpora (the api suite reads the STC-3 file through the demo seed) */
const CORPUS_SUITES: readonly Suite[] = DEFAULT_SUITES;

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, suite: { type: 'string', multiple: true } },
  strict: true,
});
const quick = values.quick === true;
const chosen = (values.suite ?? [...DEFAULT_SUITES]) as Suite[];
for (const s of chosen) if (!SUITES.includes(s)) throw new Error(`unknown suite ${s}; one of ${SUITES.join(', ')}`);

const started = Date.now();
const profile = quick ? QUICK : FULL;
const needsCorpora = chosen.some((s) => CORPUS_SUITES.includes(s));
const corpora = needsCorpora ? await buildCorpora(profile) : null;
if (corpora !== null) log(`corpora ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const figures: Figure[] = [];
const suites: Record<string, unknown> = {};
const timings: Record<string, number> = {};
async function timed(name: string, fn: () => Promise<void> | void): Promise<void> {
  const t = Date.now();
  await fn();
  timings[name] = (Date.now() - t) / 1000;
  log(`${name} done in ${timings[name]!.toFixed(1)} s`);
}

if (chosen.includes('censor-scan')) {
  await timed('censor-scan', async () => {
    const r = censorScan(corpora!, { quick, censor: await loadCensorFactory() });
    figures.push(...r.figures);
    suites['censor-scan'] = r.details;
  });
}
if (chosen.includes('censor-build')) {
  await timed('censor-build', () => {
    const r = censorBuild(corpora!, ensureRipgrep() !== null);
    figures.push(...r.figures);
    suites['censor-build'] = r.details;
  });
}
let rules = null as RulesSuiteResult | null;
if (chosen.includes('rules') || chosen.includes('end-to-end')) {
  await timed('rules', () => {
    const sessions = loadSessions(corpora!.sessionsPath);
    rules = rulesSuite(corpora!, sessions, { quick });
    if (chosen.includes('rules')) {
      figures.push(...rules.figures);
      suites.rules = { sessions: sessions.length, ...rules.details };
    }
  });
}
// end-to-end runs `npm run build -w @qcdesk/engine` first; the scaling suite then uses the built worker script.
if (chosen.includes('end-to-end')) {
  await timed('end-to-end', () => {
    const r = rules as RulesSuiteResult | null;
    const scheme = r?.schemes.get('mixed-100');
    if (!r || !scheme) throw new Error('end-to-end needs the rules suite schemes');
    const e = endToEnd({
      sessionsPath: corpora!.sessionsPath,
      sessions: profile.sessions,
      rulesPath: scheme.rulesPath,
      schemePath: scheme.schemePath,
      inProcessRate: r.rates['mixed-100'] ?? null,
      label: 'mixed-100',
    });
    figures.push(...e.figures);
    suites['end-to-end'] = e.details;
  });
}

if (chosen.includes('scaling')) {
  await timed('scaling', async () => {
    const schemes = rules?.schemes ?? schemesOf(corpora!, loadSessions(corpora!.sessionsPath, 5_000));
    const scheme = schemes.get('mixed-100')!;
    const r = await scaling({
      sessionsPath: corpora!.sessionsPath,
      rulesPath: scheme.rulesPath,
      schemePath: scheme.schemePath,
      label: 'mixed-100',
      sessions: quick ? 3_000 : 20_000,
    });
    figures.push(...r.figures);
    suites.scaling = r.details;
  });
}
if (chosen.includes('api')) {
  await timed('api', async () => {
    const r = await apiSuite({ quick });
    figures.push(...r.figures);
    suites.api = r.details;
  });
}
if (chosen.includes('live')) {
  await timed('live', async () => {
    const r = await liveSuite({ quick });
    figures.push(...r.figures);
    suites.live = r.details;
  });
}
if (chosen.includes('queue')) {
  await timed('queue', async () => {
    const r = await queueSuite({ quick });
    figures.push(...r.figures);
    suites.queue = r.details;
  });
}
const totalSeconds = (Date.now() - started) / 1000;
const out = resolve(RESULTS_DIR, quick ? 'latest-quick.json' : 'latest.json');
// A run of some suites updates those suites in the latest results and keeps the others (marked with their date).
let previous: {
  figures?: Figure[];
  suites?: Record<string, unknown>;
  date?: string;
  suiteDates?: Record<string, string>;
} = {};
if (chosen.length < SUITES.length && existsSync(out)) previous = JSON.parse(readFileSync(out, 'utf8'));
const now = new Date().toISOString();
const suiteDates: Record<string, string> = { ...(previous.suiteDates ?? {}) };
for (const s of chosen) suiteDates[s] = now;
const merged: Figure[] = [];
for (const s of SUITES) {
  if (chosen.includes(s)) merged.push(...figures.filter((f) => f.suite === s));
  else merged.push(...(previous.figures ?? []).filter((f) => f.suite === s));
}
figures.splice(0, figures.length, ...merged);
for (const [k, v] of Object.entries(previous.suites ?? {})) if (!(k in suites)) suites[k] = v;
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};

function verdict(f: Figure): string {
  if (f.met === null) return f.target ? 'n/a' : '';
  return f.met ? 'met' : 'MISSED';
}
const header = '| suite | figure | value | target | verdict | ratios / notes |';
const lines = [header, '|---|---|---|---|---|---|'];
for (const f of figures) {
  lines.push(
    `| ${f.suite} | ${f.name.trim()} | ${fmt(f.value, f.unit === 's' ? 3 : 1)} ${f.value === null ? '' : f.unit} | ${f.target} | ${verdict(f)} | ${f.note} |`,
  );
}
const table = lines.join('\n');
process.stdout.write(
  `\nqcdesk benchmark — ${new Date().toISOString()} — ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, profile ${profile.name}\n\n${table}\n\nwhole run: ${totalSeconds.toFixed(1)} s\n`,
);

const failedChecks = checks.filter((c) => !c.ok);
process.stdout.write(
  `correctness checks: ${checks.length - failedChecks.length} of ${checks.length} passed${failedChecks.map((c) => `\n  FAILED ${c.suite}: ${c.name}: ${c.detail}`).join('')}\n`,
);
if (failedChecks.length > 0) process.exitCode = 1;

ensureDir(RESULTS_DIR);
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: now,
      suiteDates,
      machine,
      profile,
      suitesRun: chosen,
      totalSeconds,
      note: 'totalSeconds is the wall time of the last invocation (which ran suitesRun)',
      suiteSeconds: timings,
      figures,
      checks,
      table,
      suites,
      scaling: suites.scaling ?? 'not run',
    },
    null,
    2,
  )}\n`,
);
log(`wrote ${out}`);
