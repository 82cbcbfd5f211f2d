/**
 * The transcripts a tester can bring without the server: pasted or uploaded JSON / JSON Lines (sessions in the shape
 * of the STC-3 export, or bare messages), and a transcript typed one message per line (`客服: 您好`). Problems name
 * the line, in Chinese and English; the engine reads what passes (its own SessionInputError still guards the rest).
 */

/** One session to replay: the messages go to the engine as they are (stored `senderRole`/`content` or plain `role`/`text`). */
export interface ReplaySession {
  sessionId: string;
  messages: readonly unknown[];
}

export interface TranscriptProblem {
  /** 1-based line of the input, when the problem has one */
  line: number | null;
  zh: string;
  en: string;
}

export type ParseOutcome = { ok: true; sessions: ReplaySession[] } | { ok: false; problem: TranscriptProblem };

const fail = (line: number | null, zh: string, en: string): ParseOutcome => ({ ok: false, problem: { line, zh, en } });
const atLine = (line: number | null, zh: string, en: string): [string, string] =>
  line === null ? [zh, en] : [`第 ${line} 行：${zh}`, `line ${line}: ${en}`];

const NO_MESSAGES: TranscriptProblem = { line: null, zh: '没有任何消息', en: 'there are no messages' };

/** Role words of the typed form; anything else before the colon is refused, so a typo cannot become a third role. */
const TYPED_ROLES: Record<string, 'AGENT' | 'CUSTOMER'> = {
  客服: 'AGENT',
  坐席: 'AGENT',
  agent: 'AGENT',
  客户: 'CUSTOMER',
  顾客: 'CUSTOMER',
  customer: 'CUSTOMER',
};
/** A typed message that stands for a picture: it keeps its place in the session but has no text. */
const IMAGE_WORDS = new Set(['[图片]', '[image]']);
const IMAGE_CONTENT = JSON.stringify([{ MsgType: 'TIMImageElem', MsgContent: {} }]);

/**
 * `客服: 您好` / `客户: 我要投诉` (or `AGENT:` / `CUSTOMER:`, full-width colon too), one message per line; blank lines are
 * skipped; `[图片]` is a picture message.
 */
export function parseTypedTranscript(text: string, sessionId = 'typed'): ParseOutcome {
  const messages: unknown[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const match = /^([^:：]{1,12})[:：]\s*(.*)$/.exec(line);
    const role = match ? TYPED_ROLES[match[1]!.trim().toLowerCase()] : undefined;
    if (!match || role === undefined) {
      return fail(
        i + 1,
        ...atLine(
          i + 1,
          '缺少角色，每行应以“客服:”或“客户:”（或 AGENT: / CUSTOMER:）开头',
          'no role: start each line with "客服:" or "客户:" (or AGENT: / CUSTOMER:)',
        ),
      );
    }
    const said = match[2]!.trim();
    if (said === '') return fail(i + 1, ...atLine(i + 1, '消息内容为空', 'the message is empty'));
    messages.push(IMAGE_WORDS.has(said.toLowerCase()) ? { role, content: IMAGE_CONTENT } : { role, text: said });
  }
  if (messages.length === 0) return { ok: false, problem: NO_MESSAGES };
  return { ok: true, sessions: [{ sessionId, messages }] };
}

/**
 * JSON (a session `{sessionId, messages}`, an array of sessions, or an array of messages) or JSON Lines (one session
 * per line, as the STC-3 export, or one message per line).
 */
export function parseJsonTranscript(text: string, fallbackId = 'pasted'): ParseOutcome {
  if (text.trim() === '') return { ok: false, problem: NO_MESSAGES };
  let whole: unknown;
  let wholeError: unknown = null;
  try {
    whole = JSON.parse(text);
  } catch (error) {
    wholeError = error;
  }
  if (wholeError === null) return fromValue(whole, fallbackId);
  const lines = text.split(/\r?\n/);
  const filled = lines.map((line, i) => ({ line: i + 1, text: line.trim() })).filter((l) => l.text !== '');
  // A first line that does not parse alone means one document over many lines, not JSON Lines.
  if (filled.length <= 1 || !parses(filled[0]!.text)) {
    const line = filled.length === 0 ? null : lineOfError(text, wholeError);
    return fail(
      line,
      ...atLine(line, `不是有效的 JSON（${errorText(wholeError)}）`, `not valid JSON (${errorText(wholeError)})`),
    );
  }
  return fromJsonLines(filled, fallbackId);
}

function fromValue(value: unknown, fallbackId: string): ParseOutcome {
  if (isSession(value)) return sessionsOf([{ value, line: null }], fallbackId);
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, problem: NO_MESSAGES };
    if (value.every(isSession))
      return sessionsOf(
        value.map((v) => ({ value: v, line: null })),
        fallbackId,
      );
    const problem = checkMessages(value, null);
    return problem ?? { ok: true, sessions: [{ sessionId: fallbackId, messages: value }] };
  }
  if (isObject(value) && ('role' in value || 'senderRole' in value)) {
    const problem = checkMessages([value], null);
    return problem ?? { ok: true, sessions: [{ sessionId: fallbackId, messages: [value] }] };
  }
  return fail(
    null,
    '应为会话（含 messages 数组）、会话数组或消息数组',
    'expected a session (with a messages array), an array of sessions or an array of messages',
  );
}

function fromJsonLines(lines: { line: number; text: string }[], fallbackId: string): ParseOutcome {
  const values: { value: unknown; line: number }[] = [];
  for (const { line, text } of lines) {
    try {
      values.push({ value: JSON.parse(text), line });
    } catch (error) {
      return fail(
        line,
        ...atLine(line, `不是有效的 JSON（${errorText(error)}）`, `not valid JSON (${errorText(error)})`),
      );
    }
  }
  // The first line decides: a file of sessions, or the messages of one session.
  const ofSessions = isSession(values[0]!.value);
  for (const { value, line } of values) {
    if (isSession(value) !== ofSessions) {
      return fail(
        line,
        ...atLine(
          line,
          ofSessions ? '应为会话（含 messages 数组），与第一行一致' : '应为一条消息，与第一行一致',
          ofSessions
            ? 'expected a session (with a messages array), as on the first line'
            : 'expected a message, as on the first line',
        ),
      );
    }
  }
  if (ofSessions) return sessionsOf(values, fallbackId);
  for (const { value, line } of values) {
    const problem = checkMessages([value], line, true);
    if (problem) return problem;
  }
  return { ok: true, sessions: [{ sessionId: fallbackId, messages: values.map((v) => v.value) }] };
}

function sessionsOf(values: { value: unknown; line: number | null }[], fallbackId: string): ParseOutcome {
  const sessions: ReplaySession[] = [];
  for (const [k, { value, line }] of values.entries()) {
    const session = value as { sessionId?: unknown; id?: unknown; messages: unknown[] };
    const problem = checkMessages(session.messages, line);
    if (problem) return problem;
    const id = session.sessionId ?? session.id;
    const sessionId = typeof id === 'string' || typeof id === 'number' ? String(id) : `${fallbackId}-${k + 1}`;
    sessions.push({ sessionId, messages: session.messages });
  }
  return { ok: true, sessions };
}

/** The first message without a role or without text/content, named by its line and its number in the session. */
function checkMessages(messages: readonly unknown[], line: number | null, lineIsMessage = false): ParseOutcome | null {
  if (messages.length === 0) return fail(line, ...atLine(line, NO_MESSAGES.zh, NO_MESSAGES.en));
  // a JSON Lines message line is "the message"; inside a session, the message is named by its number
  const single = lineIsMessage;
  for (const [k, message] of messages.entries()) {
    const [zh, en] = single ? ['消息', 'the message'] : [`第 ${k + 1} 条消息`, `message ${k + 1}`];
    if (!isObject(message)) return fail(line, ...atLine(line, `${zh}不是 JSON 对象`, `${en} is not a JSON object`));
    const role = message.senderRole ?? message.role;
    if (typeof role !== 'string' || role.trim() === '') {
      return fail(
        line,
        ...atLine(line, `${zh}缺少角色（role 或 senderRole）`, `${en} has no role (role or senderRole)`),
      );
    }
    if (!('text' in message) && !('content' in message)) {
      return fail(line, ...atLine(line, `${zh}缺少 text 或 content`, `${en} has neither text nor content`));
    }
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isSession(value: unknown): value is { messages: unknown[] } {
  return isObject(value) && Array.isArray(value.messages);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The line of a JSON.parse error. Engines word it differently: Firefox names the line, V8 a position or, for an
 * unexpected token, a snippet of about ten characters either side, which is looked up in the text.
 */
function lineOfError(text: string, error: unknown): number {
  const message = errorText(error);
  const lineOf = (offset: number) => text.slice(0, Math.max(0, offset)).split('\n').length;
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return lineOf(Number(position[1]));
  const snippet = /^Unexpected token '(.+?)', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (snippet) {
    const [, token, cut, around] = snippet;
    const at = text.indexOf(around!);
    if (at >= 0) return lineOf(at + (cut ? 10 : Math.max(0, around!.indexOf(token!))));
  }
  if (/end of JSON input/.test(message)) return text.trimEnd().split('\n').length;
  return 1;
}
