import { startModelServer } from '../models/model-server.js';

export interface ModelServerArgs {
  readonly port: number;
  readonly host: string;
  readonly apiKey: string | null;
}

/** `qcdesk model-server`: serves the built-in lexicon model over the classification protocol until stopped. */
export async function modelServerCommand(args: ModelServerArgs): Promise<number> {
  const server = await startModelServer(args);
  console.log(
    `qcdesk model-server: ${server.url}  (POST /classify, GET /health${args.apiKey ? ', Bearer key required' : ''})`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
