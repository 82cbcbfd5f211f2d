/**
 * api suite (`npm run bench -- --suite api`): list throughput of the console server over real HTTP. A demo store of
 * about 8,000 AI results (api-store.ts) on PGlite, and on PostgreSQL too when DATABASE_URL is set; the admin signed
 * in; each list call answered by 1 and by 50 concurrent clients (a child process, api-load-worker.mjs), a bounded
 * number of requests in a bounded time: requests/s, p50 and p99 latency, and the server process's CPU time per
 * request (user + system; with PGlite that includes the database, with PostgreSQL it does not) — the figure that
 * other load on the machine disturbs least.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fmt, log } from '../lib/common.js';
import { check, figure, type SuiteResult } from '../lib/report.js';
import { type ApiStore, buildApiStore, type StoreDriver } from './api-store.js';

const OVERVIEW_PATH = '/v3/chats/ai-result/overview';

interface ListCall {
  readonly label: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** what a right answer has: a page's `total` > 0 and `records`, a non-empty array, or an overview with results */
  readonly shape: 'page' | 'array' | 'overview';
}

/** The console's AI result list as it opens (qc-area §2: CHECKED, YESTERDAY on createTime, page 1 of 10)… */
const DEFAULT_BODY = { timeby: 'createTime', deleted: 'NONE', aiStatus: 'CHECKED', quickDate: 'YESTERDAY' };
const CALLS: readonly ListCall[] = [
  {
    label: 'ai-result/page default (YESTERDAY)',
    path: '/v3/chats/ai-result/page?page=1&size=10',
    body: DEFAULT_BODY,
    shape: 'page',
  },
  // …with the quick date ALL: every result counted
  {
    label: 'ai-result/page ALL',
    path: '/v3/chats/ai-result/page?page=1&size=10',
    body: { ...DEFAULT_BODY, quickDate: 'ALL' },
    shape: 'page',
  },
  // …sorted by the manual score (a correlated lookup per row)
  {
    label: 'ai-result/page ALL, manual_score desc',
    path: '/v3/chats/ai-result/page?page=1&size=10',
    body: { ...DEFAULT_BODY, quickDate: 'ALL', scoreSorts: ['manual_score desc'] },
    shape: 'page',
  },
  { label: 'session/list (100)', path: '/v3/chats/session/list', body: { limit: 100 }, shape: 'array' },
  // the QC overview (issue 15): every aggregate of its home page over all results
  {
    label: 'ai-result/overview, all schemes',
    path: OVERVIEW_PATH,
    body: { timeFrom: '2000-01-01' },
    shape: 'overview',
  },
];

/** The overview at scale (PostgreSQL only): the store grown to this many results, the calls of its home page. */
const SCALE_RESULTS = Number(process.env.QCDESK_BENCH_OVERVIEW_RESULTS ?? 1_000_000);
const SCALE_CALLS: readonly ListCall[] = [
  { label: 'ai-result/overview, 30 days', path: OVERVIEW_PATH, body: {}, shape: 'overview' },
  {
    label: 'ai-result/overview, 90 days by week',
    path: OVERVIEW_PATH,
    body: { timeFrom: '2000-01-01', bucket: 'WEEK' },
    shape: 'overview',
  },
];
const SCALE_LOAD: Load = { concurrency: 1, maxRequests: 20, maxSeconds: 60 };

interface Load {
  readonly concurrency: number;
  readonly maxRequests: number;
  readonly maxSeconds: number;
}
const LOADS: readonly Load[] = [
  { concurrency: 1, maxRequests: 300, maxSeconds: 8 },
  { concurrency: 50, maxRequests: 2_000, maxSeconds: 15 },
];
const QUICK_LOADS: readonly Load[] = [
  { concurrency: 1, maxRequests: 100, maxSeconds: 3 },
  { concurrency: 50, maxRequests: 500, maxSeconds: 5 },
];
const WARM_UP = 20;

interface LoadAnswer {
  readonly latencies: number[];
  readonly seconds: number;
  readonly failed: number;
  readonly failures: { status: number; text: string }[];
  /** CPU time of this (the server's) process while the clients ran, ms */
  readonly serverCpuMs: number;
}

const LOAD_CLIENT = fileURLToPath(new URL('./api-load-worker.mjs', import.meta.url));

async function runLoad(store: ApiStore, call: ListCall, load: Load): Promise<LoadAnswer> {
  // no tsx loader in the child: it is plain JavaScript
  const child = fork(LOAD_CLIENT, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answered = new Promise<Omit<LoadAnswer, 'serverCpuMs'>>((resolve, reject) => {
    child.once('message', (answer) => resolve(answer as Omit<LoadAnswer, 'serverCpuMs'>));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`api suite: the load client exited with ${code}`)));
  });
  const cpu = process.cpuUsage();
  child.send({ url: `${store.origin}${call.path}`, body: call.body, cookie: store.cookie, ...load });
  const answer = await answered;
  const used = process.cpuUsage(cpu);
  return { ...answer, serverCpuMs: (used.user + used.system) / 1000 };
}

/** nearest-rank percentile of sorted values */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One answer read here, so the run checks the call answers what it should (and what the totals are). */
async function probe(store: ApiStore, call: ListCall): Promise<{ ok: boolean; detail: string; total: number }> {
  const res = await fetch(`${store.origin}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: store.cookie },
    body: JSON.stringify(call.body),
  });
  const text = await res.text();
  if (res.status !== 200) return { ok: false, detail: `${res.status} ${text.slice(0, 300)}`, total: 0 };
  if (call.shape === 'overview') {
    const results = (JSON.parse(text) as { totals: { results: number } }).totals.results;
    return { ok: results > 0, detail: `${results} results aggregated, ${text.length} bytes`, total: results };
  }
  const json = JSON.parse(text) as { total?: number; records?: unknown[] } | unknown[];
  const rows = Array.isArray(json) ? json.length : (json.records?.length ?? 0);
  const total = Array.isArray(json) ? json.length : (json.total ?? 0);
  const ok = rows > 0 && total > 0 && (call.shape === 'array') === Array.isArray(json);
  return { ok, detail: `${rows} rows, total ${total}, ${text.length} bytes`, total };
}

/** One call: probed, warmed up, then each load; its figures and rows appended. */
async function measureCall(
  store: ApiStore,
  call: ListCall,
  loads: readonly Load[],
  figures: ReturnType<typeof figure>[],
  rows: Record<string, unknown>[],
): Promise<void> {
  // the first answer alone: for the overview at scale it includes building the daily rollup the later ones read
  const started = performance.now();
  const first = await probe(store, call);
  const firstMs = performance.now() - started;
  check(
    'api',
    `${store.driver}: ${call.label} answers`,
    first.ok,
    `${first.detail}; first answer ${firstMs.toFixed(0)} ms`,
  );
  await runLoad(store, call, { concurrency: 1, maxRequests: WARM_UP, maxSeconds: 10 });
  for (const load of loads) {
    const answer = await runLoad(store, call, load);
    const sorted = [...answer.latencies].sort((a, b) => a - b);
    const rate = answer.latencies.length / answer.seconds;
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    const cpuPerRequest = answer.serverCpuMs / Math.max(1, answer.latencies.length);
    check(
      'api',
      `${store.driver}: ${call.label} ×${load.concurrency}: every answer 200`,
      answer.failed === 0,
      answer.failed === 0 ? `${answer.latencies.length} answers` : JSON.stringify(answer.failures),
    );
    log(
      `  ${store.driver} ${call.label} ×${load.concurrency}: ${fmt(rate)} req/s, p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, server CPU ${fmt(cpuPerRequest)} ms/request (${answer.latencies.length} requests in ${answer.seconds.toFixed(1)} s)`,
    );
    figures.push(
      figure({
        suite: 'api',
        name: `${store.driver}: ${call.label}, ${load.concurrency} client${load.concurrency > 1 ? 's' : ''}`,
        value: rate,
        unit: 'req/s',
        note: `p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms; server CPU ${fmt(cpuPerRequest)} ms/request; ${answer.latencies.length} requests in ${answer.seconds.toFixed(1)} s; total ${first.total}`,
      }),
    );
    rows.push({
      call: call.label,
      path: call.path,
      body: call.body,
      concurrency: load.concurrency,
      requests: answer.latencies.length,
      seconds: answer.seconds,
      requestsPerSecond: rate,
      p50Ms: p50,
      p99Ms: p99,
      serverCpuMsPerRequest: cpuPerRequest,
      failed: answer.failed,
      total: first.total,
    });
  }
}

async function measureStore(driver: StoreDriver, quick: boolean, details: Record<string, unknown>) {
  const figures: ReturnType<typeof figure>[] = [];
  const store = await buildApiStore(driver);
  const rows: Record<string, unknown>[] = [];
  try {
    check('api', `${driver}: about 8,000 AI results`, store.aiResults >= 7_000, `${store.aiResults} AI results`);
    for (const call of CALLS) await measureCall(store, call, quick ? QUICK_LOADS : LOADS, figures, rows);
    if (driver === 'postgres' && SCALE_RESULTS > store.aiResults) {
      const started = Date.now();
      const grown = await store.inflate(quick ? Math.min(SCALE_RESULTS, 100_000) : SCALE_RESULTS);
      log(`api suite (${driver}): grown to ${grown} AI results in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      check('api', `${driver}: grown for the overview at scale`, grown > store.aiResults, `${grown} AI results`);
      for (const call of SCALE_CALLS)
        await measureCall(store, { ...call, label: `${call.label} (${grown} results)` }, [SCALE_LOAD], figures, rows);
    }
  } finally {
    await store.close();
  }
  details[driver] = {
    sessions: store.sessions,
    aiResults: store.aiResults,
    buildSeconds: store.buildSeconds,
    runs: rows,
  };
  return figures;
}

export async function apiSuite(options: { quick: boolean }): Promise<SuiteResult> {
  const details: Record<string, unknown> = {
    clients: 'one child process, Node fetch (undici), keep-alive; a bounded number of requests in a bounded time',
  };
  // QCDESK_BENCH_API_DRIVERS=postgres measures one store only (the overview at scale)
  const drivers = (process.env.QCDESK_BENCH_API_DRIVERS ?? 'pglite,postgres').split(',');
  const figures = drivers.includes('pglite') ? await measureStore('pglite', options.quick, details) : [];
  if (!drivers.includes('postgres')) return { figures, details };
  if (process.env.DATABASE_URL) figures.push(...(await measureStore('postgres', options.quick, details)));
  else log('api suite: DATABASE_URL not set, PostgreSQL not measured');
  return { figures, details };
}
