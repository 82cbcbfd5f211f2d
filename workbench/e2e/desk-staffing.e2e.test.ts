import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  choose,
  dialog,
  open,
  row,
  screenshot,
  signIn,
  stamp,
  trashRestoreEmpty,
  useBrowser,
} from './browser.js';

interface Agent {
  id: string;
  nick: string;
}
interface Group {
  id: string;
  name: string;
  config?: { firstAssign: string; secondAssign?: string | null; enterTimeoutRemind?: unknown } | null;
}

/** The drawer (or modal) titled `title`: Mantine renders both as dialogs with a heading. */
const titled = (page: Page, title: string) => dialog(page, title);

/**
 * The desk-staffing screens in a real browser against the real server: a service time created and edited in its
 * 80 % drawer, a skill group created on it and configured (second assignment after LAST_RECEIVER, a ticked timeout
 * block), then each moved to the trash, restored and emptied.
 */
describe('service times and skill groups in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const suffix = stamp();
  const timeName = `E2E工作日-${suffix}`;
  const timeRenamed = `E2E工作日改-${suffix}`;
  const groupName = `E2E售前组-${suffix}`;
  let agentNick = '';
  let groupId = '';

  beforeAll(() => {
    page = opened.page();
  });

  it('signs in as the administrator, with an agent to receive', async () => {
    await signIn(page, 'admin');
    let agents = await api<Agent[]>(page, '/v3/chats/cs-agent/list', {});
    if (agents.body.length === 0) {
      const users = await api<{ records: { id: string }[] }>(page, '/v3/users/user/page', {}, { page: '1', size: '1' });
      const made = await api(page, '/v3/chats/cs-agent/create', {
        userId: users.body.records[0]!.id,
        nick: `E2E坐席-${suffix}`,
        capacity: 20,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      agents = await api<Agent[]>(page, '/v3/chats/cs-agent/list', {});
    }
    agentNick = agents.body[0]!.nick;
  });

  it('creates a service time in its 80 % drawer, then renames it there', async () => {
    await open(page, '/csTime/list');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const drawer = titled(page, '新建服务时间');
    await drawer.waitFor();
    expect(await page.locator('[data-drawer-width]').getAttribute('data-drawer-width')).toBe('80%');
    await drawer.getByRole('textbox', { name: /^名称/ }).fill(timeName);
    const general: Locator = drawer.getByTestId('general-0');
    await general.getByText('周一', { exact: true }).click();
    await general.getByText('周二', { exact: true }).click();
    await general.getByLabel('开始时间').fill('09:00');
    await general.getByLabel('结束时间').fill('18:00');
    await screenshot(page, 'cs-time-drawer');
    const created = await answerTo(page, '/cs-time/create', () =>
      drawer.getByRole('button', { name: '确定', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edit = titled(page, '编辑服务时间');
    await edit.waitFor();
    // the edit form loads the saved record: typed before it arrives, the new name would be overwritten by the old
    const nameBox = edit.getByRole('textbox', { name: /^名称/ });
    await expect.poll(() => nameBox.inputValue()).toBe(timeName);
    await nameBox.fill(timeRenamed);
    const changed = await answerTo(page, '/cs-time/change', () =>
      edit.getByRole('button', { name: '确定', exact: true }).click(),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await edit.getByRole('button', { name: '取消', exact: true }).click();
    await row(page, timeRenamed).waitFor();
    await row(page, timeRenamed).getByText('周一、周二 09:00-18:00').waitFor();
    await screenshot(page, 'cs-time-list');
  });

  it('creates a skill group on that time and configures its assignment', async () => {
    await open(page, '/csGroup');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const create = titled(page, '新建技能组');
    await create.waitFor();
    await choose(create, /^类型/, '在线');
    await create.getByRole('textbox', { name: /^名称/ }).fill(groupName);
    await choose(create, /^服务时间/, timeRenamed);
    await choose(create, /^接待人/, new RegExp(agentNick));
    // a multi-select keeps its list open over the save button: a click on the title closes it
    await create.getByRole('heading', { name: '新建技能组' }).click();
    const created = await answerTo(page, '/cs-group/create', () =>
      create.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    groupId = (created.body as { id: string }).id;

    const config = titled(page, '技能组配置');
    await config.waitFor();
    expect(await config.getByRole('combobox', { name: /^第一分配方式/ }).inputValue()).toBe('空闲率优先');
    expect(await config.getByRole('combobox', { name: /^第二分配方式/ }).count()).toBe(0);
    await choose(config, /^第一分配方式/, '上次接待人优先');
    await choose(config, /^第二分配方式/, '轮流分配');
    await config.getByRole('checkbox', { name: '进入排队超时提醒' }).check();
    await screenshot(page, 'cs-group-config');
    const changed = await answerTo(page, '/cs-group/change', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const stored = await api<Group>(page, '/v3/chats/cs-group/detail', {}, { groupId });
    expect(stored.body.config).toMatchObject({
      firstAssign: 'LAST_RECEIVER',
      secondAssign: 'ROUND_ROBIN',
      enterTimeoutRemind: { minutes: 3 },
      enterTimeoutAssign: null,
    });
    await open(page, '/csGroup');
    await row(page, groupName).getByText('上次接待人优先 > 轮流分配').waitFor();
    await screenshot(page, 'cs-group-list');
  });

  it('moves the group to the trash, restores it and empties it', async () => {
    await trashRestoreEmpty(page, '/csGroup', 'cs-group', groupName);
  });

  it('moves the service time to the trash, restores it and empties it', async () => {
    await trashRestoreEmpty(page, '/csTime/list', 'cs-time', timeRenamed);
  });
});
