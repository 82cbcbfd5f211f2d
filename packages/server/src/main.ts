/**
 * `npm start`: the console on one port — the /v3 API, the built workbench — on PGlite in ./.qcdesk/ by default or
 * PostgreSQL with DATABASE_URL.
 */
import { readServerConfig } from './config/server-config.js';
import { startServer } from './start-server.js';

const config = readServerConfig();
startServer(config).then(
  (server) => {
    const stop = (): void => {
      void server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    console.error(`qcdesk: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
