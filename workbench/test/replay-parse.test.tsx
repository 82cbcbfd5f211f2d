import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonTranscript, parseTypedTranscript } from '../src/replay/transcript/parse-transcript';

const problemOf = (outcome: ReturnType<typeof parseTypedTranscript>) => (outcome.ok ? null : outcome.problem);

describe('typed transcripts: one message per line', () => {
  it('reads 客服/客户 and AGENT/CUSTOMER prefixes, full-width colons, blank lines and picture messages', () => {
    const outcome = parseTypedTranscript('客户: 我要投诉\n\n客服：非常抱歉\nagent: OK\nCUSTOMER:[图片]');
    expect(outcome).toEqual({
      ok: true,
      sessions: [
        {
          sessionId: 'typed',
          messages: [
            { role: 'CUSTOMER', text: '我要投诉' },
            { role: 'AGENT', text: '非常抱歉' },
            { role: 'AGENT', text: 'OK' },
            { role: 'CUSTOMER', content: JSON.stringify([{ MsgType: 'TIMImageElem', MsgContent: {} }]) },
          ],
        },
      ],
    });
  });

  it('names the line without a role, in Chinese and English', () => {
    expect(problemOf(parseTypedTranscript('客户: 你好\n\n店员: 您好'))).toEqual({
      line: 3,
      zh: '第 3 行：缺少角色，每行应以“客服:”或“客户:”（或 AGENT: / CUSTOMER:）开头',
      en: 'line 3: no role: start each line with "客服:" or "客户:" (or AGENT: / CUSTOMER:)',
    });
    expect(problemOf(parseTypedTranscript('就一句话'))?.line).toBe(1);
  });

  it('names the line of an empty message, and refuses an empty transcript', () => {
    expect(problemOf(parseTypedTranscript('客户: 你好\n客服:   '))).toMatchObject({
      line: 2,
      zh: '第 2 行：消息内容为空',
    });
    expect(problemOf(parseTypedTranscript('  \n '))).toEqual({
      line: null,
      zh: '没有任何消息',
      en: 'there are no messages',
    });
  });

  it('keeps every typed message, in order, with its role (property)', () => {
    const line = fc.record({
      role: fc.constantFrom('AGENT', 'CUSTOMER'),
      prefix: fc.constantFrom('客服', '客户', 'AGENT', 'CUSTOMER', 'agent', 'customer'),
      text: fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((t) => t.trim() !== '' && !/[\r\n]/.test(t) && !/^\[(图片|image)\]$/i.test(t.trim())),
      colon: fc.constantFrom(':', '：', ': '),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        const roleOf = (p: string) => (p === '客服' || p.toUpperCase() === 'AGENT' ? 'AGENT' : 'CUSTOMER');
        const outcome = parseTypedTranscript(lines.map((l) => `${l.prefix}${l.colon}${l.text}`).join('\n'));
        expect(outcome.ok).toBe(true);
        if (outcome.ok) {
          expect(outcome.sessions[0]!.messages).toEqual(
            lines.map((l) => ({ role: roleOf(l.prefix), text: l.text.trim() })),
          );
        }
      }),
    );
  });
});

describe('pasted JSON and JSON Lines', () => {
  const stc3Line = JSON.stringify({
    sessionId: 'stc3-1',
    messages: [
      {
        senderRole: 'CUSTOMER',
        sendTime: 1,
        content: JSON.stringify([{ MsgType: 'TIMTextElem', MsgContent: { Text: '网速太慢' } }]),
      },
    ],
  });

  it('reads a session, an array of messages, and JSON Lines of sessions (the STC-3 export)', () => {
    expect(parseJsonTranscript(stc3Line)).toMatchObject({ ok: true, sessions: [{ sessionId: 'stc3-1' }] });
    expect(parseJsonTranscript('[{"role":"AGENT","text":"您好"}]')).toMatchObject({
      ok: true,
      sessions: [{ sessionId: 'pasted', messages: [{ role: 'AGENT', text: '您好' }] }],
    });
    const file = `${stc3Line}\n${stc3Line.replace('stc3-1', 'stc3-2')}\n`;
    const outcome = parseJsonTranscript(file);
    expect(outcome.ok && outcome.sessions.map((s) => s.sessionId)).toEqual(['stc3-1', 'stc3-2']);
  });

  it('reads JSON Lines of messages as one session', () => {
    const outcome = parseJsonTranscript('{"role":"CUSTOMER","text":"在吗"}\n{"role":"AGENT","text":"在的"}');
    expect(outcome.ok && outcome.sessions[0]!.messages).toHaveLength(2);
  });

  it('names the JSON Lines line that does not parse', () => {
    const problem = problemOf(parseJsonTranscript(`${stc3Line}\n{"sessionId": "x", "messages": [}\n`));
    expect(problem?.line).toBe(2);
    expect(problem?.zh).toMatch(/^第 2 行：不是有效的 JSON/);
    expect(problem?.en).toMatch(/^line 2: not valid JSON/);
  });

  it('names the line of a message without a role, and a line of another kind than the first', () => {
    expect(problemOf(parseJsonTranscript('{"role":"CUSTOMER","text":"a"}\n{"text":"b"}'))).toMatchObject({
      line: 2,
      zh: '第 2 行：消息缺少角色（role 或 senderRole）',
      en: 'line 2: the message has no role (role or senderRole)',
    });
    expect(problemOf(parseJsonTranscript(`${stc3Line}\n{"role":"AGENT","text":"b"}`))).toMatchObject({ line: 2 });
    expect(
      problemOf(parseJsonTranscript(`{"sessionId":"s","messages":[{"role":"AGENT"}]}\n${stc3Line}`)),
    ).toMatchObject({
      line: 1,
      zh: '第 1 行：第 1 条消息缺少 text 或 content',
    });
  });

  it('names the line of a syntax error in one JSON document', () => {
    const problem = problemOf(parseJsonTranscript('{\n  "sessionId": "s",\n  "messages": [,]\n}'));
    expect(problem?.line).toBe(3);
  });

  it('refuses what is neither a session nor messages', () => {
    expect(problemOf(parseJsonTranscript('{"hello": 1}'))?.en).toContain('expected a session');
    expect(problemOf(parseJsonTranscript(''))?.zh).toBe('没有任何消息');
  });
});
