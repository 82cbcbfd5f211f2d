import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, choose, confirm, dialog, open, row, screenshot, signIn, stamp, useBrowser } from './browser.js';

/** Pastes `text` into `input` as a person pasting from the clipboard would (the browser's own paste event). */
async function paste(input: Locator, text: string): Promise<void> {
  await input.focus();
  await input.evaluate((element, pasted) => {
    // runs in the page: the DOM's types are not this (Node) project's, so the page's classes are named by hand
    const page = globalThis as unknown as {
      DataTransfer: new () => { setData(type: string, value: string): void };
      ClipboardEvent: new (type: string, init: object) => unknown;
    };
    const data = new page.DataTransfer();
    data.setData('text/plain', pasted);
    const event = new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    (element as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(event);
  }, text);
}

/** 导出 → the format: waits for the browser's download of the finished file and answers its bytes. */
async function exportAs(page: Page, format: 'CSV' | 'XLSX'): Promise<Buffer> {
  await page.getByRole('button', { name: '导出' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: `导出为 ${format}` }).click(),
  ]);
  const progress = dialog(page, '导出敏感词日志');
  await progress.getByText(/导出完成，共 \d+ 条/).waitFor();
  expect(download.suggestedFilename()).toMatch(new RegExp(`^敏感词日志_\\d{8}_\\d{6}\\.${format.toLowerCase()}$`));
  const bytes = await readFile((await download.path())!);
  await page.keyboard.press('Escape');
  await progress.waitFor({ state: 'hidden' });
  return bytes;
}

/**
 * Issue 16 §1 end to end in Chromium: a customer library made with the form (its words pasted as a list) and switched
 * on, a session imported whose customer says one of its words, the hit in the log with the word in red, the log
 * exported as CSV and XLSX and the files read, the line rescanned, and the session opened from the log with the word
 * marked.
 */
describe('sensitive words in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const libraryName = `E2E客户辱骂-${suffix}`;
  const word = `骗子${suffix}`;
  const said = `你们就是${word}公司，赶紧退钱`;
  const lineId = 700_000 + Math.floor(Math.random() * 100_000);
  const lineName = `E2E客服号-${suffix}`;
  const sessionId = `e2e-censor-${suffix}`;

  beforeAll(() => {
    page = opened.page();
  });

  it('creates a customer library with the form: a pasted list becomes tags, repeats dropped', async () => {
    await signIn(page, 'admin');
    await open(page, '/cs-censor-ban/list?flag=cs-customer');
    await expect.poll(() => page.getByRole('tab', { name: '客户' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = dialog(page, '新建敏感词库');
    await form.waitFor();
    await form.getByRole('textbox', { name: /^词库名称/ }).fill(libraryName);
    await choose(form, /^报警级别/, '拦截');
    await paste(form.getByRole('combobox', { name: /^敏感词/ }), `${word}，滚蛋、${word}\n垃圾服务`);
    await form.getByText('共 3 个词').waitFor();
    await screenshot(page, 'censor-form');
    const created = await answerTo(page, '/censor-ban/create', () =>
      form.getByRole('button', { name: '保存' }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await dialog(page, '编辑敏感词库').waitFor();
    const stored = await api<{ words: string[]; flag: string; operation: string; status: string }>(
      page,
      '/v3/system/censor-ban/detail',
      {},
      { banId: (created.body as { id: string }).id },
    );
    expect(stored.body).toMatchObject({
      words: [word, '滚蛋', '垃圾服务'],
      flag: 'cs-customer',
      operation: 'ABORT',
      status: 'INACTIVE',
    });
    await page.keyboard.press('Escape');
  });

  it('switches it on from the list', async () => {
    await row(page, libraryName).waitFor();
    await row(page, libraryName).getByRole('checkbox').check();
    const answer = await answerTo(page, '/censor-ban/status', async () => {
      await page.getByRole('button', { name: '启用', exact: true }).click();
      await confirm(page, /确认启用所选的 1 条记录/);
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await row(page, libraryName).getByText('启用').waitFor();
    await expect.poll(() => row(page, libraryName).getByText(word, { exact: true }).count()).toBe(1);
    await screenshot(page, 'censor-library-list');
  });

  it('an imported session whose customer says the word shows in the log, the word in red', async () => {
    const now = Date.now();
    const message = (i: number, role: 'AGENT' | 'CUSTOMER', text: string) => ({
      messageId: `${sessionId}-m${i}`,
      senderRole: role,
      senderNick: role === 'AGENT' ? '小陈' : '张先生',
      sendTime: now - (10 - i) * 1000,
      content: [{ MsgType: 'TIMTextElem', MsgContent: { Text: text } }],
    });
    const imported = await api(page, '/v3/chats/session/import', [
      {
        sessionId,
        chatId: `${sessionId}-chat`,
        lineId,
        lineName,
        beginTime: now - 10_000,
        closeTime: now,
        messages: [
          message(1, 'AGENT', '您好，请问有什么可以帮您？'),
          message(2, 'CUSTOMER', said),
          message(3, 'AGENT', '非常抱歉给您带来不便'),
        ],
      },
    ]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);

    await open(page, '/cs-censor-log/list');
    // no line, no query: the line's field says why
    await page.getByText('请选择客服号后查询').first().waitFor();
    await choose(page, '客服号', lineName);
    await page.getByRole('button', { name: '搜索' }).click();
    const hit = row(page, said);
    await hit.waitFor();
    await hit.getByText('拦截').waitFor();
    await hit.getByText('客户', { exact: true }).waitFor();
    await hit.getByText(libraryName).waitFor();
    const red = hit.locator('[data-censor-match]');
    expect(await red.allInnerTexts()).toEqual([word]);
    // drawn in the page: its getComputedStyle is named by hand (no DOM types in this project)
    const color = await red.evaluate(
      (element) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(element).color,
    );
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(r! > 180 && g! < 120 && b! < 120, `the matched word is drawn in red, not rgb(${r}, ${g}, ${b})`).toBe(true);
    await screenshot(page, 'censor-log');
  });

  it('exports the log as CSV (with the BOM, Chinese intact) and as XLSX (a sheet with the row)', async () => {
    const csv = await exportAs(page, 'CSV');
    const text = csv.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toContain('消息内容');
    const line = lines.find((l) => l.includes(sessionId));
    expect(line, text).toBeDefined();
    expect(line).toContain(said);
    expect(line).toContain(libraryName);
    expect(line).toContain('拦截');

    const xlsx = await exportAs(page, 'XLSX');
    const files = unzipSync(new Uint8Array(xlsx));
    const sheet = Object.keys(files).find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
    expect(sheet, Object.keys(files).join(', ')).toBeDefined();
    const xml = Object.entries(files)
      .filter(([name]) => name.endsWith('.xml'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(xml).toContain(said);
    expect(xml).toContain(sessionId);
  });

  it('rescans the line’s messages with the libraries as they are now, showing how far it is', async () => {
    await page.getByRole('button', { name: '重新扫描' }).click();
    const box = dialog(page, '按当前词库重新扫描');
    await box.waitFor();
    // the list's line is the one rescanned unless another is chosen
    await expect.poll(() => box.getByRole('combobox', { name: '客服号（不选为全部）' }).inputValue()).toBe(lineName);
    await box.getByRole('button', { name: '开始扫描' }).click();
    await box.getByText('此项为必填项').first().waitFor();
    // typed in the fields' own format; a click beside them closes each calendar
    const hint = box.getByText(/^将当前启用的敏感词库重新应用/);
    await box.getByRole('textbox', { name: /^开始时间/ }).fill('2020-01-01 00:00');
    await hint.click();
    await box.getByRole('textbox', { name: /^结束时间/ }).fill('2030-12-31 23:59');
    await hint.click();
    const started = await answerTo(page, '/censor-log/rescan', () =>
      box.getByRole('button', { name: '开始扫描' }).click(),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ total: 3 });
    await box.getByText('扫描完成，共 3 条消息').waitFor();
    await box.getByRole('button', { name: '关闭' }).click();
    await box.waitFor({ state: 'hidden' });
    // the same libraries find the same word again
    expect(await row(page, said).locator('[data-censor-match]').allInnerTexts()).toEqual([word]);
  });

  it('opens the session from the log, the word marked in its transcript', async () => {
    await row(page, said).getByRole('button', { name: sessionId }).click();
    const session = dialog(page, '会话记录');
    await session.waitFor();
    await session.getByText('您好，请问有什么可以帮您？').waitFor();
    const marked = session.locator('mark[data-highlight]');
    expect(await marked.allInnerTexts()).toEqual([word]);
    await session.getByText('本会话有 1 条消息命中敏感词，已标出').waitFor();
  });
});
