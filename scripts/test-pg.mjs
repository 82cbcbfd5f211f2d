// npm run test:pg — the server's test suite again, on PostgreSQL (DATABASE_URL) instead of the embedded PGlite.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.error('test:pg needs DATABASE_URL (a PostgreSQL the tests may create databases in) / 需要设置 DATABASE_URL');
  process.exit(2);
}
const run = spawnSync('npx', ['vitest', 'run', 'packages/server'], { stdio: 'inherit', env: process.env });
process.exit(run.status ?? 1);
