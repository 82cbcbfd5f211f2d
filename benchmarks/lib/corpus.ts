import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readSession } from '../../packages/engine/src/index.js';
import { linesOfFile } from '../../packages/server/src/ingest/read-lines-file.js';
import { STC3_SESSIONS_FILE } from '../../packages/server/src/seed/stc3-sessions-file.js';
import { CACHE_DIR, ensureDir, log, Rng } from './common.js';

/** Bump when the generator changes, so stale caches are rebuilt. */
const VERSION = 'v1';
const SEED = 20261122;
const HAN = /^\p{Script=Han}+$/u;

export interface Profile {
  readonly name: 'full' | 'quick';
  /** target UTF-8 size of the dense corpus */
  readonly denseBytes: number;
  readonly sessions: number;
}

export const FULL: Profile = { name: 'full', denseBytes: 64 * 1024 * 1024, sessions: 100_000 };
export const QUICK: Profile = { name: 'quick', denseBytes: 8 * 1024 * 1024, sessions: 10_000 };

export const WORD_SIZES = [1_000, 10_000, 100_000] as const;

export interface Corpora {
  readonly dir: string;
  readonly densePath: string;
  readonly wordPaths: Record<number, string>;
  readonly sparseWordsPath: string;
  readonly sessionsPath: string;
}

interface SourceMessage {
  readonly role: string;
  readonly content: unknown;
  readonly text: string | null;
}

interface Source {
  readonly sessions: { roles: string[] }[];
  readonly byRole: Map<string, SourceMessage[]>;
  readonly utterances: string[];
}

async function readSource(): Promise<Source> {
  const sessions: { roles: string[] }[] = [];
  const byRole = new Map<string, SourceMessage[]>();
  const utterances: string[] = [];
  for await (const line of linesOfFile(STC3_SESSIONS_FILE)) {
    if (line.trim() === '') continue;
    const raw = JSON.parse(line) as { messages: { senderRole: string; content: unknown }[] };
    const transcript = readSession(raw);
    const roles: string[] = [];
    raw.messages.forEach((m, i) => {
      const text = transcript.sentences[i]?.text ?? null;
      roles.push(m.senderRole);
      let list = byRole.get(m.senderRole);
      if (list === undefined) {
        list = [];
        byRole.set(m.senderRole, list);
      }
      list.push({ role: m.senderRole, content: m.content, text });
      if (text !== null && text.length > 0) utterances.push(text.replace(/\n/g, ' '));
    });
    sessions.push({ roles });
  }
  return { sessions, byRole, utterances };
}

/** Han characters of the corpus by decreasing frequency. */
function commonHan(utterances: readonly string[], count: number): string[] {
  const freq = new Map<string, number>();
  for (const u of utterances) for (const ch of u) if (HAN.test(ch)) freq.set(ch, (freq.get(ch) ?? 0) + 1);
  return [...freq.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([ch]) => ch);
}

function sampleSubstring(rng: Rng, utterances: readonly string[]): string | null {
  const u = rng.pick(utterances);
  const len = 2 + rng.int(3);
  if (u.length < len) return null;
  const at = rng.int(u.length - len + 1);
  const s = u.slice(at, at + len);
  return HAN.test(s) ? s : null;
}

function randomHan(rng: Rng, chars: readonly string[], min: number, max: number): string {
  const len = min + rng.int(max - min + 1);
  let s = '';
  for (let i = 0; i < len; i++) s += rng.pick(chars);
  return s;
}

/** Half substrings sampled from the corpus (frequent), half random strings of common Han characters (mostly absent). */
function keywordList(size: number, utterances: readonly string[], common: readonly string[], seed: number): string[] {
  const rng = new Rng(seed);
  const words = new Set<string>();
  while (words.size < size / 2) {
    const s = sampleSubstring(rng, utterances);
    if (s !== null) words.add(s);
  }
  while (words.size < size) words.add(randomHan(rng, common, 2, 4));
  return rng.shuffle([...words]);
}

/**
 * A censor-like list: 10 k words that almost never occur (random 3–4 character strings of common Han
 * characters absent from the source text) plus a few 4-grams that occur exactly once in the source, chosen so
 * that the dense corpus has about one match per 10 k characters.
 */
function sparseList(utterances: readonly string[], common: readonly string[], baseChars: number): string[] {
  const rng = new Rng(SEED + 7);
  const grams = new Map<string, number>();
  for (const u of utterances) {
    for (let n = 3; n <= 4; n++) {
      for (let i = 0; i + n <= u.length; i++) {
        const g = u.slice(i, i + n);
        grams.set(g, (grams.get(g) ?? 0) + 1);
      }
    }
  }
  const planted = new Set<string>();
  const want = Math.max(1, Math.round(baseChars / 10_000));
  let guard = 0;
  while (planted.size < want && guard++ < 1_000_000) {
    const u = rng.pick(utterances);
    if (u.length < 4) continue;
    const at = rng.int(u.length - 3);
    const g = u.slice(at, at + 4);
    if (HAN.test(g) && grams.get(g) === 1) planted.add(g);
  }
  const words = new Set<string>(planted);
  while (words.size < 10_000) {
    const w = randomHan(rng, common, 3, 4);
    if (!grams.has(w)) words.add(w);
  }
  return rng.shuffle([...words]);
}

function writeLines(path: string, lines: readonly string[]): void {
  writeFileSync(path, `${lines.join('\n')}\n`);
}

async function writeDense(path: string, utterances: readonly string[], bytes: number): Promise<void> {
  const rng = new Rng(SEED + 1);
  const out = createWriteStream(path);
  let written = 0;
  while (written < bytes) {
    const order = rng.shuffle([...utterances]);
    let chunk = '';
    for (const u of order) {
      chunk += `${u}\n`;
      if (chunk.length > 1 << 16) {
        written += Buffer.byteLength(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        chunk = '';
        if (written >= bytes) break;
      }
    }
    if (chunk.length > 0 && written < bytes) {
      written += Buffer.byteLength(chunk);
      out.write(chunk);
    }
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

/** Sessions grown from the STC-3 ones: each takes a source session's role sequence and fills every slot with a random message of that role. */
async function writeSessions(path: string, source: Source, count: number): Promise<void> {
  const rng = new Rng(SEED + 2);
  const out = createWriteStream(path);
  let chunk = '';
  for (let s = 0; s < count; s++) {
    const { roles } = rng.pick(source.sessions);
    const sessionId = `bench-${s}`;
    const base = 1_700_000_000_000 + s * 3_600_000;
    const messages = roles.map((role, i) => {
      const m = rng.pick(source.byRole.get(role)!);
      return {
        messageId: `${sessionId}-${i + 1}`,
        sessionId,
        chatId: sessionId,
        senderRole: role,
        senderNick: role === 'AGENT' ? '客服' : '客户',
        sendTime: base + (i + 1) * 20_000,
        content: m.content,
      };
    });
    chunk += `${JSON.stringify({ sessionId, chatId: sessionId, source: 'bench', messages })}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = '';
    }
  }
  out.write(chunk);
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
}

/** Builds (or reuses) every corpus of a profile under benchmarks/.cache/<profile>-<version>/. */
export async function buildCorpora(profile: Profile): Promise<Corpora> {
  const dir = ensureDir(resolve(CACHE_DIR, `${profile.name}-${VERSION}`));
  const corpora: Corpora = {
    dir,
    densePath: resolve(dir, 'dense.txt'),
    wordPaths: Object.fromEntries(WORD_SIZES.map((n) => [n, resolve(dir, `words-${n / 1000}k.txt`)])),
    sparseWordsPath: resolve(dir, 'words-sparse.txt'),
    sessionsPath: resolve(dir, `sessions-${profile.sessions}.jsonl`),
  };
  const done = resolve(dir, 'DONE');
  if (existsSync(done)) return corpora;
  log(`corpus: generating ${profile.name} corpora in ${dir}`);
  const source = await readSource();
  const { utterances } = source;
  const common = commonHan(utterances, 2500);
  WORD_SIZES.forEach((n, i) => {
    writeLines(corpora.wordPaths[n]!, keywordList(n, utterances, common, SEED + 10 + i));
  });
  const baseChars = utterances.reduce((sum, u) => sum + u.length + 1, 0);
  writeLines(corpora.sparseWordsPath, sparseList(utterances, common, baseChars));
  await writeDense(corpora.densePath, utterances, profile.denseBytes);
  await writeSessions(corpora.sessionsPath, source, profile.sessions);
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return corpora;
}

export function readWords(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((w) => w !== '');
}

/** The text split at line ends into chunks of about `size` characters (no keyword spans a line end). */
export function chunksOf(text: string, size = 1 << 16): string[] {
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    if (end < text.length) {
      const nl = text.indexOf('\n', end);
      end = nl < 0 ? text.length : nl + 1;
    }
    chunks.push(text.slice(at, end));
    at = end;
  }
  return chunks;
}
