import type { GrantPage, GrantPageBody, GrantRow } from '@qcdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../src/api/client';
import { LineAuth } from '../src/screens/online/line/LineAuth';
import { AuthorisationPanel } from '../src/ui/AuthorisationPanel';
import { fakeClient, renderConsole } from './helpers';

const PAGE = '/v3/chats/cs-line/auth/page';
const APPLY = '/v3/chats/cs-line/auth/apply';

const staff: GrantRow[] = Array.from({ length: 12 }, (_, i) => ({
  memberId: `U${i + 1}`,
  memberName: `员工${i + 1}`,
  memberCode: `user${i + 1}`,
  granted: i === 0,
}));
const orgs: GrantRow[] = [
  { memberId: 'O2', memberName: '华东分公司', granted: true },
  { memberId: 'O3', memberName: '华南分公司', granted: false },
];

/** The line's two panels: staff always editable by the owner; the organisation panel as `orgEditable` says. */
function server(orgEditable: boolean) {
  return fakeClient({
    '/v3/chats/cs-line/detail': () => ({
      id: '7',
      name: '官网咨询',
      type: 'ONLINE',
      status: 'ACTIVE',
      tenantId: '1',
      basicConfig: { login: false },
      hotlineGroups: [],
      onlineGroups: [],
      groupIds: [],
      navs: [],
      version: 1,
    }),
    [PAGE]: (request: ApiRequest): GrantPage => {
      const body = request.body as GrantPageBody;
      const page = Number(request.query?.page);
      const size = Number(request.query?.size);
      let rows = body.memberType === 'STAFF' ? staff : orgs;
      if (body.granted !== undefined && body.granted !== null) rows = rows.filter((r) => r.granted === body.granted);
      if (body.keyword) rows = rows.filter((r) => r.memberName.includes(body.keyword!));
      return {
        records: rows.slice((page - 1) * size, page * size),
        total: rows.length,
        page,
        size,
        editable: body.memberType === 'STAFF' || orgEditable,
      };
    },
    [APPLY]: (request: ApiRequest) => {
      const body = request.body as { add: string[]; remove: string[] };
      return { added: body.add.length, removed: body.remove.length };
    },
  });
}

function openLineAuth(orgEditable: boolean, permissions = ['csLine.view', 'csLine.edit']) {
  const fake = server(orgEditable);
  renderConsole(<LineAuth location={{ path: '/online/csLine/auth', query: { id: '7', _modal: 'full' } }} />, {
    client: fake.client,
    permissions,
  });
  return fake;
}

const panel = (type: 'STAFF' | 'ORG') => screen.getByTestId(`grant-${type}`);

describe('line authorisation', () => {
  it('shows the staff panel and the organisation panel, 10 a page', async () => {
    const { calls } = openLineAuth(true);
    await within(panel('STAFF')).findByText('员工10');
    expect(within(panel('STAFF')).queryByText('员工11')).toBeNull();
    expect(within(panel('STAFF')).getByText('共 12 条')).toBeTruthy();
    await within(panel('ORG')).findByText('华东分公司');
    expect(screen.getByRole('heading', { name: '员工授权' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '组织授权' })).toBeTruthy();
    expect(calls.filter((c) => c.path === PAGE).map((c) => [(c.body as GrantPageBody).memberType, c.query])).toEqual([
      ['STAFF', { page: 1, size: 10 }],
      ['ORG', { page: 1, size: 10 }],
    ]);
  });

  it('grants the selected staff after a confirmation, sending only those not yet granted', async () => {
    const { calls } = openLineAuth(true);
    const staffPanel = await waitFor(() => {
      within(panel('STAFF')).getByText('员工2');
      return panel('STAFF');
    });
    await userEvent.click(within(staffPanel).getByRole('checkbox', { name: '选择 员工1' }));
    await userEvent.click(within(staffPanel).getByRole('checkbox', { name: '选择 员工2' }));
    await userEvent.click(within(staffPanel).getByRole('button', { name: '授权' }));
    expect(await screen.findByText('确认授权所选的 2 项？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === APPLY)?.body).toEqual({
        targetId: '7',
        memberType: 'STAFF',
        add: ['U2'],
        remove: [],
      }),
    );
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('a row switch withdraws that one member', async () => {
    const { calls } = openLineAuth(true);
    const row = await within(panel('ORG')).findByRole('switch', { name: '华东分公司的授权' });
    await userEvent.click(row);
    await waitFor(() =>
      expect(calls.find((c) => c.path === APPLY)?.body).toEqual({
        targetId: '7',
        memberType: 'ORG',
        add: [],
        remove: ['O2'],
      }),
    );
  });

  it('searches by keyword and by authorised, from page 1', async () => {
    const { calls } = openLineAuth(true);
    const staffPanel = await waitFor(() => {
      within(panel('STAFF')).getByText('员工2');
      return panel('STAFF');
    });
    await userEvent.click(within(staffPanel).getByText('已授权'));
    await within(staffPanel).findByText('共 1 条');
    await userEvent.type(within(staffPanel).getByRole('textbox', { name: '关键词' }), '员工1');
    await userEvent.click(within(staffPanel).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === PAGE).at(-1)).toMatchObject({
        query: { page: 1, size: 10 },
        body: { memberType: 'STAFF', keyword: '员工1', granted: true },
      }),
    );
  });

  it("the organisation panel is read-only and says why when the line is not the caller's organisation's", async () => {
    openLineAuth(false);
    const orgPanel = await waitFor(() => {
      within(panel('ORG')).getByText('华南分公司');
      return panel('ORG');
    });
    expect(within(orgPanel).getByText('只有线路所属组织可以修改组织授权')).toBeTruthy();
    expect(within(orgPanel).queryByRole('button', { name: '授权' })).toBeNull();
    expect((within(orgPanel).getByRole('switch', { name: '华南分公司的授权' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    // the staff panel stays editable
    expect(within(panel('STAFF')).getByRole('button', { name: '授权' })).toBeTruthy();
  });

  it('without csLine.edit both panels are read-only, without the hint', async () => {
    openLineAuth(true, ['csLine.view']);
    await within(panel('ORG')).findByText('华南分公司');
    await within(panel('STAFF')).findByText('员工1');
    expect(screen.queryByRole('button', { name: '授权' })).toBeNull();
    expect(screen.queryByText('只有线路所属组织可以修改组织授权')).toBeNull();
    for (const toggle of screen.getAllByRole('switch')) expect((toggle as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the authorisation panel, reused', () => {
  it('calls the paths it is given (a ticket space passes its own)', async () => {
    const fake = fakeClient({
      '/v3/feed/space/auth/page': (request) => ({
        records: [{ memberId: 'U1', memberName: '员工1', memberCode: 'user1', granted: false }],
        total: 1,
        page: Number(request.query?.page),
        size: Number(request.query?.size),
        editable: true,
      }),
    });
    renderConsole(
      <AuthorisationPanel
        pagePath="/v3/feed/space/auth/page"
        applyPath="/v3/feed/space/auth/apply"
        targetId="21"
        memberType="STAFF"
        title="员工授权"
        editable
      />,
      { client: fake.client, permissions: [] },
    );
    expect(await screen.findByText('员工1')).toBeTruthy();
    expect(fake.calls[0]).toMatchObject({
      path: '/v3/feed/space/auth/page',
      body: { targetId: '21', memberType: 'STAFF' },
    });
  });
});
