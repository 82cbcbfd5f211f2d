import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  baseUrl,
  choose,
  confirm,
  dialog,
  hashQuery,
  open,
  row,
  screenshot,
  signIn,
  stamp,
  useBrowser,
} from './browser.js';

interface Rule {
  id: string;
  name: string;
  conditionConfig: { lambda?: string | null; conditions: { cid: string }[] };
}

/** The text of a Monaco editor as it shows it (Monaco renders spaces as no-break spaces). */
async function editorText(editor: Locator): Promise<string> {
  return ((await editor.locator('.view-lines').textContent()) ?? '').replace(/\u00a0/g, ' ').trim();
}

/**
 * The on-screen box of the character at `index` of the editor's one line, to compare with where Monaco draws a
 * marker: the line's text box divided evenly, Monaco's font being monospace.
 */
async function charBox(
  editor: Locator,
  index: number,
  length: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const line = await editor.locator('.view-line > span').first().boundingBox();
  if (line === null) throw new Error('the editor shows no line');
  const width = line.width / length;
  return { x: line.x + index * width, y: line.y, width, height: line.height };
}

/** Replaces the whole text of a Monaco editor by typing `text` as a person would. */
async function retype(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text, { delay: 30 });
}

/**
 * The rule list and the rule editor's CUSTOM combination: Monaco loaded from the console's own bundle (nothing from
 * a CDN), completion of the rule's condition ids, the engine compiler's error as a live marker where it is, and a
 * valid expression that saves; then a rule moved to the trash and restored.
 */
describe('the rule editor in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const ruleName = `E2E自定义逻辑-${suffix}`;
  const trashName = `E2E回收站-${suffix}`;
  /** requests the page made to any other origin than the console's */
  const foreign: string[] = [];

  beforeAll(async () => {
    page = opened.page();
    const origin = new URL(baseUrl()).origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
  });

  it('lists the demo rules', async () => {
    await signIn(page, 'inspector');
    await open(page, '/qc/rule/list');
    await page.getByRole('heading', { name: '质检规则' }).first().waitFor();
    await page.getByRole('columnheader', { name: '规则名称' }).waitFor();
    await expect.poll(() => page.locator('tr[data-row-id]').count()).toBeGreaterThan(5);
    await screenshot(page, 'rule-list');
  });

  it('writes a CUSTOM combination in Monaco: cid completion, the compiler’s live marker, then a valid one saved', async () => {
    await open(page, '/qc/rule/list');
    await page.getByRole('button', { name: '新建' }).click();
    const create = dialog(page, '新建质检规则');
    await create.getByLabel('规则名称').fill(ruleName);
    expect(
      (await answerTo(page, '/qc-rule/create', () => create.getByRole('button', { name: '保存' }).click())).status,
    ).toBe(200);
    await page.getByRole('heading', { name: '质检规则配置' }).waitFor();
    const config = page.getByRole('main');
    const words = ['您好, 你好', '再见, 拜拜', '投诉, 举报'];
    for (const [i, cid] of ['a', 'b', 'c'].entries()) {
      await choose(config, '选择条件类型', '命中任意关键词');
      await config.getByRole('button', { name: '添加条件' }).click();
      await config
        .getByTestId(`condition-${cid}`)
        .getByLabel('关键词', { exact: true })
        .fill(words[i] ?? '');
    }

    // CUSTOM starts from "all conditions", in Monaco from the console's own bundle
    await config.getByText('自定义', { exact: true }).click();
    const editor = config.locator('.monaco-editor').first();
    await editor.waitFor();
    await expect.poll(() => editorText(editor)).toBe('a && b && c');
    // down to the end of the form: the editor, the compiler's message under it, and the save button
    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, 2000);
    await page.getByRole('button', { name: '保存' }).waitFor();
    expect(foreign, 'Monaco and its workers load from the console, not a CDN').toEqual([]);

    // completion offers the rule's condition ids after an operator
    await retype(page, editor, 'a && ');
    const suggest = page.locator('.suggest-widget.visible');
    const labels = suggest.locator('.monaco-list-row .label-name');
    await expect.poll(() => labels.allTextContents()).toEqual(expect.arrayContaining(['a', 'b', 'c']));
    expect(await labels.allTextContents()).not.toContain('z');

    // an unknown id: the engine compiler's message, and Monaco's marker under that id
    await page.keyboard.type('z', { delay: 30 });
    await page.keyboard.press('Escape');
    await expect.poll(() => editorText(editor)).toBe('a && z');
    const message = /第 6 个字符处的条件“z”不存在（已有条件：a、b、c）/;
    // in the form's words: where (条件逻辑) and what, not the compiler's code (issue 15)
    await config.getByRole('alert').filter({ hasText: '条件逻辑：' }).getByText(message).waitFor();
    expect(await config.getByText('LAMBDA_UNKNOWN_CID').count()).toBe(0);
    const squiggle = editor.locator('.squiggly-error');
    await squiggle.first().waitFor({ state: 'attached' });
    expect(await squiggle.count()).toBe(1);
    const marked = await squiggle.first().boundingBox();
    // 'z' is the 6th of the 6 characters of `a && z`
    const z = await charBox(editor, 5, 'a && z'.length);
    expect(marked).not.toBeNull();
    expect(Math.abs(marked!.x - z.x), `marker at x=${marked!.x}, 'z' at x=${z.x}`).toBeLessThan(2);
    expect(Math.abs(marked!.width - z.width), 'the marker spans the id only').toBeLessThan(2);
    // hovering the id shows the marker's message in the editor
    await page.mouse.move(z.x + z.width / 2, z.y + z.height / 2);
    await page.locator('.monaco-hover').getByText(message).first().waitFor();
    await screenshot(page, 'rule-lambda');

    // a valid expression clears the marker and the message, and saves
    await page.mouse.move(0, 0);
    await retype(page, editor, 'a && (b || !c)');
    await page.keyboard.press('Escape');
    await expect.poll(() => editorText(editor)).toBe('a && (b || !c)');
    await expect.poll(() => squiggle.count()).toBe(0);
    await expect.poll(() => config.getByRole('alert').filter({ hasText: '条件逻辑：' }).count()).toBe(0);
    const saved = await answerTo(page, '/qc-rule/change', () => config.getByRole('button', { name: '保存' }).click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // the reopened rule keeps the expression
    const reopened = dialog(page, '质检规则配置');
    await reopened.waitFor();
    const ruleId = hashQuery(page).get('id') ?? '';
    const again = reopened.locator('.monaco-editor').first();
    await again.waitFor();
    await expect.poll(() => editorText(again)).toBe('a && (b || !c)');
    expect(await again.locator('.squiggly-error').count()).toBe(0);
    const stored = await api<Rule>(page, '/v3/chats/qc-rule/detail', {}, { ruleId });
    expect(stored.body.conditionConfig.lambda).toBe('a && (b || !c)');
    expect(stored.body.conditionConfig.conditions.map((c) => c.cid)).toEqual(['a', 'b', 'c']);
    expect(foreign).toEqual([]);
  });

  it('moves a rule to the trash, shows it there and restores it', async () => {
    const created = await api<{ id: string } | string>(page, '/v3/chats/qc-rule/create', { name: trashName });
    expect(created.status).toBe(200);
    await open(page, '/qc/rule/list');
    await page.getByLabel('关键词', { exact: true }).fill('E2E');
    await page.getByRole('button', { name: '搜索' }).click();
    await row(page, trashName).getByRole('checkbox').check();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    const deleted = await answerTo(page, '/qc-rule/delete', () => confirm(page, /确认删除所选的 1 条记录/));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect.poll(() => row(page, trashName).count()).toBe(0);

    await page.getByText('回收站', { exact: true }).click();
    await page.waitForURL(/deleted=TRASH/);
    await row(page, trashName).waitFor();
    // the trash offers restore and empty, not create or delete
    await page.getByRole('button', { name: '恢复', exact: true }).waitFor();
    await page.getByRole('button', { name: '清空', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '新建', exact: true }).count()).toBe(0);
    await row(page, trashName).getByRole('checkbox').check();
    await screenshot(page, 'rule-trash');
    const restored = await answerTo(page, '/qc-rule/delete', async () => {
      await page.getByRole('button', { name: '恢复', exact: true }).click();
      await confirm(page, /确认恢复所选的 1 条记录/);
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    await expect.poll(() => row(page, trashName).count()).toBe(0);

    await page.getByText('列表', { exact: true }).click();
    await row(page, trashName).waitFor();
    const listed = await api<{ records: { name: string }[] }>(
      page,
      '/v3/chats/qc-rule/page',
      { keyword: trashName, deleted: 'NONE' },
      { page: '1', size: '10' },
    );
    expect(listed.body.records.map((r) => r.name)).toEqual([trashName]);
  });
});
