import * as contracts from '@qcdesk/contracts';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, open, signIn, stamp, useBrowser } from './browser.js';

const CJK = /[\u3400-\u9fff]/;
/** an enum code as the API spells it (QUESTIONING_SERVICE, LAST_RECEIVER): never shown to a person */
const RAW_CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
/** a code without an underscore (ABUSE, COMPLAINT, REPORT) reads as a shouted word in an English screen */
const CAPS_WORD = /\b[A-Z]{3,}\b/g;
/** English words a Chinese screen may show: product and technical names, not sentences */
const ASCII_WORD = /[A-Za-z]{3,}/g;
const ALLOWED_IN_ZH = new Set(['qcdesk', 'English', 'JSON', 'Lines', 'STC', 'CUSTOM', 'Monaco']);
/** acronyms an English screen may show in capitals */
const ALLOWED_CAPS = new Set(['JSON', 'STC', 'CSV', 'URL', 'OK']);

interface Page1<R> {
  records: R[];
}
interface Ids {
  aiSession: string;
  aiScheme: string;
  manualSession: string;
  manualScheme: string;
  assessSession: string;
  complaintId: string;
  complaintType: string;
  modelRule: string;
  newRule: string;
  scheme: string;
  task: string;
  taskType: string;
}

/**
 * What a detail or modal shows a person: every visible text, placeholder, input value, title and aria-label inside
 * the open dialogs (or the page's main part when no dialog is open), the code editor's JSON left out.
 */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    // the code editor's JSON, and an avatar's initial (the first character of a person's name)
    const skip = (el) => el.closest('.monaco-editor, script, style, nav, header, .mantine-Avatar-root');
    const dialogs = Array.from(document.querySelectorAll('[role=dialog]')).filter(shown);
    const roots = dialogs.length > 0 ? dialogs : [document.querySelector('main')];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = (node.textContent || '').trim();
        if (el && text && !skip(el) && shown(el)) out.push(text);
      }
      for (const el of root.querySelectorAll('input, textarea')) {
        if (skip(el) || el.type === 'hidden' || !shown(el)) continue;
        if (el.placeholder) out.push(el.placeholder);
        if (el.value && el.type !== 'checkbox' && el.type !== 'radio') out.push(el.value);
      }
      for (const el of root.querySelectorAll('[title], [aria-label]')) {
        if (skip(el)) continue;
        for (const name of ['title', 'aria-label']) { const v = el.getAttribute(name); if (v) out.push(v); }
      }
    }
    return out;
  })()`);
}

/** Every string of a JSON answer (the data a screen shows: names, transcripts, comments), deep. */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    into.add(value);
    // a message's content is itself JSON (TIM style); its texts are what the transcript shows
    if (value.startsWith('[') || value.startsWith('{')) {
      try {
        stringsOf(JSON.parse(value), into);
      } catch {}
    }
  } else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
}

/** Every value of the contracts' dictionaries (ABUSE, ANY_ONE_NOT_MET, CHECKED): shown by its label, never as data. */
const CODES: ReadonlySet<string> = new Set(
  Object.values(contracts).flatMap((value) => {
    const dictionary = value as { values?: unknown; labels?: unknown };
    return Array.isArray(dictionary.values) && dictionary.labels && typeof dictionary.labels === 'object'
      ? dictionary.values.filter((v): v is string => typeof v === 'string')
      : [];
  }),
);

/**
 * The interface's part of a shown text: nothing when the text is data itself (a value the API answered, or a piece of
 * one, such as a transcript line split by its highlights), else the text with every piece of data taken out.
 */
function interfacePart(text: string, data: readonly string[]): string {
  if (data.some((piece) => piece === text || (text.length >= 2 && piece.includes(text)))) return '';
  let rest = text;
  for (const piece of data) if (piece.length >= 2 && rest.includes(piece)) rest = rest.split(piece).join(' ');
  return rest;
}

/** The API's answers while a screen loads, read as data. */
function watchData(page: Page): { data: () => Promise<string[]> } {
  const answers: Promise<unknown>[] = [];
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/v3/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    answers.push(response.json().catch(() => null));
  };
  page.on('response', onResponse);
  return {
    async data() {
      page.off('response', onResponse);
      const strings = new Set<string>();
      for (const answer of await Promise.all(answers)) stringsOf(answer, strings);
      // longest first, so a name is taken out whole before a shorter name inside it
      return [...strings]
        .map((s) => s.trim())
        .filter((s) => s !== '' && !CODES.has(s))
        .sort((a, b) => b.length - a.length);
    },
  };
}

interface Screen {
  name: string;
  /** opens it, `ids` known; resolves once its data has come */
  show: (page: Page, ids: Ids) => Promise<void>;
}

/** Opens a modal route over its list and waits for the dialog and the calls it makes. */
const modal = (hash: (ids: Ids) => string, waitFor?: (page: Page) => Promise<unknown>) => async (p: Page, ids: Ids) => {
  await open(p, hash(ids));
  await p.reload();
  await p.getByRole('dialog').first().waitFor();
  await p.waitForLoadState('networkidle');
  await waitFor?.(p);
  await p.waitForLoadState('networkidle');
};

const q = encodeURIComponent;
const SCREENS: readonly Screen[] = [
  {
    name: 'AI result detail',
    show: modal(
      (ids) => `/qc/ai-result/detail?id=${q(ids.aiSession)}&schemeId=${ids.aiScheme}&_modal=large`,
      (p) => p.locator('[data-message-index]').first().waitFor(),
    ),
  },
  {
    name: 're-inspection',
    show: modal(
      (ids) => `/qc/ai-result/change?id=${q(ids.aiSession)}&schemeId=${ids.aiScheme}&_modal=large`,
      (p) => p.locator('[data-message-index]').first().waitFor(),
    ),
  },
  {
    name: 'manual assessment',
    show: modal(
      (ids) => `/qc/manual-result/assess?id=${q(ids.assessSession)}&schemeId=${ids.manualScheme}&_modal=large`,
      (p) => p.locator('[data-message-index]').first().waitFor(),
    ),
  },
  {
    name: 'manual result detail',
    show: modal(
      (ids) => `/qc/manual-result/detail?id=${q(ids.manualSession)}&_modal=large`,
      (p) => p.locator('[data-message-index]').first().waitFor(),
    ),
  },
  {
    name: 'complaint form',
    show: modal((ids) => `/qc/complaint/create?id=${q(ids.aiSession)}&schemeId=${ids.aiScheme}&type=AI&_modal=large`),
  },
  {
    name: 'complaint detail',
    show: modal((ids) => `/qc/complaint/detail?id=${ids.complaintId}&type=${ids.complaintType}&_modal=large`),
  },
  { name: 'new rule form', show: modal(() => '/qc/rule/create?_modal=small') },
  {
    name: 'rule editor, new rule',
    show: modal(
      (ids) => `/qc/rule/config?id=${ids.newRule}&_modal=large`,
      (p) =>
        p
          .getByRole('dialog')
          .getByRole('button', { name: /^(保存|Save)$/ })
          .first()
          .waitFor(),
    ),
  },
  {
    name: 'rule editor, a rule with model checks',
    show: modal(
      (ids) => `/qc/rule/config?id=${ids.modelRule}&_modal=large`,
      (p) => p.getByTestId('condition-a').waitFor(),
    ),
  },
  {
    name: 'scheme config',
    show: modal(
      (ids) => `/qc/scheme/config?id=${ids.scheme}&targetType=AI&_modal=large`,
      (p) => p.locator('[data-testid^="angle-"]').first().waitFor(),
    ),
  },
  { name: 'QC task form', show: modal((ids) => `/qc/task/edit?id=${ids.task}&type=${ids.taskType}&_modal=small`) },
  {
    name: 'replay tester with a transcript',
    show: async (p, ids) => {
      await open(p, `/qc/replay?schemeId=${ids.aiScheme}&sessionId=${q(ids.aiSession)}`);
      await p.reload();
      const slider = p.getByRole('slider').first();
      await slider.waitFor({ timeout: 60_000 });
      await p.waitForLoadState('networkidle');
      // the whole conversation replayed: every rule's state and every condition's reason shown
      await slider.press('End');
      await p.locator('[data-rule]').first().waitFor();
      await p.waitForTimeout(500);
    },
  },
];

/** Walks every detail and modal; `check` gets each one's texts and the data its calls answered. */
async function walk(
  page: Page,
  ids: Ids,
  check: (screen: string, texts: string[], data: readonly string[]) => void,
): Promise<void> {
  for (const screen of SCREENS) {
    const watched = watchData(page);
    await screen.show(page, ids);
    const texts = await shownTexts(page);
    const data = await watched.data();
    // the walk reads the screen, not an empty page (the smallest, the new rule's form, has a name, a note and Save)
    expect(texts.length, `${screen.name}: ${JSON.stringify(texts)}`).toBeGreaterThan(3);
    check(screen.name, texts, data);
  }
}

/**
 * Issue 15, defect 9, beyond the lists: the QC details and modals speak the user's language. In Chinese no interface
 * word is English and no enum code shows; in English no interface text is Chinese and no code is shouted. What the
 * API answered (names, transcripts, comments) is data and may be in any language.
 */
describe('every QC detail and modal in one language', () => {
  const opened = useBrowser();
  let page: Page;
  const ids = {} as Ids;

  beforeAll(async () => {
    page = opened.page();
    await signIn(page, 'admin');
    type AiRow = { sessionId: string; schemeId: string; resultRules?: unknown[] | null };
    const ai = await api<Page1<AiRow>>(page, '/v3/chats/ai-result/page', {}, { page: '1', size: '100' });
    // a result whose rules hit, best one a model check hit (its labels are what slipped through before)
    const withHits = ai.body.records.filter((r) => (r.resultRules ?? []).length > 0);
    const withModel = withHits.find((r) => JSON.stringify(r.resultRules).includes('MODEL')) ?? withHits[0]!;
    ids.aiSession = withModel.sessionId;
    ids.aiScheme = String(withModel.schemeId);

    type ManualRow = { sessionId: string; schemeId?: string | null; manualStatus?: string };
    const manual = await api<Page1<ManualRow>>(page, '/v3/chats/qc-manual-result/page', {}, { page: '1', size: '100' });
    const scored = manual.body.records.filter((r) => r.schemeId);
    const checked = scored.find((r) => r.manualStatus === 'CHECKED') ?? scored[0]!;
    ids.manualSession = checked.sessionId;
    ids.manualScheme = String(checked.schemeId);
    ids.assessSession = (scored.find((r) => r.manualStatus !== 'CHECKED') ?? checked).sessionId;

    const complaints = await api<Page1<{ id: string; type: string }>>(
      page,
      '/v3/chats/complaint/page',
      {},
      { page: '1', size: '10' },
    );
    ids.complaintId = String(complaints.body.records[0]!.id);
    ids.complaintType = complaints.body.records[0]!.type;

    const rules = await api<Page1<{ id: string; name: string }>>(
      page,
      '/v3/chats/qc-rule/page',
      { keyword: '推诿或引导投诉' },
      { page: '1', size: '10' },
    );
    ids.modelRule = String(rules.body.records[0]!.id);
    const created = await api<{ id: string } | string>(page, '/v3/chats/qc-rule/create', {
      name: `语言巡检新规则-${stamp()}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ids.newRule = String(typeof created.body === 'string' ? created.body : created.body.id);

    const schemes = await api<Page1<{ id: string }>>(
      page,
      '/v3/chats/qc-scheme/page',
      { targetType: 'AI' },
      { page: '1', size: '10' },
    );
    ids.scheme = String(schemes.body.records[0]!.id);
    const tasks = await api<Page1<{ id: string; type: string }>>(
      page,
      '/v3/chats/qc-task/page',
      {},
      { page: '1', size: '10' },
    );
    ids.task = String(tasks.body.records[0]!.id);
    ids.taskType = tasks.body.records[0]!.type;
  });

  it('Chinese: no English words and no raw codes', async () => {
    const found: string[] = [];
    await walk(page, ids, (screen, texts, data) => {
      for (const text of texts) {
        const own = interfacePart(text, data);
        const english = (own.match(ASCII_WORD) ?? []).filter((w) => !ALLOWED_IN_ZH.has(w));
        if (english.length > 0 || RAW_CODE.test(own)) found.push(`${screen}: ${text}`);
      }
    });
    expect([...new Set(found)]).toEqual([]);
  });

  it('English: no Chinese interface text and no codes', async () => {
    // the switch is in the header, under no modal
    await open(page, '/qc/rule/list');
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const found: string[] = [];
    try {
      await walk(page, ids, (screen, texts, data) => {
        for (const text of texts) {
          if (text === '中文') continue;
          const own = interfacePart(text, data);
          const caps = (own.match(CAPS_WORD) ?? []).filter((w) => !ALLOWED_CAPS.has(w));
          if (CJK.test(own) || RAW_CODE.test(own) || caps.length > 0) found.push(`${screen}: ${text}`);
        }
      });
    } finally {
      await open(page, '/qc/rule/list');
      await page.getByRole('button', { name: '中文', exact: true }).click();
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
