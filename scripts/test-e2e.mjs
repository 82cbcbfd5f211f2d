// npm run test:e2e — browser tests: Debian's Chromium (installed here when missing, never downloaded by a test tool)
// driven by playwright-core against the real server on a fresh PGlite data folder with the demo data.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('test:e2e: installing Debian chromium (apt-get) / 安装 chromium');
  const install = () => spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (!install()) throw new Error('could not install chromium with apt-get / 无法安装 chromium');
  }
}

async function waitUntilUp(url, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    try {
      const res = await fetch(`${url}v3/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer within 5 minutes');
}

ensureChromium();
execSync('npm run build -w @qcdesk/workbench', { stdio: 'inherit' });
const data = mkdtempSync(join(tmpdir(), 'qcdesk-e2e-'));
const port = String(18000 + Math.floor(Math.random() * 1000));
const url = `http://127.0.0.1:${port}/`;
const server = spawn('npm', ['start'], {
  env: {
    ...process.env,
    QCDESK_DATA: data,
    PORT: port,
    QCDESK_ADMIN_PASSWORD: 'e2e-admin-pass',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let status = 1;
try {
  await waitUntilUp(url, server);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'workbench/e2e/vitest.config.ts', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        QCDESK_E2E_URL: url,
        QCDESK_E2E_ADMIN_PASSWORD: 'e2e-admin-pass',
        CHROMIUM_PATH: CHROMIUM,
      },
    },
  );
  status = run.status ?? 1;
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  rmSync(data, { recursive: true, force: true });
}
process.exit(status);
