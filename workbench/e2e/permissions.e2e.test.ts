import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, open, row, screenshot, signIn, useBrowser } from './browser.js';

/** What a user without qc-scheme.edit sees, and that the server refuses him all the same. */
describe('permissions in the browser', () => {
  // the supervisor's page, and the inspector's
  const opened = useBrowser(2);
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('shows the supervisor the scheme list without a create button, and the API answers 403 to a create', async () => {
    await signIn(page, 'supervisor');
    await open(page, '/qc/scheme/list');
    await row(page, '电信/支付客服质检方案（演示）').waitFor();
    // the list is there, its search too, but nothing that changes schemes
    await page.getByRole('button', { name: '搜索' }).waitFor();
    for (const name of ['新建', '启用', '停用', '删除'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);

    const refused = await api<{ code: string; message: string }>(page, '/v3/chats/qc-scheme/create', {
      name: '越权方案',
      type: 'TEXT',
      targetType: 'AI',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).not.toBe('');
    const schemes = await api<{ records: { name: string }[] }>(
      page,
      '/v3/chats/qc-scheme/page',
      { targetType: 'AI' },
      { page: '1', size: '100' },
    );
    expect(schemes.status).toBe(200);
    expect(schemes.body.records.map((s) => s.name)).not.toContain('越权方案');
  });

  it('opens a scheme read-only for him: no save, no angle editing', async () => {
    await open(page, '/qc/scheme/list');
    await row(page, '电信/支付客服质检方案（演示）').getByRole('button', { name: '查看' }).click();
    await page.getByText('基本信息').first().waitFor();
    await page
      .getByText(/总分 100/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '添加维度' }).count()).toBe(0);
    await screenshot(page, 'scheme-view');
  });

  it('hides from the inspector, who may view QC tasks but not edit them, the task buttons', async () => {
    const other = opened.page(1);
    opened.current = other;
    await signIn(other, 'inspector');
    await open(other, '/qc/task/list');
    await row(other, '微博客服离线质检').waitFor();
    for (const name of ['新建', '执行', '启用', '停用'])
      expect(await other.getByRole('button', { name, exact: true }).count()).toBe(0);
    const refused = await api(other, '/v3/chats/qc-task/rerun', { ids: ['1'] });
    expect(refused.status).toBe(403);
  });
});
