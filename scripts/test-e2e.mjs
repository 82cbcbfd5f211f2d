// npm run test:e2e — browser tests: Debian's Chromium (installed here when missing, never downloaded by a test tool)
// driven by playwright-core against the real server on a fresh PGlite data folder with the demo data.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian packages with apt-get (after `apt-get update` when the first try fails). */
function aptInstall(packages) {
  console.log(`test:e2e: installing ${packages.join(', ')} (apt-get) / 安装 ${packages.join(', ')}`);
  const install = () => spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (!install()) throw new Error(`could not install ${packages.join(', ')} with apt-get / 无法安装`);
  }
}

/** A font with Chinese glyphs, or the screenshots show boxes where the console's words are. */
function hasChineseFont() {
  const list = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return list.status === 0 && list.stdout.trim() !== '';
}

function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!hasChineseFont()) missing.push('fonts-wqy-microhei');
  if (missing.length > 0) aptInstall(missing);
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
    QCDESK_DEMO_PASSWORD: 'e2e-demo-pass',
    // the demo's AI platform points at the model server this start runs: a port of its own, beside any other qcdesk
    QCDESK_MODEL_SERVER_PORT: String(Number(port) + 1000),
    DATABASE_URL: '',
    REDIS_URL: '',
    // no living desk by default: the lists' counts stay as seeded; a monitor test drives one itself (qcdesk simulate)
    QCDESK_SIMULATE: process.env.QCDESK_SIMULATE ?? '0',
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
        QCDESK_E2E_DEMO_PASSWORD: 'e2e-demo-pass',
        CHROMIUM_PATH: CHROMIUM,
      },
    },
  );
  status = run.status ?? 1;
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  // let the server close its store before the data folder goes
  if (server.exitCode === null && server.signalCode === null)
    await Promise.race([new Promise((r) => server.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
  rmSync(data, { recursive: true, force: true });
}
process.exit(status);
