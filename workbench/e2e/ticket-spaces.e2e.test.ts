import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  api,
  dialog,
  dragByHandle,
  hashQuery,
  open,
  row,
  screenshot,
  signIn,
  stamp,
  useBrowser,
} from './browser.js';

interface SpaceRecord {
  id: string;
  name: string;
  type: string;
  version: number;
  taskKindIds: string[];
  taskKinds: { kindId: string; kindName: string }[];
}

/**
 * The demo ticket space in a real browser against the real server (issue 19): its config reorders the templates by
 * dragging and adds one from the template picker; after the save, reopened from the list, the order holds; the auth
 * tab grants a staff member. Pictured (`ticket-space-config.png`, `ticket-space-auth.png`) with SCREENSHOTS=1. The
 * demo space is put back as it was afterwards.
 */
describe('ticket spaces in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  let demo: SpaceRecord;
  const kindName = `E2E模版-${stamp()}`;

  const detail = async (id: string) =>
    (await api<SpaceRecord>(page, '/v3/feed/space/detail', {}, { spaceId: id })).body;
  /** the templates' names in the order the rows show them */
  const names = (scope: Locator) => scope.locator('[data-template-name]').allInnerTexts();

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
    const spaces = await api<SpaceRecord[]>(page, '/v3/feed/space/list', { type: 'TICKET', keyword: '售后工单' });
    demo = await detail(spaces.body.find((s) => s.name === '售后工单')!.id);
    const made = await api(page, '/v3/feed/task-kind/create', { name: kindName, code: `E2E${stamp()}` });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  afterAll(async () => {
    if (!demo) return;
    const now = await detail(demo.id);
    await api(page, '/v3/feed/space/change', { ...now, taskKindIds: demo.taskKindIds });
  });

  it('reorders the templates by dragging and adds one from the picker; reopened, the order holds', async () => {
    expect(demo.taskKinds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = demo.taskKinds.map((k) => k.kindName);
    await open(page, `/ticket/space/config?id=${demo.id}&_modal=large`);
    const config = dialog(page, /^空间配置$/);
    await config.getByTestId('space-templates-row-0').waitFor();
    expect(await names(config)).toEqual(demo.taskKinds.map((k) => k.kindName));

    await dragByHandle(page, config, second!, first!, async () => (await names(config))[0] === second);
    expect((await names(config)).slice(0, 2)).toEqual([second, first]);

    await config.getByRole('button', { name: '添加模版' }).click();
    const picker = dialog(page, /^选择工单模版$/);
    await picker.getByRole('textbox', { name: /^关键词/ }).fill(kindName);
    await picker.getByRole('button', { name: '搜索', exact: true }).click();
    await row(picker, kindName).click();
    await picker.getByRole('button', { name: '确定', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    const expected = [second, first, ...demo.taskKinds.slice(2).map((k) => k.kindName), kindName];
    expect(await names(config)).toEqual(expected);
    await screenshot(page, 'ticket-space-config');

    const saved = await answerTo(page, '/space/change', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await expect.poll(() => hashQuery(page).get('id')).toBe(demo.id);

    // reopened from the list: the order the server kept
    await open(page, '/ticket/space');
    await row(page, '售后工单').getByText('售后工单', { exact: true }).click();
    await dialog(page, /^空间配置$/)
      .getByTestId('space-templates-row-0')
      .waitFor();
    await expect.poll(() => names(dialog(page, /^空间配置$/))).toEqual(expected);
    expect((await detail(demo.id)).taskKinds.map((k) => k.kindName)).toEqual(expected);
  });

  it('grants a staff member from the auth tab', async () => {
    const config = dialog(page, /^空间配置$/);
    await config.getByRole('tab', { name: '可用授权' }).click();
    await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe('#/ticket/space/auth');
    const auth = dialog(page, /^空间授权$/);
    const staff = auth.getByTestId('grant-STAFF');
    await staff.getByRole('textbox', { name: /^关键词/ }).fill('supervisor');
    // the search's own answer, then the overlay gone: a click while the page reloads lands on the overlay
    await answerTo(page, '/space/auth/page', () => staff.getByRole('button', { name: '搜索', exact: true }).click());
    await expect.poll(() => staff.locator('.mantine-LoadingOverlay-root').count()).toBe(0);
    const member = row(staff, 'supervisor');
    await member.waitFor();
    const toggle = member.getByRole('switch');
    const wasGranted = await toggle.isChecked();
    const applied = await answerTo(page, '/space/auth/apply', () => toggle.click());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    await expect.poll(() => toggle.isChecked()).toBe(!wasGranted);
    await screenshot(page, 'ticket-space-auth');
    const grants = await api<{ records: { memberCode: string; granted: boolean }[] }>(
      page,
      '/v3/feed/space/auth/page',
      { targetId: demo.id, memberType: 'STAFF', keyword: 'supervisor' },
    );
    expect(grants.body.records.find((r) => r.memberCode === 'supervisor')?.granted).toBe(!wasGranted);
    // the organisation panel is the owner's: its switches are live for the administrator
    await expect.poll(() => auth.getByTestId('grant-ORG').isVisible()).toBe(true);
  });
});
