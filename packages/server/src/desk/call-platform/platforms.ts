import type { CallPlatformAdapter } from './adapter.js';
import { exportFileAdapter } from './export-file-adapter.js';

/**
 * The call platforms configured in QCDESK_CALL_PLATFORMS: `code=source` pairs separated by `;`, each source a file
 * path or an http(s) URL of the platform's agent export, e.g.
 * `QCDESK_CALL_PLATFORMS="tel-a=/data/tel-a-agents.csv;tel-b=https://tel-b.example/agents.json"`.
 * Read at each pull, so a changed setting needs no restart of the routes.
 */
export function configuredPlatforms(env: NodeJS.ProcessEnv = process.env): Map<string, CallPlatformAdapter> {
  const platforms = new Map<string, CallPlatformAdapter>();
  for (const entry of (env.QCDESK_CALL_PLATFORMS ?? '').split(';')) {
    const at = entry.indexOf('=');
    if (at <= 0) continue;
    const code = entry.slice(0, at).trim();
    const source = entry.slice(at + 1).trim();
    if (code !== '' && source !== '') platforms.set(code, exportFileAdapter(code, source));
  }
  return platforms;
}
