import type { CensorBan, CensorLogRecord, ChatMessage } from '@qcdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { findRoute, NAV } from '../src/app/route-table';
import { aiResultDescription } from '../src/entities/ai-result';
import { censorBanDescription } from '../src/entities/censor-ban';
import { EntityList } from '../src/entity/EntityList';
import { useRouterStore } from '../src/router/router-store';
import { CensorBanEdit } from '../src/screens/censor/CensorBanEdit';
import { CensorBanList } from '../src/screens/censor/CensorBanList';
import { CensorLogList } from '../src/screens/censor/CensorLogList';
import { CensorSession, censorHighlights } from '../src/screens/censor/CensorSession';
import { splitWords } from '../src/screens/censor/WordTagsInput';
import { describeEntityScreens } from './describe-entity-screens';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { atRoute, drawAtRoute } from './list-route';

const BAN = '/v3/system/censor-ban';
const LOG = '/v3/system/censor-log';
const LIBRARY_KEYS = ['cs-censor-ban.view', 'cs-censor-ban.edit', 'ban.delete'];
const ALL = [...LIBRARY_KEYS, 'cs-censor-log.view', 'cs-censor-log.export'];

function library(i: number, more: Partial<CensorBan> = {}): CensorBan & { name: string } {
  return {
    id: String(i),
    name: `词库${i}号`,
    words: [`词${i}`],
    operation: 'REPORT',
    status: 'INACTIVE',
    flag: 'cs-agent',
    tempType: 'CUSTOM',
    scopes: null,
    options: { skipNoise: 0, traditional: false, allowWords: [] },
    version: 2,
    modifyTime: '2026-11-20 10:00:00',
    ...more,
  } as CensorBan & { name: string };
}

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);

function logRecord(i: number, more: Partial<CensorLogRecord> = {}): CensorLogRecord {
  return {
    id: String(i),
    censorBanName: '客户辱骂词',
    censorBanId: '3',
    censorWords: ['傻逼'],
    censorOperation: 'ABORT',
    lineName: '官网客服',
    sessionId: `s-${i}`,
    chatId: `c-${i}`,
    text: '你这个傻*逼客服',
    senderNick: '张先生',
    senderRole: 'CUSTOMER',
    sendTime: '2026-11-20 10:00:00',
    messageId: `m-${i}`,
    censorSpans: [{ start: 3, end: 6, word: '傻逼' }],
    ...more,
  };
}

/** The advanced matching options as a new library gets them (the engine's defaults). */
const DEFAULT_OPTIONS = {
  classBoundaries: true,
  numberStyles: false,
  letterStyles: false,
  repeats: false,
  pinyin: false,
  categories: undefined,
  mask: '*',
  replacements: {},
};

const pageOf = <T,>(records: T[], request: ApiRequest) => ({
  records,
  total: records.length,
  page: Number(request.query?.page ?? 1),
  size: Number(request.query?.size ?? 20),
});
const bodies = (calls: ApiRequest[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

// the generic list behaviour (paging, keyword, buttons by key, bulk activate) on the library description
describeEntityScreens<CensorBan>(censorBanDescription, { record: (i) => library(i) });

describe('the censor area of the side menu', () => {
  it('lists the libraries and the log, each behind its view key, instead of the coming-soon page', () => {
    const censor = NAV.find((area) => area.key === 'censor')!;
    expect(censor.entries.map((e) => [e.to.path, e.permission])).toEqual([
      ['/cs-censor-ban/list', 'cs-censor-ban.view'],
      ['/cs-censor-log/list', 'cs-censor-log.view'],
    ]);
    // the form opens over the library list for whoever may view libraries; the session over the log
    expect(findRoute('/cs-censor-ban/edit')).toMatchObject({
      permission: 'cs-censor-ban.view',
      parent: { path: '/cs-censor-ban/list' },
    });
    expect(findRoute('/cs-censor-log/session')).toMatchObject({
      permission: 'cs-censor-log.view',
      parent: { path: '/cs-censor-log/list' },
    });
  });
});

describe('the word lists of the form', () => {
  it('split a pasted list at commas, 、, semicolons and line ends, trimmed, repeats and blanks dropped', () => {
    expect(splitWords('加微信, 加QQ、刷单\n\n 返现 ；加qq；加微信', ['返现'])).toEqual([
      '返现',
      '加微信',
      '加QQ',
      '刷单',
    ]);
  });
});

describe('sensitive-word library list', () => {
  function list(query: Record<string, string>, permissions = ALL, records = [library(1)]) {
    const server = fakeClient({
      [`${BAN}/page`]: (request) => pageOf(records, request),
      [`${BAN}/remove`]: (request) => ({ ids: (request.body as { ids: string[] }).ids }),
    });
    renderConsole(atRoute(CensorBanList, '/cs-censor-ban/list', query), { client: server.client, permissions });
    return server;
  }

  it('the tab is the flag the list asks for; 新建 opens the form with the tab’s flag', async () => {
    const { calls } = list({ flag: 'cs-customer' });
    await screen.findByText('词库1号');
    expect(bodies(calls, `${BAN}/page`).at(-1)).toMatchObject({ flag: 'cs-customer' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['员工', '客户', '敏感词日志']);
    expect(screen.getByRole('tab', { name: '客户' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/cs-censor-ban/edit',
      query: { flag: 'cs-customer', _modal: 'small' },
    });
  });

  it('员工 is the first tab: without a flag the list asks for cs-agent, and a tab click changes it', async () => {
    const { calls } = list({});
    await screen.findByText('词库1号');
    expect(bodies(calls, `${BAN}/page`).at(-1)).toMatchObject({ flag: 'cs-agent' });
    await userEvent.click(screen.getByRole('tab', { name: '客户' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/page`).at(-1)).toMatchObject({ flag: 'cs-customer' }));
    expect(useRouterStore.getState().current.query).toMatchObject({ flag: 'cs-customer' });
  });

  it('previews the first 20 words as tags with +N for the rest; a system library says 系统词库; levels in words', async () => {
    const words = Array.from({ length: 27 }, (_, i) => `敏感${i + 1}`);
    list({}, ALL, [
      library(1, { words, operation: 'ABORT', status: 'ACTIVE' }),
      library(2, { tempType: 'SYS_WORDS', words: [] }),
    ]);
    const first = (await screen.findByText('词库1号')).closest('tr')!;
    expect(within(first).getAllByText(/^敏感\d+$/)).toHaveLength(20);
    expect(within(first).getByText('敏感20')).toBeTruthy();
    expect(within(first).queryByText('敏感21')).toBeNull();
    expect(within(first).getByRole('button', { name: '+7' })).toBeTruthy();
    expect(within(first).getByText('拦截')).toBeTruthy();
    expect(within(first).getByText('启用')).toBeTruthy();
    const second = screen.getByText('词库2号').closest('tr')!;
    expect(within(second).getByText('系统词库')).toBeTruthy();
    expect(within(second).getByText('保留')).toBeTruthy();
  });

  it('deletes the chosen libraries for good through /remove, after confirmation', async () => {
    const { calls } = list({});
    await screen.findByText('词库1号');
    await userEvent.click(screen.getByRole('checkbox', { name: 'select 1' }));
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除所选的 1 个敏感词库？删除后不能恢复。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/remove`)).toEqual([{ ids: ['1'] }]));
  });

  it('without ban.delete there is no delete, without the log’s key no log tab', async () => {
    list({}, ['cs-censor-ban.view', 'cs-censor-ban.edit']);
    await screen.findByText('词库1号');
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByRole('button', { name: '启用' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '敏感词日志' })).toBeNull();
  });

  it('the log tab opens the log', async () => {
    list({});
    await screen.findByText('词库1号');
    await userEvent.click(screen.getByRole('tab', { name: '敏感词日志' }));
    expect(useRouterStore.getState().current.path).toBe('/cs-censor-log/list');
  });
});

describe('sensitive-word library form', () => {
  function form(query: Record<string, string>, handlers: Record<string, Handler> = {}, permissions = ALL) {
    const server = fakeClient({
      [`${BAN}/detail`]: () => library(1),
      [`${BAN}/create`]: () => ({ id: '9' }),
      [`${BAN}/change`]: () => ({ id: '1' }),
      '/v3/chats/cs-agent/page': (request) =>
        pageOf(
          [
            { id: '31', name: '陈静', nick: '小陈', status: 'ONLINE' },
            { id: '32', name: '王强', nick: '王强', status: 'OFFLINE' },
          ],
          request,
        ),
      ...handlers,
    });
    renderConsole(<CensorBanEdit location={{ path: '/cs-censor-ban/edit', query }} />, {
      client: server.client,
      permissions,
    });
    return server;
  }
  const wordsBox = () => screen.getByRole('combobox', { name: /^敏感词/ });
  const levels = async () => {
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    return (await screen.findAllByRole('option')).map((o) => o.textContent);
  };

  it('a staff library never offers 模糊; a customer library does', async () => {
    form({ flag: 'cs-agent' });
    expect(await levels()).toEqual(['保留', '拦截']);
    expect(screen.getByText('员工词库不提供“模糊”级别')).toBeTruthy();
  });

  it('a customer library offers all three levels and has no staff scope', async () => {
    form({ flag: 'cs-customer' });
    expect(await levels()).toEqual(['保留', '拦截', '模糊']);
    expect(screen.queryByText('适用范围')).toBeNull();
  });

  it('name and level are required: an empty form says so at each field and sends nothing', async () => {
    const { calls } = form({ flag: 'cs-agent' });
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const required = await screen.findAllByText('此项为必填项');
    const fields = required.map((e) => e.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent);
    expect(fields).toEqual(['词库名称 *', '报警级别 *']);
    expect(calls.some((c) => c.path === `${BAN}/create`)).toBe(false);
  });

  it('a custom library needs words: the contract says so at the words and nothing is sent', async () => {
    const { calls } = form({ flag: 'cs-customer' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '客户辱骂');
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '拦截' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写敏感词')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BAN}/create`)).toBe(false);
  });

  it('a pasted list becomes one tag per word, repeats dropped and counted; the save sends them with the flag', async () => {
    const { calls } = form({ flag: 'cs-customer' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '客户辱骂');
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '模糊' }));
    fireEvent.paste(wordsBox(), { clipboardData: { getData: () => '傻逼，滚蛋、垃圾\n傻逼\r\n退钱' } });
    expect(await screen.findByText('共 4 个词')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/create`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/create`)[0]).toEqual({
      name: '客户辱骂',
      operation: 'FUZZY',
      flag: 'cs-customer',
      tempType: 'CUSTOM',
      words: ['傻逼', '滚蛋', '垃圾', '退钱'],
      scopes: null,
      options: { skipNoise: 0, traditional: false, allowWords: [], ...DEFAULT_OPTIONS },
    });
    // reopened on the saved library, the list beneath reloaded
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/cs-censor-ban/edit',
      query: { id: '9', flag: 'cs-customer', _reload: 'list' },
    });
  });

  it('a system library takes no words: the box is disabled and the save sends none', async () => {
    const { calls } = form({ flag: 'cs-agent' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '系统库');
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '保留' }));
    fireEvent.paste(wordsBox(), { clipboardData: { getData: () => '甲,乙' } });
    await userEvent.click(screen.getByRole('radio', { name: '系统词库' }));
    expect((wordsBox() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/系统词库使用系统内置词表/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/create`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/create`)[0]).toMatchObject({ tempType: 'SYS_WORDS', words: [] });
  });

  it('a staff library is limited to agents chosen in the agent picker', async () => {
    const { calls } = form({ flag: 'cs-agent' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '员工禁语');
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '拦截' }));
    fireEvent.paste(wordsBox(), { clipboardData: { getData: () => '加微信,私下转账' } });
    await userEvent.click(screen.getByRole('button', { name: '选择坐席' }));
    const picker = await screen.findByRole('dialog');
    await userEvent.click(await within(picker).findByText('陈静'));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    expect(await within(screen.getByTestId('censor-scope-staff')).findByText('陈静（小陈）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/create`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/create`)[0]).toMatchObject({
      scopes: { branchIds: [], staffIds: ['31'], staffNames: ['陈静（小陈）'] },
    });
  });

  it('a change sends id, version and the stored options, and shows the server’s problem at its field', async () => {
    const stored = library(1, {
      flag: 'cs-customer',
      words: ['大麻'],
      options: { skipNoise: 2, traditional: true, allowWords: ['大麻烦'], ...DEFAULT_OPTIONS },
    });
    const { calls } = form(
      { id: '1' },
      {
        [`${BAN}/detail`]: () => stored,
        [`${BAN}/change`]: () => {
          throw new ApiError(400, 'CENSOR_LIBRARY', '敏感词库无法使用：放行词不能为空', 'options.allowWords[0]');
        },
      },
    );
    expect(await screen.findByText('大麻烦')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('敏感词库无法使用：放行词不能为空')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodies(calls, `${BAN}/change`)[0]).toMatchObject({
      id: '1',
      version: 2,
      flag: 'cs-customer',
      words: ['大麻'],
      options: { skipNoise: 2, traditional: true, allowWords: ['大麻烦'] },
    });
  });

  it('the advanced options are folded; opened, each says what it catches, and the save sends them', async () => {
    const { calls } = form({ flag: 'cs-customer' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '拼音与联系方式');
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '保留' }));
    fireEvent.paste(wordsBox(), { clipboardData: { getData: () => '草泥马' } });
    const fold = screen.getByRole('button', { name: /高级匹配选项/ });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/“caonima”“草泥ma”即“草泥马”/)).toBeTruthy();
    expect(screen.getByText(/“微①信”“微一信”即“微1信”/)).toBeTruthy();
    expect(((await screen.findByRole('checkbox', { name: /^字母数字边界/ })) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /^拼音/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^数字变体/ }));
    // a customer library of its own words: the categories are detectors added to them, named in Chinese
    await userEvent.click(screen.getByRole('combobox', { name: /附加检测类别/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      '辱骂',
      '威胁',
      '歧视',
      '隐私与诈骗',
      '站外引流',
      '电话号码',
      'QQ号',
      '微信号',
      '邮箱',
      '网址',
      'IP 地址',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '电话号码' }));
    await userEvent.click(screen.getByRole('option', { name: '微信号' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/create`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/create`)[0]).toMatchObject({
      operation: 'REPORT',
      words: ['草泥马'],
      options: {
        ...DEFAULT_OPTIONS,
        pinyin: true,
        numberStyles: true,
        categories: ['contact-phone', 'contact-wechat'],
      },
    });
  });

  it('the mask and the replacements are there only for 模糊, and a bad mask is said at the field', async () => {
    const { calls } = form({ flag: 'cs-customer' });
    await userEvent.type(screen.getByRole('textbox', { name: /^词库名称/ }), '遮盖');
    fireEvent.paste(wordsBox(), { clipboardData: { getData: () => '傻逼,骗子' } });
    await userEvent.click(screen.getByRole('button', { name: /高级匹配选项/ }));
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '拦截' }));
    expect(screen.queryByRole('textbox', { name: /^遮盖字符/ })).toBeNull();
    expect(screen.queryByText('替换文字')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /^报警级别/ }));
    await userEvent.click(await screen.findByRole('option', { name: '模糊' }));
    const mask = screen.getByRole('textbox', { name: /^遮盖字符/ }) as HTMLInputElement;
    expect(mask.value).toBe('*');
    await userEvent.clear(mask);
    await userEvent.type(mask, '##');
    await userEvent.click(screen.getByRole('button', { name: '添加替换' }));
    await userEvent.type(screen.getByRole('textbox', { name: '敏感词' }), '傻逼');
    await userEvent.type(screen.getByRole('textbox', { name: '替换为' }), '[[哔]');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('遮盖字符须为一个字符（如 *、#）')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BAN}/create`)).toBe(false);
    await userEvent.clear(mask);
    await userEvent.type(mask, '#');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/create`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/create`)[0]).toMatchObject({
      operation: 'FUZZY',
      options: { mask: '#', replacements: { 傻逼: '[哔]' } },
    });
  });

  it('a stored library with advanced options opens them unfolded and keeps them on save', async () => {
    const stored = library(1, {
      flag: 'cs-customer',
      tempType: 'SYS_WORDS',
      words: [],
      options: {
        skipNoise: 0,
        traditional: false,
        allowWords: [],
        ...DEFAULT_OPTIONS,
        repeats: true,
        categories: ['abuse', 'contact-qq'],
      },
    });
    const { calls } = form({ id: '1' }, { [`${BAN}/detail`]: () => stored });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /高级匹配选项/ }).getAttribute('aria-expanded')).toBe('true'),
    );
    // a system library: the categories say which parts of the system list it scans
    expect(await screen.findByText(/不选时扫描整个系统词表/)).toBeTruthy();
    const picked = screen.getByRole('combobox', { name: /^扫描的系统类别/ }).closest('.mantine-InputWrapper-root');
    expect([...(picked?.querySelectorAll('.mantine-Pill-label') ?? [])].map((p) => p.textContent)).toEqual([
      '辱骂',
      'QQ号',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodies(calls, `${BAN}/change`)).toHaveLength(1));
    expect(bodies(calls, `${BAN}/change`)[0]).toMatchObject({
      tempType: 'SYS_WORDS',
      options: { repeats: true, categories: ['abuse', 'contact-qq'], classBoundaries: true },
    });
  });

  it('without cs-censor-ban.edit the form is read-only', async () => {
    form({ id: '1' }, {}, ['cs-censor-ban.view']);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^词库名称/ }) as HTMLInputElement).value).toBe('词库1号'),
    );
    expect((screen.getByRole('textbox', { name: /^词库名称/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '选择坐席' })).toBeNull();
  });
});

describe('sensitive-word log', () => {
  function log(
    query: Record<string, string>,
    permissions = ALL,
    handlers: Record<string, Handler> = {},
    records = [logRecord(1)],
  ) {
    const server = fakeClient({
      [`${LOG}/page`]: (request) => pageOf(records, request),
      '/v3/chats/session/directory': (request) =>
        (request.body as { kind: string }).kind === 'LINE' ? [{ id: '9', name: '官网客服' }] : [],
      ...handlers,
    });
    renderConsole(atRoute(CensorLogList, '/cs-censor-log/list', query), { client: server.client, permissions });
    return server;
  }

  it('without a service line it says 请选择客服号后查询 at the line and asks the server for nothing', async () => {
    const { calls } = log({});
    expect(await screen.findByText('请选择客服号后查询')).toBeTruthy();
    expect(calls.some((c) => c.path === `${LOG}/page`)).toBe(false);
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('with a line: the rows, the matched text in red where the spans say, the level and the role in words', async () => {
    const { calls } = log({ lineId: '9' });
    const cell = await screen.findByText((_, element) => element?.hasAttribute('data-censor-text') ?? false);
    expect(cell.textContent).toBe('你这个傻*逼客服');
    const red = within(cell).getByText('傻*逼');
    expect(red.getAttribute('data-censor-match')).toBe('傻逼');
    const row = cell.closest('tr')!;
    expect(within(row).getByText('拦截')).toBeTruthy();
    expect(within(row).getByText('客户')).toBeTruthy();
    expect(within(row).getByText('张先生')).toBeTruthy();
    expect(bodies(calls, `${LOG}/page`).at(-1)).toEqual({ lineId: '9', timeby: 'sendTime' });
  });

  it('the session id opens the session dialogue with the line and the row’s message', async () => {
    log({ lineId: '9' });
    await userEvent.click(await screen.findByRole('button', { name: 's-1' }));
    expect(useRouterStore.getState().current).toMatchObject({
      path: '/cs-censor-log/session',
      query: { sessionId: 's-1', chatId: 'c-1', messageId: 'm-1', lineId: '9', _modal: 'large' },
    });
  });

  it('export and rescan are there only with their keys', async () => {
    log({ lineId: '9' }, ['cs-censor-log.view']);
    await screen.findByText('张先生');
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重新扫描' })).toBeNull();
  });

  it('exports the filtered log as CSV: the job starts with the filters, shows its rows written, then the file', async () => {
    let polls = 0;
    const progress = (state: 'RUNNING' | 'DONE', done: number) => ({
      jobId: '5',
      kind: 'EXPORT',
      state,
      total: 2,
      done,
      percent: state === 'DONE' ? 100 : 50,
      fileName: state === 'DONE' ? '敏感词日志.csv' : null,
      startTime: '2026-11-20 10:00:00',
    });
    const { calls } = log({ lineId: '9', keyword: '傻', senderRole: 'CUSTOMER' }, ALL, {
      [`${LOG}/export`]: () => ({ jobId: '5', total: 2 }),
      [`${LOG}/export/progress`]: () => {
        polls += 1;
        return polls === 1 ? progress('RUNNING', 1) : progress('DONE', 2);
      },
    });
    // the finished file downloads by itself: the link the dialogue clicks is recorded instead of followed
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.getAttribute('href') ?? '');
    });
    onTestFinished(() => click.mockRestore());
    await screen.findByText('张先生');
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出为 CSV' }));
    const dialog = await screen.findByTestId('censor-export');
    expect(await within(dialog).findByText('正在导出：1 / 2 条')).toBeTruthy();
    expect(await within(dialog).findByText('导出完成，共 2 条', {}, { timeout: 3000 })).toBeTruthy();
    expect(within(dialog).getByTestId('censor-export-download').getAttribute('href')).toBe(
      '/v3/system/censor-log/export/download?jobId=5',
    );
    // the download starts in an effect after the dialogue shows it done: under load a moment later
    await waitFor(() => expect(downloads).toEqual(['/v3/system/censor-log/export/download?jobId=5']));
    expect(bodies(calls, `${LOG}/export`)).toEqual([
      {
        lineId: '9',
        keyword: '傻',
        senderRole: 'CUSTOMER',
        timeby: 'sendTime',
        exportType: 'CS_CENSOR_LOG',
        format: 'CSV',
      },
    ]);
    expect(calls.filter((c) => c.path === `${LOG}/export/progress`).map((c) => c.query)).toContainEqual({
      jobId: '5',
    });
  });

  it('export without a line warns 请选择客服号后查询 and starts nothing', async () => {
    const { calls } = log({});
    await screen.findAllByText('请选择客服号后查询');
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出为 XLSX' }));
    await waitFor(() => expect(screen.getAllByText('请选择客服号后查询').length).toBeGreaterThan(1));
    expect(calls.some((c) => c.path === `${LOG}/export`)).toBe(false);
  });

  it('a rescan needs both ends of its range, said at each, before anything is sent', async () => {
    const { calls } = log({ lineId: '9' }, ALL, { [`${LOG}/rescan`]: () => ({ jobId: '7', total: 0 }) });
    await screen.findByText('张先生');
    await userEvent.click(screen.getByRole('button', { name: '重新扫描' }));
    const dialog = await screen.findByTestId('censor-rescan');
    await userEvent.click(within(dialog).getByRole('button', { name: '开始扫描' }));
    expect(await within(dialog).findAllByText('此项为必填项')).toHaveLength(2);
    expect(calls.some((c) => c.path === `${LOG}/rescan`)).toBe(false);
  });
});

describe('the session dialogue of the log', () => {
  const message = (i: number, body: string, more: Partial<ChatMessage> = {}): ChatMessage => ({
    messageId: `m-${i}`,
    chatId: 'c-1',
    sessionId: 's-1',
    senderRole: i % 2 === 0 ? 'AGENT' : 'CUSTOMER',
    senderNick: i % 2 === 0 ? '小陈' : '张先生',
    sendTime: `2026-11-20 10:00:0${i}`,
    content: text(body),
    ...more,
  });

  it('marks what the log matched in each message, 50 messages a page', async () => {
    const messages = [
      message(1, '你好'),
      message(2, '您好，请问有什么可以帮您'),
      message(3, '你这个傻*逼客服', { censorOperation: 'ABORT', censorWords: ['傻逼'] }),
    ];
    const server = fakeClient({
      '/v3/chats/message/query': (request) => pageOf(messages, request),
      [`${LOG}/page`]: (request) => pageOf([logRecord(1, { messageId: 'm-3' })], request),
    });
    renderConsole(
      <CensorSession
        location={{
          path: '/cs-censor-log/session',
          query: { sessionId: 's-1', chatId: 'c-1', messageId: 'm-3', lineId: '9' },
        }}
      />,
      { client: server.client },
    );
    const mark = await screen.findByText('傻*逼');
    expect(mark.closest('mark')?.getAttribute('data-highlight')).toBe('傻逼');
    expect(screen.getByText('本会话有 1 条消息命中敏感词，已标出')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/v3/chats/message/query')?.query).toEqual({ page: 1, size: 50 });
    expect(server.calls.find((c) => c.path === `${LOG}/page`)?.body).toEqual({ lineId: '9', sessionId: 's-1' });
  });

  it('without spans, the words a message carries are marked where they stand', () => {
    const highlights = censorHighlights(
      [{ messageId: 'm-1', content: text('加我微信，微信号见主页'), censorWords: ['微信'] }],
      [],
    );
    expect(highlights).toEqual([
      { message: 0, start: 2, end: 4, label: '微信' },
      { message: 0, start: 5, end: 7, label: '微信' },
    ]);
  });
});

describe('the 敏感词库 filter of the result lists', () => {
  it('offers the libraries by name from the dictionary load, filters by the one picked and names it in its tag', async () => {
    const server = fakeClient({
      '/v3/chats/ai-result/page': (request) => pageOf([], request),
      // the dictionary load every signed-in user may read: no cs-censor-ban.view needed
      '/v3/chats/session/directory': (request) =>
        (request.body as { kind: string }).kind === 'CENSOR_BAN'
          ? [
              { id: '3', name: '客户辱骂词' },
              { id: '4', name: '员工禁语' },
            ]
          : [],
    });
    renderConsole(
      drawAtRoute(
        (location) => <EntityList description={aiResultDescription} location={location} />,
        '/qc/ai-result/list',
      ),
      { client: server.client, permissions: ['qc-ai-result.view'] },
    );
    await userEvent.click(await screen.findByRole('button', { name: '展开' }));
    await userEvent.click(await screen.findByRole('combobox', { name: '敏感词库' }));
    await userEvent.click(await screen.findByRole('option', { name: '员工禁语' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(bodies(server.calls, '/v3/chats/ai-result/page').at(-1)).toMatchObject({ censorBanId: '4' }),
    );
    expect(await screen.findByText('敏感词库：员工禁语')).toBeTruthy();
    expect(server.calls.some((c) => c.path === `${BAN}/list`)).toBe(false);
  });
});
