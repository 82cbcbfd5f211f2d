import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  dialog,
  open,
  row,
  screenshot,
  signIn,
  stamp,
  trashRestoreEmpty,
  useBrowser,
} from './browser.js';

/**
 * The people screens in a real browser against the real server: a role made with the permission checklist, a user
 * given that role and a password, his password reset, then an agent made of him by batch create, renamed in the row
 * and saved by batch save, then moved to the trash, restored and emptied.
 */
describe('users, roles and agents in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const roleName = `E2E拉取-${suffix}`;
  const username = `e2e.${suffix}`.toLowerCase().replace(/[^a-z0-9._@-]/g, '');
  const userName = `E2E员工-${suffix}`;

  beforeAll(() => {
    page = opened.page();
  });

  it('creates a role with permissions ticked by area', async () => {
    await signIn(page, 'admin');
    await open(page, '/system/role');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = dialog(page, '新建角色');
    await form.waitFor();
    await form.getByRole('textbox', { name: /^角色编码/ }).fill(`e2e_${suffix}`.replace(/[^A-Za-z0-9_-]/g, ''));
    await form.getByRole('textbox', { name: /^角色名称/ }).fill(roleName);
    await form.getByRole('checkbox', { name: '从外部呼叫平台拉取坐席', exact: true }).check();
    await form.getByRole('checkbox', { name: '查看坐席', exact: true }).check();
    await screenshot(page, 'role-form');
    const created = await answerTo(page, '/role/create', () => form.getByRole('button', { name: '保存' }).click());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await dialog(page, '编辑角色').waitFor();
  });

  it('creates a user with a password and that role, then resets his password', async () => {
    await open(page, '/system/user');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = dialog(page, '新建用户');
    await form.waitFor();
    await form.getByRole('textbox', { name: /^用户名/ }).fill(username);
    await form.getByRole('textbox', { name: /^姓名/ }).fill(userName);
    await form.getByRole('textbox', { name: /^密码/ }).fill('first-pass-1');
    await form.getByLabel(/^角色/).click();
    await page.getByRole('option', { name: roleName }).click();
    // the multi-select stays open for more choices
    await page.keyboard.press('Escape');
    const created = await answerTo(page, '/user/create', () => form.getByRole('button', { name: '保存' }).click());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edit = dialog(page, '编辑用户');
    await edit.waitFor();
    expect(await edit.getByRole('textbox', { name: /^密码/ }).count()).toBe(0);

    await open(page, '/system/user');
    await page.getByLabel('关键词', { exact: true }).fill(username);
    await page.getByRole('button', { name: '搜索' }).click();
    await row(page, username).getByText(roleName).waitFor();
    await screenshot(page, 'user-list');
    await row(page, username).getByRole('button', { name: '重置密码' }).click();
    const reset = dialog(page, '重置密码');
    await reset.getByLabel(/新密码/).fill('second-pass-2');
    const answer = await answerTo(page, '/user/reset-password', () =>
      reset.getByRole('button', { name: '保存' }).click(),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('makes him an agent by batch create, renames him in the row and saves the batch', async () => {
    await open(page, '/csAgent/list');
    await page.getByRole('button', { name: '批量新建' }).click();
    const picker = dialog(page, '选择员工');
    await picker.getByLabel('关键词', { exact: true }).fill(username);
    await picker.getByRole('button', { name: '搜索' }).click();
    await picker.getByText(userName).click();
    const created = await answerTo(page, '/cs-agent/createBatch', () =>
      picker.getByRole('button', { name: '确定' }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const agentId = (created.body as { ids: string[] }).ids[0]!;
    await picker.waitFor({ state: 'hidden' });

    await page.getByLabel('关键词', { exact: true }).fill(userName);
    await page.getByRole('button', { name: '搜索' }).click();
    await row(page, userName).waitFor();
    await page.getByRole('textbox', { name: `昵称 ${agentId}` }).fill(`小E2E-${suffix}`);
    await page.getByRole('textbox', { name: `接待上限 ${agentId}` }).fill('35');
    await screenshot(page, 'agent-list');
    const saved = await answerTo(page, '/cs-agent/changeBatch', () =>
      page.getByRole('button', { name: '批量保存' }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await api<{ nick: string; capacity: number }>(page, '/v3/chats/cs-agent/detail', {}, { agentId });
    expect(stored.body).toMatchObject({ nick: `小E2E-${suffix}`, capacity: 35 });
  });

  it('moves the agent to the trash, restores him and empties him', async () => {
    await trashRestoreEmpty(page, '/csAgent/list', 'cs-agent', userName);
  });
});
