import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { open, signIn, useBrowser } from './browser.js';

const CJK = /[\u3400-\u9fff]/;
/** an enum code as the API spells it (QUESTIONING_SERVICE, LAST_RECEIVER): never shown to a person */
const RAW_CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
/** English words a Chinese screen may show: product and technical names, not sentences */
const ASCII_WORD = /[A-Za-z]{3,}/g;
const ALLOWED_IN_ZH = new Set(['qcdesk', 'English', 'JSON', 'Lines', 'STC', 'CUSTOM', 'Monaco']);
// pinyin, not English: the censor form's example of what its 拼音 option catches
ALLOWED_IN_ZH.add('caonima');
// the AI platform's key is an API key in Chinese too (API 密钥)
ALLOWED_IN_ZH.add('API');

/** The QC screens a user walks through, each by its address and a word its page shows once loaded. */
const SCREENS = [
  '/qc/overview',
  '/qc/scheme/list',
  '/qc/rule/list',
  '/qc/ai-result/list',
  '/qc/manual-result/list',
  '/qc/complaint',
  '/qc/task/list',
  '/qc/replay',
  '/qc/replay/corpus',
  // the online area's AI platforms and chatbots: each list and its form (a drawer, a modal over the list)
  '/ai-platform/list',
  '/ai-platform/edit?_drawer=600',
  '/online/chatbot/list',
  '/online/chatbot/edit?_modal=small',
  // service lines: the list and the create modal over it (the seven screens need a line: lines.e2e.test.ts)
  '/online/csLine',
  '/online/csLine/create?_modal=small',
  // online navigations: the list with its kind tabs, the name form and a new BOTTOM navigation's editor (a new SELF
  // one shows its default tab 标签-1, data in Chinese whatever the language)
  '/online/csNav/list',
  '/online/csNav/edit?kind=SELF&_modal=small',
  '/online/csNav/config?kind=BOTTOM&_modal=large',
  // satisfaction configs: the list, the create modal and the demo survey's config with its preview
  '/online/csScore',
  '/online/csScore/create?_modal=small',
  '/online/csScore/config?id=1&_modal=large',
  // service summaries: the list, the create modal, and the config of the demo summary (its fields are data)
  '/csSummary/list',
  '/csSummary/create?_modal=small',
  '/csSummary/config?id=1&_modal=large',
  // custom fields: the list and a new field's config
  '/field/list',
  '/field/config?_modal=large',
  // tickets: the list with its tabs (ticket contents are data)
  '/ticket/list?view=ALL',
  // the censor area: the library list, its form (a modal over the list) and the log
  '/cs-censor-ban/list',
  '/cs-censor-ban/edit?flag=cs-agent&_modal=small',
  '/cs-censor-log/list',
] as const;

/**
 * The interface's own words on screen: headings, labels, column headers, tabs, buttons outside the table rows,
 * placeholders, tags of active filters, the side menu — not the data (names, transcripts), which may be any language.
 */
async function interfaceWords(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const take = (el) => { const t = (el.innerText || '').trim(); if (t) out.push(t); };
    const q = (sel) => Array.from(document.querySelectorAll(sel));
    q('main h1, main h2, main h3, main h4, main label, main th, main [role=tab], nav .mantine-NavLink-label').forEach(take);
    q('main button').filter((b) => !b.closest('tbody') && !b.closest('[data-testid^=overview-]')).forEach(take);
    q('main input[placeholder], main textarea[placeholder]').forEach((i) => out.push(i.getAttribute('placeholder')));
    q('main .mantine-Alert-message').forEach(take);
    // a screen opened as a modal (a form over its list): its title, labels, hints and buttons
    q('[role=dialog] h2, [role=dialog] label, [role=dialog] legend, [role=dialog] .mantine-InputWrapper-description, [role=dialog] button').forEach(take);
    return out;
  })()`);
}

async function walk(page: Page, check: (screen: string, words: string[]) => void): Promise<void> {
  for (const screen of SCREENS) {
    await open(page, screen);
    await page.reload();
    await page.locator('main h3').first().waitFor();
    // the page's data and lazy parts have come
    await page.waitForLoadState('networkidle');
    const unfold = page.locator('main').getByRole('button', { name: /^(展开|Expand|More filters)$/ });
    if ((await unfold.count()) > 0) await unfold.first().click();
    const words = await interfaceWords(page);
    // the walk reads the screen: its menu and its own labels, not an empty page
    expect(words.length, `${screen}: ${JSON.stringify(words)}`).toBeGreaterThan(12);
    check(screen, words);
  }
}

/**
 * Issue 15, defect 9: every QC screen speaks the user's language. In Chinese no interface word is English (beyond
 * product names) and no enum code shows; in English no interface word is Chinese.
 */
describe('every QC screen in one language', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
  });

  it('Chinese: no English words and no raw codes', async () => {
    const found: string[] = [];
    let seen = 0;
    await walk(page, (screen, words) => {
      seen += words.filter((w) => CJK.test(w)).length;
      for (const word of words) {
        const english = (word.match(ASCII_WORD) ?? []).filter((w) => !ALLOWED_IN_ZH.has(w));
        if (english.length > 0 || RAW_CODE.test(word)) found.push(`${screen}: ${word}`);
      }
    });
    expect(seen).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('English: no Chinese interface words and no raw codes', async () => {
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const found: string[] = [];
    await walk(page, (screen, words) => {
      for (const word of words)
        if ((CJK.test(word) && word !== '中文') || RAW_CODE.test(word)) found.push(`${screen}: ${word}`);
    });
    await page.getByRole('button', { name: '中文', exact: true }).click();
    expect(found).toEqual([]);
  });
});
