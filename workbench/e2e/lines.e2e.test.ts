import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, dialog, open, screenshot, signIn, stamp, trashRestoreEmpty, useBrowser } from './browser.js';

interface Line {
  id: string;
  name: string;
  version: number;
  agentConfig?: {
    closeTimeout: number;
    offlinePrompt?: string | null;
    enterTimeoutRemind: { minutes: number } | null;
    sessionTimeoutAssign: { minutes: number } | null;
  } | null;
}
interface GrantPage {
  records: { memberId: string; memberName: string; granted: boolean }[];
  total: number;
  editable: boolean;
}

/** A screen of the line modal: its address, and its title (the modal's heading). */
const SCREENS = [
  ['config', '基础设置'],
  ['agent-config', '接待设置'],
  ['waiting-config', '排队设置'],
  ['note-config', '留言设置'],
  ['prompt-config', '会话提示语'],
  ['message-config', '消息设置'],
  ['auth', '可用授权'],
] as const;

/**
 * Service lines in a real browser against the real server (issue 17): a line created in its small modal opens its
 * config full-screen; its reception settings are filled, saved, and read back when the screen is opened again; a
 * staff member is authorised; each of the seven screens is pictured; the line goes to the trash, back, and is emptied.
 */
describe('service lines in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const name = `E2E线路-${stamp()}`;
  let id = '';

  beforeAll(() => {
    page = opened.page();
  });

  it('creates a line; the save opens its config modal over the list', async () => {
    await signIn(page, 'admin');
    await open(page, '/online/csLine');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const create = dialog(page, '新建服务线路');
    await create.waitFor();
    await create.getByRole('textbox', { name: /^名称/ }).fill(name);
    await create.getByRole('textbox', { name: /^简介/ }).fill('浏览器测试创建的线路');
    const created = await answerTo(page, '/cs-line/create', () =>
      create.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = (created.body as { id: string }).id;
    const config = dialog(page, '基础设置');
    await config.getByTestId('line-name').getByText(name).waitFor();
    expect(await config.getByRole('textbox', { name: /^名称/ }).inputValue()).toBe(name);
    await screenshot(page, 'line-config');
  });

  it('fills the reception settings, saves them, and sees them again when reopened', async () => {
    await dialog(page, '基础设置').getByRole('navigation', { name: '线路设置' }).getByText('接待设置').click();
    const agent = dialog(page, '接待设置');
    await agent.getByTestId('line-name').getByText(name).waitFor();
    // a new line starts with the spec's four timeout blocks ticked: reminder 3, reassign 10 minutes
    const block = (testId: string) => agent.getByTestId(testId);
    expect(await block('enterTimeoutRemind').getByRole('textbox', { name: /分钟/ }).inputValue()).toBe('3');
    expect(await block('sessionTimeoutAssign').getByRole('textbox', { name: /分钟/ }).inputValue()).toBe('10');
    await agent.getByRole('checkbox', { name: '会话超时转接' }).uncheck();
    await agent.getByRole('textbox', { name: /^离线提示语/ }).fill('E2E 下班了，请留言');
    await agent.getByRole('textbox', { name: /访客无响应自动结束/ }).fill('15');
    const changed = await answerTo(page, '/cs-line/change', () =>
      agent.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    await open(page, `/online/csLine/agent-config?id=${id}&_modal=full`);
    await page.reload();
    const again = dialog(page, '接待设置');
    await again.getByTestId('line-name').getByText(name).waitFor();
    expect(await again.getByRole('textbox', { name: /^离线提示语/ }).inputValue()).toBe('E2E 下班了，请留言');
    expect(await again.getByRole('textbox', { name: /访客无响应自动结束/ }).inputValue()).toBe('15');
    expect(await again.getByRole('checkbox', { name: '会话超时转接' }).isChecked()).toBe(false);
    expect(await again.getByRole('checkbox', { name: '进入排队超时提醒' }).isChecked()).toBe(true);
    await screenshot(page, 'line-agent-config');
    const stored = await api<Line>(page, '/v3/chats/cs-line/detail', {}, { lineId: id });
    expect(stored.body.agentConfig).toMatchObject({
      closeTimeout: 15,
      offlinePrompt: 'E2E 下班了，请留言',
      enterTimeoutRemind: { minutes: 3 },
      sessionTimeoutAssign: null,
    });
  });

  it('authorises a staff member in the staff panel', async () => {
    await open(page, `/online/csLine/auth?id=${id}&_modal=full`);
    const auth = dialog(page, '可用授权');
    const staff = auth.getByTestId('grant-STAFF');
    await staff.getByRole('switch').first().waitFor();
    const before = await api<GrantPage>(
      page,
      '/v3/chats/cs-line/auth/page',
      { targetId: id, memberType: 'STAFF', granted: false },
      { page: '1', size: '10' },
    );
    const member = before.body.records[0];
    expect(member, JSON.stringify(before.body)).toBeDefined();
    const applied = await answerTo(page, '/cs-line/auth/apply', () =>
      staff.getByRole('switch', { name: `${member!.memberName}的授权` }).click(),
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    await expect.poll(() => staff.getByRole('switch', { name: `${member!.memberName}的授权` }).isChecked()).toBe(true);
    const after = await api<GrantPage>(
      page,
      '/v3/chats/cs-line/auth/page',
      { targetId: id, memberType: 'STAFF', granted: true },
      { page: '1', size: '10' },
    );
    expect(after.body.records.map((r) => r.memberId)).toContain(member!.memberId);
    await screenshot(page, 'line-auth');
  });

  it('pictures the other screens of the line modal', async () => {
    for (const [path, title] of SCREENS) {
      if (path === 'config' || path === 'agent-config' || path === 'auth') continue;
      await open(page, `/online/csLine/${path}?id=${id}&_modal=full`);
      await dialog(page, title).getByTestId('line-name').getByText(name).waitFor();
      await screenshot(page, `line-${path}`);
    }
  });

  it('moves the line to the trash, restores it and empties it', async () => {
    await trashRestoreEmpty(page, '/online/csLine', 'cs-line', name);
  });
});
