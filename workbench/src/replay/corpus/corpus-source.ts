/**
 * Where a corpus comes from: an uploaded JSON Lines file (read as a stream, a bad line reported by its number and
 * skipped) or the server's sessions of a time range and line (/v3/chats/session/transcripts, a page at a time, the
 * next page fetched while the current one is inspected).
 */
import type { ApiClient } from '../../api/client';
import { type CorpusSession, judgementOf, type LineOutcome, parseSessionLine } from './corpus-session';
import { readJsonLines } from './jsonl-lines';

export interface CorpusSource {
  /** what the report names as its source: the file's name, or the range and line */
  readonly label: string;
  /** uploads go to the worker as JSON text, server sessions as values */
  readonly input: 'json' | 'value';
  /** where a sample session opens: the single replay by server session id, or by hand-over (uploads) */
  readonly kind: 'file' | 'server';
  /** the corpus's sessions and problems, in order */
  read(): AsyncIterable<LineOutcome>;
}

/** What a file source reads: a File, a Blob, or anything else with a byte stream and a size. */
export interface ByteFile {
  stream(): ReadableStream<Uint8Array>;
  readonly size: number;
  readonly name?: string;
}

/** An uploaded JSON Lines file. */
export function fileSource(file: ByteFile): CorpusSource {
  return {
    label: file.name ?? 'sessions.jsonl',
    input: 'json',
    kind: 'file',
    async *read() {
      let index = 0;
      for await (const line of readJsonLines(file.stream())) {
        const outcome = parseSessionLine(line, index, file.size);
        if (outcome.ok) index++;
        yield outcome;
      }
    },
  };
}

export interface ServerCorpusFilter {
  /** session start from / to: `YYYY-MM-DD` (a whole day) or `YYYY-MM-DD HH:mm:ss`, in the console's time zone */
  readonly timeFrom: string | null;
  readonly timeTo: string | null;
  readonly lineId: string | null;
}

/** A session as /v3/chats/session/transcripts answers it. */
interface TranscriptRecord {
  readonly sessionId: string;
  readonly humanQuality: unknown;
  readonly manualScore: number | null;
  readonly messages: readonly unknown[];
}
interface TranscriptPage {
  readonly records: readonly TranscriptRecord[];
  readonly total: number;
  readonly nextCursor: string | null;
}

export const SERVER_PAGE_SIZE = 250;

export function serverSource(client: ApiClient, filter: ServerCorpusFilter, label: string): CorpusSource {
  const page = (cursor: string | null) =>
    client.request<TranscriptPage>({
      path: '/v3/chats/session/transcripts',
      body: { ...filter, cursor, limit: SERVER_PAGE_SIZE },
    });
  return {
    label,
    input: 'value',
    kind: 'server',
    async *read() {
      let index = 0;
      let pending: Promise<TranscriptPage> | null = page(null);
      while (pending !== null) {
        const answer: TranscriptPage = await pending;
        // fetch ahead: the next page travels while this one is inspected
        pending = answer.nextCursor === null ? null : page(answer.nextCursor);
        pending?.catch(() => undefined);
        for (const record of answer.records) {
          const session: CorpusSession = {
            index,
            sessionId: record.sessionId,
            lineNumber: null,
            judgement: judgementOf(record as unknown as Record<string, unknown>),
            payload: { sessionId: record.sessionId, messages: record.messages },
            progressAt: answer.total > 0 ? Math.min(1, (index + 1) / answer.total) : 1,
          };
          index++;
          yield { ok: true, session };
        }
      }
    },
  };
}
