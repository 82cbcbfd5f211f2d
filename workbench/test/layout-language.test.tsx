import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../src/app/Layout';
import { fakeClient, renderConsole } from './helpers';

const STORAGE_KEY = 'qcdesk.locale';

function show() {
  return renderConsole(
    <Layout>
      <p>内容</p>
    </Layout>,
    { client: fakeClient({}).client, permissions: ['qc-scheme.view', 'qc-rule.view', 'qc-task.view'] },
  );
}

afterEach(() => localStorage.clear());

describe('language switch', () => {
  it('starts in Chinese: the navigation and the switch offering English', () => {
    show();
    for (const label of ['质检', '质检方案', '质检规则', '质检任务']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
    // only the entries the user may open
    expect(screen.queryByText('申诉管理')).toBeNull();
  });

  it('switching shows the English navigation and keeps the choice in localStorage', async () => {
    show();
    expect(document.documentElement.lang).toBe('zh-CN');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    // <html lang> follows the switch
    expect(document.documentElement.lang).toBe('en');
    for (const label of ['Quality', 'QC schemes', 'QC rules', 'QC tasks', 'Sign out']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.queryByText('质检方案')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('en');
    // the next visit starts in English: a fresh store reads the kept choice
    vi.resetModules();
    const fresh = await import('../src/i18n/locale-store');
    expect(fresh.useLocaleStore.getState().locale).toBe('en');

    await userEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(screen.getByText('质检方案')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
