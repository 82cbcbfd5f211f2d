import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ClassifyResponse,
  lexiconModel,
  type ModelOperatorType,
  type ModelProvider,
  TASK_LABELS,
} from '@qcdesk/engine';

/** A request body larger than this is refused (413): 1000 texts of a few hundred characters fit easily. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Texts per request at most (400 above it): a client batches (the engine's default batch is 32). */
export const MAX_TEXTS = 1000;

export interface ModelServerOptions {
  /** 0 picks a free port */
  readonly port: number;
  /** default 127.0.0.1: a model server is for this machine or a private network, not the open internet */
  readonly host?: string;
  /** when set, every /classify call needs `Authorization: Bearer <apiKey>` */
  readonly apiKey?: string | null;
  /** the model served (default the built-in lexicon model) */
  readonly model?: ModelProvider;
}

export interface RunningModelServer {
  /** `http://<host>:<port>`, the AI platform's baseUrl */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

type Answer = { readonly status: number; readonly body: unknown };

const fail = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });

/**
 * `qcdesk model-server`: a model served over qcdesk's classification protocol (docs/model-protocol.md), the built-in
 * lexicon model by default, so that models can run out of the console's process and the HTTP client is exercised
 * against a real server. `GET /health`, `POST /classify {task, texts}` → `{labels}`; errors are `{code, message}`.
 */
export async function startModelServer(options: ModelServerOptions): Promise<RunningModelServer> {
  const model = options.model ?? lexiconModel;
  const host = options.host ?? '127.0.0.1';
  const key = options.apiKey ? Buffer.from(`Bearer ${options.apiKey}`) : null;

  const authorised = (req: IncomingMessage): boolean => {
    if (key === null) return true;
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === key.length && timingSafeEqual(given, key);
  };

  const route = async (req: IncomingMessage, body: Buffer | 'too large'): Promise<Answer> => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health') {
      if (req.method !== 'GET') return fail(405, 'METHOD_NOT_ALLOWED', 'GET /health');
      return { status: 200, body: { status: 'UP', model: model.id } };
    }
    if (path !== '/classify') return fail(404, 'NOT_FOUND', `no such path: ${path}`);
    if (req.method !== 'POST') return fail(405, 'METHOD_NOT_ALLOWED', 'POST /classify');
    if (!authorised(req)) return fail(401, 'UNAUTHORIZED', 'missing or wrong Authorization: Bearer <apiKey>');
    if (body === 'too large') return fail(413, 'TOO_LARGE', `the body exceeds ${MAX_BODY_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return fail(400, 'INVALID_JSON', 'the body is not JSON');
    }
    const { task, texts } = (json ?? {}) as { task?: unknown; texts?: unknown };
    if (typeof task !== 'string' || !Object.hasOwn(TASK_LABELS, task)) {
      return fail(400, 'INVALID_TASK', `task must be one of ${Object.keys(TASK_LABELS).join(', ')}`);
    }
    if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) {
      return fail(400, 'INVALID_TEXTS', 'texts must be an array of strings');
    }
    if (texts.length > MAX_TEXTS) return fail(400, 'TOO_MANY_TEXTS', `at most ${MAX_TEXTS} texts per request`);
    const labels = await model.classify(texts as string[], task as ModelOperatorType);
    const answer: ClassifyResponse = { labels };
    return { status: 200, body: answer };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      route(req, tooLarge ? 'too large' : Buffer.concat(chunks))
        .catch((error: unknown) => fail(500, 'INTERNAL', error instanceof Error ? error.message : String(error)))
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(body));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
