import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLocaleStore } from '../src/i18n/locale-store';
import {
  ChatTranscript,
  type TranscriptFocus,
  type TranscriptHighlight,
  type TranscriptMessage,
  type TranscriptNotice,
} from '../src/ui/transcript/ChatTranscript';
import { segmentText } from '../src/ui/transcript/highlight-spans';
import { turnedBox } from '../src/ui/transcript/ImageViewer';

const text = (t: string) => JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: t } }]);

function message(i: number, content = text(`消息${i + 1}`), extra: Partial<TranscriptMessage> = {}): TranscriptMessage {
  return {
    messageId: `m${i}`,
    sendTime: `2026-11-20 10:${String(i % 60).padStart(2, '0')}:00`,
    senderRole: i % 2 === 0 ? 'CUSTOMER' : 'AGENT',
    senderNick: i % 2 === 0 ? '张三' : '客服小李',
    content,
    ...extra,
  };
}
const many = (n: number) => Array.from({ length: n }, (_, i) => message(i));

function show(props: {
  messages: TranscriptMessage[];
  highlights?: TranscriptHighlight[];
  focus?: TranscriptFocus | null;
  pageSize?: 30 | 50;
  notices?: TranscriptNotice[];
}) {
  useLocaleStore.setState({ locale: 'zh' });
  return render(
    <MantineProvider env="test">
      <ChatTranscript highlights={[]} {...props} />
    </MantineProvider>,
  );
}
/** A screen that moves the transcript's focus, as the detail screens do when a rule is clicked. */
let focusOn: (focus: TranscriptFocus) => void = () => {};
function FocusHost() {
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);
  focusOn = setFocus;
  return <ChatTranscript messages={many(120)} highlights={[]} focus={focus} />;
}

const shownMessages = () => document.querySelectorAll('[data-message-index]').length;

describe('ChatTranscript', () => {
  it("shows 50 messages a page and the next page on 'view more', until all are shown", async () => {
    show({ messages: many(120) });
    expect(shownMessages()).toBe(50);
    expect(screen.queryByText('消息51')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 50/120 条）' }));
    expect(shownMessages()).toBe(100);
    expect(screen.getByText('消息100')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /查看更多/ }));
    expect(shownMessages()).toBe(120);
    expect(screen.getByText('消息120')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /查看更多/ })).toBeNull();
  });

  it('pages by 30 where asked', async () => {
    show({ messages: many(40), pageSize: 30 });
    expect(shownMessages()).toBe(30);
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 30/40 条）' }));
    expect(shownMessages()).toBe(40);
  });

  it('shows notices after the messages they follow, those past the shown page once it is shown', async () => {
    const notice = (after: number) => ({ key: `n${after}`, after, content: `转接 ${after}` });
    show({ messages: many(40), pageSize: 30, notices: [notice(0), notice(2), notice(35), notice(40)] });
    const order = () =>
      [
        ...screen
          .getByTestId('chat-transcript')
          .querySelectorAll('[data-message-index], [data-testid="transcript-notice"]'),
      ]
        .map((e) => e.getAttribute('data-message-index') ?? e.textContent)
        .filter((x) => !/^\d+$/.test(x ?? '') || ['0', '1', '2', '29', '34', '35', '39'].includes(x!));
    expect(order()).toEqual(['转接 0', '0', '1', '转接 2', '2', '29']);
    await userEvent.click(screen.getByRole('button', { name: '查看更多（已显示 30/40 条）' }));
    expect(order()).toEqual(['转接 0', '0', '1', '转接 2', '2', '29', '34', '转接 35', '35', '39', '转接 40']);
    cleanup();
    // a session transferred before anyone said anything shows the notice, not 'no messages'
    show({ messages: [], notices: [notice(0)] });
    expect(screen.getByText('转接 0')).toBeTruthy();
    expect(screen.queryByText('暂无消息')).toBeNull();
  });

  it('shows role, nick, avatar and send time; images, videos and files by type; custom shows nothing', () => {
    const image = JSON.stringify([
      {
        MsgType: 'TIMImageElem',
        MsgContent: {
          ImageInfoArray: [
            { Type: 1, URL: 'https://x.invalid/big.jpg' },
            { Type: 2, URL: 'https://x.invalid/large.jpg' },
            { Type: 3, URL: 'https://x.invalid/thumb.jpg' },
          ],
        },
      },
    ]);
    const video = JSON.stringify([
      { MsgType: 'TIMVideoFileElem', MsgContent: { VideoUrl: 'https://x.invalid/v.mp4' } },
    ]);
    const file = JSON.stringify([
      {
        MsgType: 'TIMFileElem',
        MsgContent: { Url: 'https://x.invalid/bill.pdf', FileName: '账单.pdf', FileSize: 51200 },
      },
    ]);
    const custom = JSON.stringify([{ MsgType: 'TIMCustomElem', MsgContent: { Data: '{"kind":"evaluation"}' } }]);
    show({
      messages: [
        message(0, text('你好'), { senderAvatar: 'https://x.invalid/a.png' }),
        message(1, image),
        message(2, video),
        message(3, file),
        message(4, custom),
      ],
    });
    const first = document.querySelector('[data-message-index="0"]') as HTMLElement;
    expect(within(first).getByText('张三')).toBeTruthy();
    expect(within(first).getByText('客户')).toBeTruthy();
    expect(within(first).getByText('2026-11-20 10:00:00')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '张三' }).getAttribute('src')).toBe('https://x.invalid/a.png');
    const second = document.querySelector('[data-message-index="1"]') as HTMLElement;
    expect(within(second).getByText('坐席')).toBeTruthy();
    expect(within(second).getByRole('img', { name: '图片' }).getAttribute('src')).toBe('https://x.invalid/thumb.jpg');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('https://x.invalid/v.mp4');
    const link = screen.getByRole('link', { name: '账单.pdf' });
    expect(link.getAttribute('href')).toBe('https://x.invalid/bill.pdf');
    expect(screen.getByText('50 KB')).toBeTruthy();
    expect(document.querySelector('[data-message-index="4"]')).toBeNull();
  });

  it('tags censored messages REPORT 保留, ABORT 拦截, FUZZY 模糊', () => {
    show({
      messages: [
        message(0, text('a'), { censorOperation: 'REPORT' }),
        message(1, text('b'), { censorOperation: 'ABORT' }),
        message(2, text('c'), { censorOperation: 'FUZZY' }),
        message(3, text('d')),
      ],
    });
    const tag = (i: number) => document.querySelector(`[data-message-index="${i}"] [data-censor]`)?.textContent;
    expect([tag(0), tag(1), tag(2), tag(3)]).toEqual(['保留', '拦截', '模糊', undefined]);
  });

  it('marks exactly the highlighted spans of the messages they name', () => {
    show({
      messages: [message(0, text('我要投诉你们，马上退款')), message(1, text('投诉请拨打热线'))],
      highlights: [
        { message: 0, start: 2, end: 4, label: '投诉规则' },
        { message: 0, start: 7, end: 11 },
      ],
    });
    const marks = [...document.querySelectorAll('mark[data-highlight]')];
    expect(
      marks.map((m) => [m.closest('[data-message-index]')?.getAttribute('data-message-index'), m.textContent]),
    ).toEqual([
      ['0', '投诉'],
      ['0', '马上退款'],
    ]);
    expect(marks[0]!.getAttribute('title')).toBe('投诉规则');
    expect(document.querySelector('[data-message-index="0"]')?.textContent).toContain('我要投诉你们，马上退款');
  });

  it('opens the image viewer on the preview, zooms by 0.1 down to 0.2 and rotates by 90°', async () => {
    const image = JSON.stringify([
      {
        MsgType: 'TIMImageElem',
        MsgContent: { ImageInfoArray: [{ URL: 'https://x.invalid/big.jpg' }, {}, { URL: 'https://x.invalid/t.jpg' }] },
      },
    ]);
    show({ messages: [message(0, image)] });
    await userEvent.click(screen.getByRole('button', { name: '查看大图' }));
    const dialog = await screen.findByRole('dialog');
    const img = () => within(dialog).getByRole('img', { name: '图片' });
    expect(img().getAttribute('src')).toBe('https://x.invalid/big.jpg');
    await userEvent.click(within(dialog).getByRole('button', { name: '放大' }));
    expect(img().getAttribute('data-scale')).toBe('1.1');
    const zoomOut = within(dialog).getByRole('button', { name: '缩小' });
    for (let i = 0; i < 12; i += 1) if (!zoomOut.hasAttribute('disabled')) await userEvent.click(zoomOut);
    expect(img().getAttribute('data-scale')).toBe('0.2');
    expect(zoomOut.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: '向右旋转' }));
    expect(img().getAttribute('data-rotation')).toBe('90');
    await userEvent.click(within(dialog).getByRole('button', { name: '向左旋转' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '向左旋转' }));
    expect(img().getAttribute('data-rotation')).toBe('-90');
  });

  it('scrolls to a focused message, showing the pages up to it, and again when focused anew', async () => {
    const scrolled: string[] = [];
    const spy = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: HTMLElement,
    ) {
      scrolled.push(this.getAttribute('data-message-index') ?? '?');
    });
    useLocaleStore.setState({ locale: 'zh' });
    render(
      <MantineProvider env="test">
        <FocusHost />
      </MantineProvider>,
    );
    expect(shownMessages()).toBe(50);
    act(() => focusOn({ message: 104 }));
    expect(shownMessages()).toBe(120);
    expect(scrolled).toEqual(['104']);
    expect(document.querySelector('[data-focused]')?.getAttribute('data-message-index')).toBe('104');
    // the yellow frame lies inside the message's box, where the scroll area's edge cannot clip it
    const frame = (document.querySelector('[data-focused]') as HTMLElement).getAttribute('style') ?? '';
    expect(frame).toMatch(/outline: 2px solid/);
    expect(frame).toMatch(/outline-offset: -2px/);
    act(() => focusOn({ message: 104 }));
    expect(scrolled).toEqual(['104', '104']);
    spy.mockRestore();
  });

  it('in a scroll box of its own, scrolls only that box, so what lies above the transcript stays in sight', () => {
    const intoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const scrolledBoxes: string[] = [];
    // jsdom has no scrollTo on elements: record which box is asked to scroll
    const proto = window.HTMLElement.prototype as { scrollTo?: (options?: ScrollToOptions) => void };
    proto.scrollTo = function (this: HTMLElement) {
      scrolledBoxes.push(this.dataset.box ?? '?');
    };
    // jsdom lays nothing out: both boxes claim more content than room
    const height = vi.spyOn(window.HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(5000);
    const room = vi.spyOn(window.HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    useLocaleStore.setState({ locale: 'zh' });
    render(
      <MantineProvider env="test">
        <div data-box="modal" style={{ overflowY: 'auto' }}>
          <div data-box="transcript" style={{ overflowY: 'auto' }}>
            <FocusHost />
          </div>
        </div>
      </MantineProvider>,
    );
    act(() => focusOn({ message: 30 }));
    expect(scrolledBoxes).toEqual(['transcript']);
    expect(intoView).not.toHaveBeenCalled();
    for (const spy of [intoView, height, room]) spy.mockRestore();
    delete proto.scrollTo;
  });
});

describe('turnedBox', () => {
  it('swaps the sides at a quarter turn either way and scales them', () => {
    expect(turnedBox(480, 320, 1, 0)).toEqual({ width: 480, height: 320 });
    expect(turnedBox(480, 320, 1.1, 90)).toEqual({ width: 352, height: 528 });
    expect(turnedBox(480, 320, 0.5, -270)).toEqual({ width: 160, height: 240 });
    expect(turnedBox(480, 320, 2, 180)).toEqual({ width: 960, height: 640 });
  });
});

describe('segmentText', () => {
  it('cuts at every boundary and merges overlapping spans', () => {
    expect(
      segmentText('abcdefgh', [
        { start: 1, end: 4, label: 'x' },
        { start: 3, end: 6, label: 'y' },
        { start: 20, end: 30 },
      ]).map((s) => [s.text, s.labels]),
    ).toEqual([
      ['a', null],
      ['bc', ['x']],
      ['d', ['x', 'y']],
      ['ef', ['y']],
      ['gh', null],
    ]);
  });
});
