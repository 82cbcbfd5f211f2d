import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, passwordOf, useBrowser } from './browser.js';

/** One request of the page as Chromium's network log (CDP) saw it. */
interface Fetch {
  url: string;
  status: number;
  /** the status on the wire: 304 for a revalidated file, which Chromium then reports as its cached 200 */
  wireStatus: number;
  encoding: string;
  /** bytes on the wire, headers included (0 when served from the browser's cache) */
  transferred: number;
  /** the body's bytes after decoding */
  decoded: number;
  fromCache: boolean;
  finished: boolean;
}

/** Chromium's own account of what `page` fetched: bytes on the wire and decoded, and what came from its cache. */
async function networkLog(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetches = new Map<string, Fetch>();
  const of = (id: string): Fetch => {
    let fetch = fetches.get(id);
    if (!fetch) {
      fetch = {
        url: '',
        status: 0,
        wireStatus: 0,
        encoding: '',
        transferred: 0,
        decoded: 0,
        fromCache: false,
        finished: false,
      };
      fetches.set(id, fetch);
    }
    return fetch;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    of(e.requestId).url = e.request.url;
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    of(e.requestId).fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const fetch = of(e.requestId);
    fetch.url = e.response.url;
    fetch.status = e.response.status;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    fetch.encoding = headers['content-encoding'] ?? '';
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) fetch.fromCache = true;
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    of(e.requestId).wireStatus = e.statusCode;
  });
  cdp.on('Network.dataReceived', (e) => {
    of(e.requestId).decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const fetch = of(e.requestId);
    fetch.transferred = e.encodedDataLength;
    fetch.finished = true;
  });
  return {
    /** the requests since the last `clear`, finished or not */
    list: () => [...fetches.values()].filter((f) => f.url !== ''),
    clear: () => fetches.clear(),
  };
}

/** A content-hashed file of the build (Vite's `assets/<name>-<hash>.<ext>`). */
const isHashedAsset = (url: string) => /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(new URL(url).pathname);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

interface LoadFigures {
  requests: number;
  transferred: number;
  decoded: number;
  assetsFromNetwork: number;
  ms: number;
}

function figures(fetches: Fetch[], ms: number): LoadFigures {
  const finished = fetches.filter((f) => f.finished);
  return {
    requests: finished.filter((f) => !f.fromCache).length,
    transferred: finished.reduce((sum, f) => sum + f.transferred, 0),
    decoded: finished.reduce((sum, f) => sum + f.decoded, 0),
    assetsFromNetwork: finished.filter((f) => isHashedAsset(f.url) && !f.fromCache && f.status === 200).length,
    ms,
  };
}

const firstRow = (page: Page) => page.locator('main tr[data-row-id]').first();

/**
 * The console's first load (issue 15, defect 11), measured in the browser: the build's files come compressed, a
 * reload takes every hashed file from the browser's cache, the QC menu's screens are fetched while idle, and a list
 * whose load failed offers 重试. Prints the figures the README quotes.
 */
describe('the first load of the console', () => {
  const opened = useBrowser(2);
  let page: Page;
  let log: Awaited<ReturnType<typeof networkLog>>;

  beforeAll(async () => {
    page = opened.page(0);
    log = await networkLog(page);
    // signed in by the API: the page's cache stays empty until the console itself loads
    const login = await api(page, '/v3/auth/login', { username: 'admin', password: passwordOf('admin') });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });

  it('loads compressed when cold, from the cache when warm, and prints the figures', async () => {
    const url = `${baseUrl()}#/qc/scheme/list`;
    let start = Date.now();
    await page.goto(url);
    await firstRow(page).waitFor({ timeout: 60_000 });
    const cold = figures(log.list(), Date.now() - start);
    const coldFetches = log.list();

    // the main chunk (the entry script of index.html) and every large script came compressed
    const html = await (await page.request.get(baseUrl(), { headers: { 'accept-encoding': 'identity' } })).text();
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry, 'the entry script of index.html').toBeDefined();
    const main = coldFetches.find((f) => f.url.endsWith(`/${entry}`));
    expect(main?.status, `the main chunk ${entry}`).toBe(200);
    expect(['br', 'gzip']).toContain(main!.encoding);
    expect(main!.transferred).toBeLessThan(main!.decoded / 2);
    const scripts = coldFetches.filter((f) => f.finished && isHashedAsset(f.url) && f.decoded > 10_000);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(['br', 'gzip'], script.url).toContain(script.encoding);
    expect(cold.transferred).toBeLessThan(cold.decoded / 2);

    // the QC menu's screens are fetched while the browser is idle after sign-in
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() => log.list().some((f) => /\/assets\/TaskList-[^/]+\.js$/.test(f.url) && f.finished))
      .toBe(true);
    const afterIdle = figures(log.list(), 0);

    // warm: the same context reloads; index.html is revalidated (304), no hashed file is fetched again
    log.clear();
    start = Date.now();
    await page.reload();
    await firstRow(page).waitFor({ timeout: 60_000 });
    const warm = figures(log.list(), Date.now() - start);
    const warmFetches = log.list();

    console.log(
      [
        'first load of #/qc/scheme/list (admin, Chromium, this machine) / 首次加载:',
        `  cold: ${cold.requests} requests, ${kb(cold.transferred)} transferred (${kb(cold.decoded)} decoded), first row after ${cold.ms} ms`,
        `  cold + QC screens fetched while idle: ${afterIdle.requests} requests, ${kb(afterIdle.transferred)} transferred (${kb(afterIdle.decoded)} decoded)`,
        `  warm (reload): ${warm.requests} requests, ${kb(warm.transferred)} transferred, ${warm.assetsFromNetwork} hashed files fetched, first row after ${warm.ms} ms`,
      ].join('\n'),
    );
    const document = warmFetches.find((f) => new URL(f.url).pathname === '/');
    expect(document?.wireStatus, 'index.html on reload').toBe(304);
    const refetched = warmFetches.filter((f) => isHashedAsset(f.url) && !f.fromCache).map((f) => f.url);
    expect(refetched, 'hashed files fetched again on a warm load').toEqual([]);
    expect(warm.assetsFromNetwork).toBe(0);
  });

  it('opens a QC list for the first time without fetching its screen: it came while idle', async () => {
    await page.waitForLoadState('networkidle');
    log.clear();
    await page.locator('nav').getByText('质检任务', { exact: true }).click();
    await page.waitForURL(/#\/qc\/task\/list/);
    await firstRow(page).waitFor();
    const scripts = log.list().filter((f) => isHashedAsset(f.url) && !f.fromCache);
    expect(scripts.map((f) => f.url)).toEqual([]);
  });

  it('shows skeleton rows while a list loads, and 重试 after a failed load, which loads the rows', async () => {
    const other = opened.page(1);
    opened.current = other;
    const login = await api(other, '/v3/auth/login', { username: 'admin', password: passwordOf('admin') });
    expect(login.status).toBe(200);

    // the first list call waits until the test lets it go: meanwhile the table shows its skeleton
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: '服务器内部错误（请求编号 e2e）', requestId: 'e2e' }),
      });
    };
    await other.route('**/v3/chats/qc-scheme/page**', hold);
    await other.goto(`${baseUrl()}#/qc/scheme/list`);
    await other.locator('main tr[data-skeleton-row]').first().waitFor();
    expect(await other.locator('main tr[data-row-id]').count()).toBe(0);
    expect(await other.getByText('暂无数据').count()).toBe(0);

    // the call fails: a red banner with the server's message and 重试
    release();
    const banner = other.getByRole('alert').filter({ hasText: '服务器内部错误（请求编号 e2e）' });
    await banner.waitFor();
    await other.unroute('**/v3/chats/qc-scheme/page**', hold);
    await banner.getByRole('button', { name: '重试' }).click();
    await firstRow(other).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await other.locator('main tr[data-skeleton-row]').count()).toBe(0);
  });
});
