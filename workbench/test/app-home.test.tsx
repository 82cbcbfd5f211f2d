import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../src/api/api-context';
import { ApiError } from '../src/api/client';
import { App } from '../src/app/App';
import { homeFor } from '../src/app/route-table';
import { useSessionStore } from '../src/auth/session-store';
import { useLocaleStore } from '../src/i18n/locale-store';
import { syncFromHash } from '../src/router/router-store';
import { fakeClient } from './helpers';

const AGENT = ['qc-ai-result.view', 'qc-manual-result.view', 'qc-complaint.view', 'qc-complaint.edit'];
const INSPECTOR = ['qc-scheme.view', 'qc-rule.view', 'qc-ai-result.view', 'qc-task.view'];

/** The console from its first load at `#/`, with /v3/auth/me answering `permissions` once signed in. */
function startConsole(permissions: string[]) {
  let signedIn = false;
  const { client, calls } = fakeClient({
    '/v3/auth/me': () => {
      if (!signedIn) throw new ApiError(401, 'UNAUTHORIZED', 'not signed in');
      return { user: { username: 'u' }, organisation: null, permissions };
    },
    '/v3/auth/login': () => {
      signedIn = true;
      return {};
    },
  });
  render(
    <MantineProvider env="test">
      <ApiProvider client={client}>
        <App />
      </ApiProvider>
    </MantineProvider>,
  );
  return calls;
}

async function signIn() {
  await userEvent.type(await screen.findByLabelText('用户名'), 'u');
  await userEvent.type(screen.getByLabelText('密码'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('home route', () => {
  beforeEach(() => {
    useLocaleStore.setState({ locale: 'zh' });
    useSessionStore.setState({ status: 'unknown', user: null, permissions: new Set() });
    window.history.replaceState(null, '', '#/');
    syncFromHash({ fresh: true });
  });

  it('is the first navigation entry the user may view', () => {
    const can = (permissions: string[]) => (key: string | undefined) => !key || permissions.includes(key);
    // whoever sees AI results starts on the QC overview; a rule editor who does not, on the schemes
    expect(homeFor(can(INSPECTOR)).path).toBe('/qc/overview');
    expect(homeFor(can(AGENT)).path).toBe('/qc/overview');
    expect(homeFor(can(['qc-scheme.view', 'qc-rule.view'])).path).toBe('/qc/scheme/list');
    expect(homeFor(can(['qc-complaint.view'])).path).toBe('/qc/complaint');
    // every area's entries need a key now (the monitors too): nothing open, so the scheme list
    expect(homeFor(can([]))).toEqual({ path: '/qc/scheme/list', query: {} });
  });

  it('takes a signed-in agent to the overview of his results, never to the scheme list he may not view', async () => {
    const calls = startConsole(AGENT);
    await signIn();
    await waitFor(() => expect(window.location.hash).toBe('#/qc/overview'));
    expect(await screen.findByRole('heading', { name: '质检概览', level: 3 })).toBeTruthy();
    expect(screen.queryByText('无查看权限')).toBeNull();
    // the title is the route's; the screen itself is a chunk loaded on first use, which a loaded machine may take
    // more than waitFor's second to bring
    await screen.findByTestId('qc-overview', {}, { timeout: 5000 });
    // he may not list schemes: the overview does not ask
    await waitFor(() => expect(calls.some((c) => c.path === '/v3/chats/ai-result/overview')).toBe(true));
    expect(calls.some((c) => c.path === '/v3/chats/qc-scheme/list')).toBe(false);
  });

  it('takes an inspector to the overview', async () => {
    startConsole(INSPECTOR);
    await signIn();
    await waitFor(() => expect(window.location.hash).toBe('#/qc/overview'));
  });
});
