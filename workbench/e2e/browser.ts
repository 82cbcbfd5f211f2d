import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** Where the browser tests save a screenshot of each main screen (linked from the README). */
export const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

export function baseUrl(): string {
  const url = process.env.QCDESK_E2E_URL;
  if (url === undefined) throw new Error('run browser tests with `npm run test:e2e` (QCDESK_E2E_URL is not set)');
  return url;
}

/** The demo accounts the server seeds (packages/server/src/seed), with the passwords test-e2e.mjs gives them. */
export type DemoUser = 'admin' | 'inspector' | 'supervisor' | 'agent';

export function passwordOf(user: DemoUser): string {
  const password = user === 'admin' ? process.env.QCDESK_E2E_ADMIN_PASSWORD : process.env.QCDESK_E2E_DEMO_PASSWORD;
  if (!password) throw new Error(`no password for ${user}: run browser tests with \`npm run test:e2e\``);
  return password;
}

/** Debian's Chromium, headless; never a downloaded browser. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** A fresh context (cookies of its own) at the size the screenshots are taken at, in Chinese. */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  // generous: CI shares two cores with the server, its task runs and the browser
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  return context;
}

const pageErrors = new WeakMap<Page, string[]>();

/** A new page in a new context (its own sign-in); its script errors are kept for `recordFailure`. */
export async function newPage(browser: Browser): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return page;
}

/**
 * The screen as a picture: written to docs/screenshots/ only when asked (`SCREENSHOTS=1 npm run test:e2e`), so that a
 * test run leaves the work tree as it found it; otherwise taken and dropped (the same waits, the same rendering).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const write = process.env.SCREENSHOTS === '1';
  if (write) mkdirSync(SCREENSHOTS, { recursive: true });
  // the screen itself, without the success toasts of the steps before it
  const hide = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  // let Mantine's transitions and the last requests settle so the picture is the screen a person sees
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(400);
  await page.screenshot({ ...(write ? { path: `${SCREENSHOTS}${name}.png` } : {}), fullPage: false });
  await hide.evaluate((node) => node.remove());
}

/** Opens the console at a hash route (`/qc/scheme/list`) and waits for the page to load. */
export async function open(page: Page, hash: string): Promise<void> {
  await page.goto(`${baseUrl()}#${hash}`);
}

/** Signs in through the sign-in page and waits for the console's header. */
export async function signIn(page: Page, user: DemoUser): Promise<void> {
  await page.goto(baseUrl());
  // the first load of a cold server on a busy machine can take a while
  await page.getByLabel('用户名').waitFor({ timeout: 60_000 });
  await page.getByLabel('用户名').fill(user);
  await page.getByLabel('密码').fill(passwordOf(user));
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: '退出登录' }).waitFor({ timeout: 60_000 });
}

/** Calls the API as the signed-in user of `page` (its cookies); answers the status and the parsed body. */
export async function api<T = unknown>(
  page: Page,
  path: string,
  body: unknown = {},
  query: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const search = new URLSearchParams(query).toString();
  const response = await page.request.post(`${baseUrl()}${path.replace(/^\//, '')}${search ? `?${search}` : ''}`, {
    data: body,
    headers: { 'content-type': 'application/json' },
  });
  const text = await response.text();
  return { status: response.status(), body: (text === '' ? null : JSON.parse(text)) as T };
}

/** The modal dialog titled `title` (a route opened with `_modal`, or a dialog of a screen). */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
}

/** Answers the console's confirmation with 确定. */
export async function confirm(page: Page, question?: string | RegExp): Promise<void> {
  const box = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: '请确认' }) });
  if (question !== undefined) await box.getByText(question).waitFor();
  await box.getByRole('button', { name: '确定' }).click();
  await box.waitFor({ state: 'detached' });
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
export async function choose(scope: Locator | Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await page.getByRole('option', { name: option }).first().click();
}

/** A table row holding `text`. */
export function row(scope: Locator | Page, text: string | RegExp): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

/** A unique suffix for names this run creates, so a re-run on the same data folder never collides. */
export function stamp(): string {
  return Date.now().toString(36).slice(-5);
}

/** The query of the current hash route (`#/qc/rule/config?id=7` → id=7). */
export function hashQuery(page: Page): URLSearchParams {
  const hash = new URL(page.url()).hash;
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

/**
 * Runs `action` (a click) and waits for the server's answer to the call whose path ends with `path`: the screen's
 * own request, so a test never mistakes an earlier toast for this step's outcome.
 */
export async function answerTo(
  page: Page,
  path: string,
  action: () => Promise<unknown>,
): Promise<{ status: number; body: unknown }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === 'POST', {
      timeout: 60_000,
    }),
    action(),
  ]);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status(), body };
}

/** Where a failed test leaves a picture of the screen it failed on (not in the repository). */
export const FAILURES = join(tmpdir(), 'qcdesk-e2e-failures');

/** A picture and the visible alerts of `page`, for a test that failed. */
export async function recordFailure(page: Page, name: string): Promise<string> {
  mkdirSync(FAILURES, { recursive: true });
  const file = join(FAILURES, `${name.replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 80)}.png`);
  await page.screenshot({ path: file }).catch(() => {});
  const alerts = await page
    .getByRole('alert')
    .allInnerTexts()
    .catch(() => []);
  const errors = (pageErrors.get(page) ?? []).slice(-5);
  return `screenshot ${file}; url ${page.url()}; alerts ${JSON.stringify(alerts)}; page errors ${JSON.stringify(errors)}`;
}

/** The pages of a describe block's browser, open while its tests run. */
export interface BrowserPages {
  /** the pages, opened before the block's first test, each in a context of its own (its own sign-in) */
  readonly pages: Page[];
  /** the page a failing test's picture is taken of: the first, unless a test names another */
  current: Page | undefined;
  /** page `i`, once opened */
  page(i?: number): Page;
}

/**
 * The hooks every browser test file needs: a browser with `pageCount` pages before the tests, a picture of the page a
 * test failed on, and the browser closed after them. Called first in a describe block, its `beforeAll` runs before the
 * block's own (hooks run in the order they are defined), which may then use the pages.
 */
export function useBrowser(pageCount = 1): BrowserPages {
  let browser: Browser | undefined;
  const opened: BrowserPages = {
    pages: [],
    current: undefined,
    page(i = 0) {
      const page = this.pages[i];
      if (!page) throw new Error(`page ${i} of the browser is not open: use it in a hook or test, after useBrowser()`);
      return page;
    },
  };
  beforeAll(async () => {
    browser = await launch();
    for (let i = 0; i < pageCount; i++) opened.pages.push(await newPage(browser));
    opened.current ??= opened.pages[0];
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && opened.current)
      console.error(`${task.name}: ${await recordFailure(opened.current, task.name)}`);
  });
  afterAll(async () => {
    await browser?.close();
    // the server's Content-Security-Policy must let every screen do its work: Chromium logs each refusal
    const refused = opened.pages.flatMap((p) =>
      (pageErrors.get(p) ?? []).filter((e) => /Content Security Policy/i.test(e)),
    );
    expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
  });
  return opened;
}

/** Opens the complaint list with every date (a complaint filed today, the demo ones older) and one status. */
export async function openComplaints(page: Page, status: '待审核' | '已审核'): Promise<void> {
  await open(page, '/qc/complaint');
  await page.getByRole('radiogroup', { name: '会话日期' }).getByRole('radio', { name: /^全部/ }).check();
  await page
    .getByRole('radiogroup', { name: '申诉状态' })
    .getByRole('radio', { name: new RegExp(`^${status}`) })
    .check();
}

/** Trash → restore → trash → empty of the row named `name` on the list at `listPath`. */
export async function trashRestoreEmpty(page: Page, listPath: string, apiName: string, name: string) {
  await open(page, listPath);
  await page.getByLabel('关键词', { exact: true }).fill(name);
  await page.getByRole('button', { name: '搜索' }).click();
  const moveTo = async (button: string, question: RegExp) => {
    await row(page, name).getByRole('checkbox').check();
    const answer = await answerTo(page, `/${apiName}/delete`, async () => {
      await page.getByRole('button', { name: button, exact: true }).click();
      await confirm(page, question);
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expect.poll(() => row(page, name).count()).toBe(0);
  };
  await moveTo('删除', /确认删除所选的 1 条记录/);
  await page.getByText('回收站', { exact: true }).click();
  await page.waitForURL(/deleted=TRASH/);
  await row(page, name).waitFor();
  await moveTo('恢复', /确认恢复所选的 1 条记录/);
  await page.getByText('列表', { exact: true }).click();
  await row(page, name).waitFor();
  await moveTo('删除', /确认删除所选的 1 条记录/);
  await page.getByText('回收站', { exact: true }).click();
  await row(page, name).waitFor();
  await moveTo('清空', /确认彻底清空所选的 1 条记录/);
}

/**
 * Drags the row of a SortableList whose handle is named `from` onto the row whose handle is `to`, with the mouse as a person does
 * (press, a few steps of travel, release); if the order did not change, with the keyboard (space, arrow, space).
 */
export async function dragByHandle(
  page: Page,
  scope: Locator,
  from: string,
  to: string,
  check: () => Promise<boolean>,
) {
  const source = scope.getByRole('button', { name: `拖动排序：${from}` });
  const target = scope.getByRole('button', { name: `拖动排序：${to}` });
  await source.scrollIntoViewIfNeeded();
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // past the sensor's 4 px before the drag starts, then onto the target in steps
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + (b.y > a.y ? 8 : -8), { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  if (await check()) return;
  console.info(`the mouse drag of ${from} left the order as it was: moving it with the keyboard`);
  await source.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press(b.y > a.y ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
}
