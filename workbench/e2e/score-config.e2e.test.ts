import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerTo, api, dialog, hashQuery, open, screenshot, signIn, stamp, useBrowser } from './browser.js';

/**
 * Satisfaction configs in a real browser against the real server (issue 18): one created from the list opens its
 * config; a scene reply left empty says 请填写场景回复语 and nothing is sent; the emoji style shows in the preview;
 * the saved survey is what the server keeps. The config screen is pictured (`score-config.png`).
 */
describe('satisfaction configs in the browser', () => {
  const opened = useBrowser();
  let page: Page;
  const name = `E2E满意度-${stamp()}`;

  beforeAll(() => {
    page = opened.page();
  });

  it('creates a config from the list; the save opens its config with the default survey', async () => {
    await signIn(page, 'admin');
    await open(page, '/online/csScore');
    await page.getByRole('button', { name: '新建', exact: true }).click();
    const form = dialog(page, /^新建满意度配置$/);
    await form.getByRole('textbox', { name: /^名称/ }).fill(name);
    const created = await answerTo(page, '/score-config/create', () =>
      form.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const config = dialog(page, /^满意度配置$/);
    await expect.poll(async () => config.getByRole('textbox', { name: /^名称/ }).inputValue()).toBe(name);
    expect(hashQuery(page).get('id')).toBe((created.body as { id: string }).id);
    expect(await config.getByRole('textbox', { name: /^非常满意（5 分）/ }).inputValue()).not.toBe('');
  });

  it('asks for every scene reply, then saves the emoji survey', async () => {
    const config = dialog(page, /^满意度配置$/);
    const reply = config.getByRole('textbox', { name: /^一般（3 分）/ });
    await reply.fill('');
    await config.getByRole('button', { name: '保存', exact: true }).click();
    await config.getByText('请填写场景回复语').waitFor();
    await reply.fill('感谢您的评价，我们会继续改进');
    await config.getByRole('radio', { name: '表情' }).check();
    await expect.poll(async () => config.getByTestId('score-preview').getAttribute('data-style')).toBe('EMOJI');
    // the picture starts at the top of the form, the preview beside it
    await config.getByRole('textbox', { name: /^名称/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'score-config');
    const saved = await answerTo(page, '/score-config/change', () =>
      config.getByRole('button', { name: '保存', exact: true }).click(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await api<{ onlineConfig: { style: string; replies: { score: number; reply: string }[] } }>(
      page,
      '/v3/chats/score-config/detail',
      {},
      { configId: (saved.body as { id: string }).id },
    );
    expect(stored.body.onlineConfig.style).toBe('EMOJI');
    expect(stored.body.onlineConfig.replies.find((r) => r.score === 3)?.reply).toBe('感谢您的评价，我们会继续改进');
  });
});
