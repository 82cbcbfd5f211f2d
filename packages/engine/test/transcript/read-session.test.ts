import { describe, expect, it } from 'vitest';
import { messageText } from '../../src/transcript/message-text.js';
import { readSession } from '../../src/transcript/read-session.js';
import { SessionInputError } from '../../src/transcript/session-input-error.js';

const tim = (...items: unknown[]) => JSON.stringify(items);
const timText = (text: string) => ({ MsgType: 'TIMTextElem', MsgContent: { Text: text } });

/** The SessionInputError `fn` throws (fails the test when it throws nothing or something else). */
function sessionError(fn: () => unknown): SessionInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionInputError);
    return error as SessionInputError;
  }
  throw new Error('expected a SessionInputError, nothing was thrown');
}

describe('messageText', () => {
  it('reads a stored TIM text element', () => {
    expect(messageText(tim(timText('您好')))).toBe('您好');
  });

  it('reads a plain typed text item [{type:"text", text}]', () => {
    expect(messageText(tim({ type: 'text', text: '您好' }))).toBe('您好');
  });

  it('joins several text items of one message with \\n', () => {
    expect(messageText(tim(timText('第一行'), timText('第二行'), { type: 'text', text: '第三行' }))).toBe(
      '第一行\n第二行\n第三行',
    );
  });

  it('skips non-text items between text items', () => {
    const content = tim(
      timText('看图'),
      { MsgType: 'TIMImageElem', MsgContent: { ImageInfoArray: [] } },
      timText('就是这个'),
    );
    expect(messageText(content)).toBe('看图\n就是这个');
  });

  it('treats content that is not JSON as plain text', () => {
    expect(messageText('您好，请问有什么可以帮您')).toBe('您好，请问有什么可以帮您');
    expect(messageText('[微笑] 好的')).toBe('[微笑] 好的');
    expect(messageText('{这不是 JSON')).toBe('{这不是 JSON');
  });

  it('keeps JSON typed by a person (no typed items) as text', () => {
    expect(messageText('[1,2]')).toBe('[1,2]');
    expect(messageText('[]')).toBe('[]');
  });

  it('gives null for an image, file, video or custom message', () => {
    expect(messageText(tim({ MsgType: 'TIMImageElem', MsgContent: {} }))).toBeNull();
    expect(messageText(tim({ MsgType: 'TIMFileElem', MsgContent: {} }))).toBeNull();
    expect(messageText(tim({ MsgType: 'TIMVideoFileElem', MsgContent: {} }))).toBeNull();
    expect(messageText(tim({ MsgType: 'TIMCustomElem', MsgContent: { Data: '{}' } }))).toBeNull();
    expect(messageText(tim({ type: 'image', url: 'https://example.com/a.png' }))).toBeNull();
  });

  it('accepts content that is already parsed', () => {
    expect(messageText([timText('a'), timText('b')])).toBe('a\nb');
  });
});

describe('readSession', () => {
  it('reads the console stored form (senderRole, content JSON string, sendTime)', () => {
    const t = readSession({
      sessionId: 's1',
      messages: [
        { senderRole: 'CUSTOMER', content: tim(timText('在吗')), sendTime: 1_700_000_000_000, messageId: 'm1' },
        { senderRole: 'AGENT', content: tim({ type: 'text', text: '您好' }), sendTime: '2024-01-02T03:04:05Z' },
      ],
    });
    expect(t.sessionId).toBe('s1');
    expect(t.sentences).toEqual([
      { index: 0, role: 'CUSTOMER', text: '在吗', time: 1_700_000_000_000, messageId: 'm1' },
      { index: 1, role: 'AGENT', text: '您好', time: Date.parse('2024-01-02T03:04:05Z'), messageId: null },
    ]);
  });

  it('reads the plain {role, text} form', () => {
    const t = readSession({ sessionId: 7, messages: [{ role: 'AGENT', text: '您好' }] });
    expect(t.sessionId).toBe('7');
    expect(t.sentences).toEqual([{ index: 0, role: 'AGENT', text: '您好', time: null, messageId: null }]);
  });

  it('keeps a non-text message in its place with text null', () => {
    const t = readSession({
      sessionId: 's',
      messages: [
        { senderRole: 'CUSTOMER', content: tim(timText('看图')) },
        { senderRole: 'CUSTOMER', content: tim({ MsgType: 'TIMImageElem', MsgContent: {} }) },
        { senderRole: 'AGENT', content: tim(timText('收到')) },
      ],
    });
    expect(t.sentences.map((s) => [s.index, s.role, s.text])).toEqual([
      [0, 'CUSTOMER', '看图'],
      [1, 'CUSTOMER', null],
      [2, 'AGENT', '收到'],
    ]);
  });

  it('keeps other roles as given (upper-cased)', () => {
    const t = readSession({ sessionId: 's', messages: [{ role: 'system', text: '会话已转接' }] });
    expect(t.sentences[0]?.role).toBe('SYSTEM');
  });

  it('takes the fallback id when the session has none', () => {
    expect(readSession({ messages: [] }, 'fallback').sessionId).toBe('fallback');
  });

  it('names the exact path of a message without a sender role', () => {
    const error = sessionError(() =>
      readSession({
        sessionId: 's',
        messages: [{ role: 'AGENT', text: '您好' }, { role: 'CUSTOMER', text: '在吗' }, { text: '没有角色' }],
      }),
    );
    expect(error.path).toBe('$.messages[2].senderRole');
    expect(error.zh).not.toBe('');
    expect(error.en).not.toBe('');
  });

  it('refuses a blank sender role', () => {
    expect(sessionError(() => readSession({ messages: [{ role: '  ', text: 'x' }] })).path).toBe(
      '$.messages[0].senderRole',
    );
  });

  it('refuses a session that is not an object', () => {
    expect(sessionError(() => readSession([])).path).toBe('$');
    expect(sessionError(() => readSession(null)).path).toBe('$');
    expect(sessionError(() => readSession('会话')).path).toBe('$');
  });

  it('refuses messages that are not an array', () => {
    expect(sessionError(() => readSession({ sessionId: 's', messages: {} })).path).toBe('$.messages');
    expect(sessionError(() => readSession({ sessionId: 's' })).path).toBe('$.messages');
  });

  it('refuses a message that is not an object', () => {
    expect(sessionError(() => readSession({ messages: [{ role: 'AGENT', text: 'a' }, 'b'] })).path).toBe(
      '$.messages[1]',
    );
  });

  it('refuses a text that is not a string', () => {
    expect(sessionError(() => readSession({ messages: [{ role: 'AGENT', text: 5 }] })).path).toBe('$.messages[0].text');
  });

  it('refuses a message with neither content nor text', () => {
    expect(sessionError(() => readSession({ messages: [{ role: 'AGENT' }] })).path).toBe('$.messages[0]');
  });

  it('refuses a sessionId that is neither string nor number', () => {
    expect(sessionError(() => readSession({ sessionId: { x: 1 }, messages: [] })).path).toBe('$.sessionId');
  });

  it('puts path, English and Chinese into the message', () => {
    const error = sessionError(() => readSession({ messages: [{ role: 'AGENT' }] }));
    expect(error.message).toContain('$.messages[0]');
    expect(error.message).toContain(error.en);
    expect(error.message).toContain(error.zh);
  });
});
