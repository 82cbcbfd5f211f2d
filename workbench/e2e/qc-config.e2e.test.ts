import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
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
  conditionConfig: {
    conditions: {
      cid: string;
      operators: { type: string; param: { keywords?: string[] } }[];
      checkRange?: { anchor?: { cid: string } | null } | null;
    }[];
  };
}
interface HitRule {
  ruleId: string;
  ruleName: string;
  conditions?: { conditionHitInfo?: { keyWords?: { keyWord?: { val: string }[] } }[] } | null;
}
interface Result {
  id: string;
  sessionId: string;
  schemeId: string;
  schemeName?: string | null;
  resultRules?: HitRule[] | null;
}
interface Scheme {
  id: string;
  name: string;
  status: string;
  schemeAngles: {
    angleName?: string | null;
    name?: string | null;
    score: number;
    angleRules?: { ruleId: string }[] | null;
  }[];
}

/**
 * The inspector's configuration job in a real browser against the real server: a rule with two conditions and an
 * anchor, an AI scheme whose angle links it, activation refused below 100 and accepted at 100, a QC task on that
 * scheme run with its progress on screen, and an AI result of that run with the new rule's hits marked.
 */
describe('QC configuration in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const ruleName = `E2E问候与道别-${suffix}`;
  const schemeName = `E2E方案-${suffix}`;
  const taskName = `E2E任务-${suffix}`;
  let ruleId = '';
  let schemeId = '';

  beforeAll(() => {
    page = opened.page();
  });

  it('signs in on the QC overview and opens the scheme list', async () => {
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: '质检概览' }).first().waitFor();
    await page.getByRole('navigation').getByText('质检方案', { exact: true }).click();
    await page.getByRole('heading', { name: '质检方案' }).first().waitFor();
    await page.getByRole('tab', { name: '智能质检方案' }).waitFor();
    await row(page, '电信/支付客服质检方案（演示）').waitFor();
    await screenshot(page, 'scheme-list');
  });

  it('creates a rule with two conditions, the second anchored on the first', async () => {
    await open(page, '/qc/rule/list');
    await page.getByRole('button', { name: '新建' }).click();
    const create = dialog(page, '新建质检规则');
    await create.getByLabel('规则名称').fill(ruleName);
    const created = await answerTo(page, '/qc-rule/create', () => create.getByRole('button', { name: '保存' }).click());
    expect(created.status).toBe(200);

    // the new rule opens on its own page (qc-area: after create, the config screen of the rule)
    await page.getByRole('heading', { name: '质检规则配置' }).waitFor();
    const config = page.getByRole('main');
    await choose(config, '选择条件类型', '命中任意关键词');
    await config.getByRole('button', { name: '添加条件' }).click();
    const a = config.getByTestId('condition-a');
    await a.getByLabel('关键词', { exact: true }).fill('您好, 你好');

    await choose(config, '选择条件类型', '命中任意关键词');
    await config.getByRole('button', { name: '添加条件' }).click();
    const b = config.getByTestId('condition-b');
    await b.getByLabel('关键词', { exact: true }).fill('再见, 拜拜');
    await choose(b, '锚点条件', /^a$/);
    await b.getByRole('combobox', { name: '锚点位置' }).waitFor();

    const saved = await answerTo(page, '/qc-rule/change', () => config.getByRole('button', { name: '保存' }).click());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the form reopens on the saved rule, as a modal over the rule list
    const reopened = dialog(page, '质检规则配置');
    await reopened.waitFor();
    await page.getByText('操作成功').first().waitFor();
    ruleId = hashQuery(page).get('id') ?? '';
    expect(ruleId).not.toBe('');
    const anchor = reopened.getByTestId('condition-b').getByRole('combobox', { name: '锚点条件' });
    await expect.poll(() => anchor.inputValue()).toBe('a');
    expect(await reopened.getByTestId('condition-a').getByLabel('关键词', { exact: true }).inputValue()).toBe(
      '您好, 你好',
    );
    // the picture shows the second condition with its anchor on the first
    await reopened.getByTestId('condition-b').scrollIntoViewIfNeeded();
    await screenshot(page, 'rule-config');

    const stored = await api<Rule>(page, '/v3/chats/qc-rule/detail', {}, { ruleId });
    expect(stored.status).toBe(200);
    const [first, second] = stored.body.conditionConfig.conditions;
    expect(first?.operators[0]?.param.keywords).toEqual(['您好', '你好']);
    expect(second?.operators[0]?.param.keywords).toEqual(['再见', '拜拜']);
    expect(second?.checkRange?.anchor?.cid).toBe('a');
  });

  it('links the rule into an angle of a new AI scheme', async () => {
    await open(page, '/qc/scheme/list');
    await page.getByRole('button', { name: '新建' }).click();
    const config = dialog(page, /质检方案/);
    await config.getByRole('textbox', { name: '名称', exact: true }).fill(schemeName);
    const created = await answerTo(page, '/qc-scheme/create', () =>
      config.getByRole('button', { name: '保存' }).first().click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await page.waitForURL(/#\/qc\/scheme\/config\?.*id=\d+/);
    schemeId = hashQuery(page).get('id') ?? '';

    await config.getByRole('button', { name: '添加维度' }).click();
    const angle = dialog(page, '添加维度');
    await angle.getByLabel('维度名称').fill('服务礼仪');
    await angle.getByLabel('维度分数').fill('60');
    expect(
      (await answerTo(page, '/qc-angle/create', () => angle.getByRole('button', { name: '保存' }).click())).status,
    ).toBe(200);
    await angle.waitFor({ state: 'detached' });
    await config.getByText('总分 60').waitFor();

    await config.getByRole('button', { name: '关联规则' }).first().click();
    const link = dialog(page, /关联规则/);
    await link.getByRole('textbox', { name: '关键词' }).fill(ruleName);
    await link.getByRole('button', { name: '搜索' }).click();
    // clicking the row picks it
    const pick = link.getByRole('row').filter({ hasText: ruleName });
    await pick.click();
    await expect.poll(() => pick.getAttribute('aria-selected')).toBe('true');
    expect(
      (await answerTo(page, '/qc-angle-rule/create', () => link.getByRole('button', { name: '确定' }).click())).status,
    ).toBe(200);
    await link.waitFor({ state: 'detached' });
    await config.getByText(ruleName).first().waitFor();
    await screenshot(page, 'scheme-config');

    const saved = await api<Scheme>(page, '/v3/chats/qc-scheme/detail', {}, { schemeId });
    expect(saved.body.schemeAngles).toHaveLength(1);
    expect(saved.body.schemeAngles[0]?.angleRules?.map((r) => String(r.ruleId))).toEqual([ruleId]);
  });

  it('refuses to activate the scheme below 100 and activates it at 100', async () => {
    await open(page, '/qc/scheme/list');
    const mine = row(page, schemeName);
    await mine.getByRole('checkbox').check();
    await page.getByRole('button', { name: '启用' }).click();
    await confirm(page, /确认启用所选的 1 条记录/);
    await page
      .getByRole('alert')
      .filter({ hasText: /合计须为 100/ })
      .waitFor();
    await expect
      .poll(async () => (await api<Scheme>(page, '/v3/chats/qc-scheme/detail', {}, { schemeId })).body.status)
      .toBe('INACTIVE');

    // a second angle of 40 brings the total to 100
    await mine.getByRole('button', { name: schemeName }).click();
    const config = dialog(page, /质检方案/);
    await config.getByRole('button', { name: '添加维度' }).click();
    const angle = dialog(page, '添加维度');
    await angle.getByLabel('维度名称').fill('问题解决');
    await angle.getByLabel('维度分数').fill('40');
    expect(
      (await answerTo(page, '/qc-angle/create', () => angle.getByRole('button', { name: '保存' }).click())).status,
    ).toBe(200);
    await angle.waitFor({ state: 'detached' });
    await config.getByText('总分 100').waitFor();
    await config.getByRole('button', { name: '关联规则' }).last().click();
    const link = dialog(page, /关联规则/);
    await link.getByRole('textbox', { name: '关键词' }).fill(ruleName);
    await link.getByRole('button', { name: '搜索' }).click();
    // clicking the row picks it
    const pick = link.getByRole('row').filter({ hasText: ruleName });
    await pick.click();
    await expect.poll(() => pick.getAttribute('aria-selected')).toBe('true');
    expect(
      (await answerTo(page, '/qc-angle-rule/create', () => link.getByRole('button', { name: '确定' }).click())).status,
    ).toBe(200);
    await link.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    await open(page, '/qc/scheme/list');
    await row(page, schemeName).getByRole('checkbox').check();
    await page.getByRole('button', { name: '启用' }).click();
    const accepted = await answerTo(page, '/qc-scheme/status', () => confirm(page, /确认启用所选的 1 条记录/));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await row(page, schemeName).getByText('启用', { exact: true }).waitFor();
    expect((await api<Scheme>(page, '/v3/chats/qc-scheme/detail', {}, { schemeId })).body.status).toBe('ACTIVE');
  });

  it('creates a QC task on the scheme, runs it and shows its progress to the end', async () => {
    await open(page, '/qc/task/list');
    await row(page, '微博客服离线质检').waitFor();
    await page.getByRole('button', { name: '新建' }).click();
    const form = dialog(page, '质检任务');
    await form.getByLabel('任务名称').fill(taskName);
    await choose(form, /质检方案/, schemeName);
    await choose(form, /服务线路/, '微博客服-通信');
    await page.keyboard.press('Escape'); // closes the lines dropdown, not the modal
    await form.getByText('微博客服-通信').first().waitFor();
    await screenshot(page, 'task-edit');
    const created = await answerTo(page, '/qc-task/create', () => form.getByRole('button', { name: '保存' }).click());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    const task = row(page, taskName);
    await task.getByText('停用', { exact: true }).waitFor();
    await task.getByText('未执行').waitFor();
    await task.getByRole('checkbox').check();
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v3/chats/qc-task/progress')) polls.push(request.url());
    });
    await page.getByRole('button', { name: '执行' }).click();
    const started = await answerTo(page, '/qc-task/rerun', () => confirm(page, /确认执行所选的 1 个任务/));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await task.getByText('启用', { exact: true }).waitFor();
    // the progress cell polls the server until the run is done: done equals total, and sessions were inspected
    await task.getByText('已完成').waitFor({ timeout: 90_000 });
    const count = (await task.getByText(/^\d+ \/ \d+$/).textContent()) ?? '';
    const [done, total] = count.split(' / ').map(Number);
    expect(total).toBeGreaterThan(0);
    expect(done).toBe(total);
    // the screen followed the run by polling the server's progress
    expect(polls.length).toBeGreaterThan(0);
    // the actions column fits its button: 编辑 on one line, no taller than a line of text
    const edit = task.getByRole('button', { name: '编辑', exact: true });
    const box = await edit.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(30);
    expect(box?.width ?? 0).toBeGreaterThan(box?.height ?? 0);
    await screenshot(page, 'task-list');
  });

  it('opens an AI result of the run and marks the new rule’s hits in the transcript', async () => {
    // the run's results of the new scheme; one where the new rule hit, with the words it hit
    let found: { result: Result; words: string[] } | undefined;
    let total = 0;
    for (let n = 1; found === undefined; n++) {
      const results = await api<{ records: Result[]; total: number }>(
        page,
        '/v3/chats/ai-result/page',
        { schemeId },
        { page: String(n), size: '100' },
      );
      expect(results.status).toBe(200);
      total = results.body.total;
      for (const result of results.body.records) {
        const hit = (result.resultRules ?? []).find((r) => String(r.ruleId) === ruleId);
        const words = (hit?.conditions?.conditionHitInfo ?? [])
          .flatMap((info) => info.keyWords?.keyWord ?? [])
          .map((w) => w.val);
        if (words.length > 0) {
          found = { result, words };
          break;
        }
      }
      if (n * 100 >= total) break;
    }
    expect(total, 'the run left AI results of the scheme').toBeGreaterThan(0);
    expect(found, `a result of the run where ${ruleName} hit`).toBeDefined();
    const { result, words } = found!;
    expect(String(result.schemeId)).toBe(schemeId);
    for (const word of words) expect(['您好', '你好', '再见', '拜拜']).toContain(word);

    // in the browser: the AI result list filtered on the new scheme and the session, its row, its detail
    await open(page, '/qc/ai-result/list');
    await page.getByRole('radiogroup', { name: '快捷日期' }).getByText('全部', { exact: true }).click();
    await choose(page, '质检方案', schemeName);
    await page.getByRole('textbox', { name: '会话ID', exact: true }).fill(result.sessionId);
    await page.getByRole('button', { name: '搜索' }).click();
    const line = page.locator(`tr[data-row-id="${result.id}"]`);
    await line.waitFor();
    await line.getByText(schemeName).first().waitFor();
    await line.getByRole('button', { name: result.id, exact: true }).click();

    const detail = dialog(page, '智能质检详情');
    await detail.getByTestId('chat-transcript').waitFor();
    await detail.getByText(schemeName).first().waitFor();
    const card = detail.locator(`[data-rule-id="${ruleId}"]`);
    await card
      .getByRole('button', { name: new RegExp(ruleName) })
      .first()
      .click();
    await expect.poll(() => card.getAttribute('data-active')).toBe('true');
    // the rule's hit words are marked in the transcript, and only words of the rule
    const marks = detail.getByTestId('chat-transcript').locator('mark[data-highlight]');
    await marks.first().waitFor();
    const marked = (await marks.allInnerTexts()).map((text) => text.trim());
    expect(marked.length).toBeGreaterThan(0);
    for (const text of marked) expect(words).toContain(text);
    await marks.first().scrollIntoViewIfNeeded();
    expect(await marks.first().isVisible()).toBe(true);
    await screenshot(page, 'ai-result-task-run');
  });
});
