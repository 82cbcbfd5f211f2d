/** A classification service on 127.0.0.1 for the remote model tests: real sockets, scripted answers. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

/** How the server answers one request: a status and a JSON body, or 'hang' (never answers), or 'drop' (resets). */
export type Reply = { status: number; body: unknown } | 'hang' | 'drop';

export interface ModelTestServer {
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  /** answers the next requests with these replies, then with `fallback` */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startModelTestServer(answer: (body: unknown, path: string) => Reply): Promise<ModelTestServer> {
  const seen: SeenRequest[] = [];
  const scripted: Reply[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
      const path = req.url ?? '/';
      seen.push({ path, authorization: req.headers.authorization, body });
      const reply = scripted.shift() ?? answer(body, path);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    script: (...replies) => scripted.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A free port with nothing listening on it (a server started and closed). */
export async function deadBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
