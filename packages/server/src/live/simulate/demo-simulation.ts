import { commandOrganization } from '../../cli/organization.js';
import type { ServerConfig } from '../../config/server-config.js';
import type { Database } from '../../db/connect.js';
// not tasks/demo-seeder.js: importing it here would change the order the demo's seeders register in
import { STC3_SESSIONS_FILE } from '../../seed/stc3-sessions-file.js';
import type { LiveFeed } from '../live-feed.js';
import { inProcessDriver } from './desk-drivers.js';
import { readDialogues } from './dialogues.js';
import { simulateDesk } from './simulate-desk.js';

/** The demo's gentle desk: 2 customers a minute in real time, the first six agents of the demo's groups. */
export const DEMO_SIMULATION = { arrivalsPerMinute: 2, agents: 6, speed: 1 } as const;

export interface RunningSimulation {
  /** stops sending and waits for the batch under way */
  stop(): Promise<void>;
}

/**
 * `npm start` with the demo data (QCDESK_SIMULATE not 0): a living desk in the demo organisation, the STC-3
 * dialogues replayed through the app's own feed (so its listeners see them) until the server stops. A failure is
 * said once and ends the simulation, never the server.
 */
export function startDemoSimulation(
  db: Database,
  feed: LiveFeed,
  config: ServerConfig,
  log: (line: string) => void,
): RunningSimulation | null {
  if (!config.demo || !config.simulate) return null;
  const abort = new AbortController();
  const started = Date.now();
  const run = (async () => {
    const organizationId = await commandOrganization(db, null);
    // the demo's sessions (QCDESK_SESSIONS, as the demo seed reads them)
    const dialogues = await readDialogues(process.env.QCDESK_SESSIONS || STC3_SESSIONS_FILE);
    if (abort.signal.aborted) return;
    log(
      `实时坐席台模拟 live desk simulation: ${DEMO_SIMULATION.arrivalsPerMinute} 位客户/分钟 customers a minute, ${DEMO_SIMULATION.agents} 位坐席 agents (QCDESK_SIMULATE=0 关闭 turns it off)`,
    );
    await simulateDesk({
      driver: inProcessDriver({ db, feed, organizationId }),
      dialogues,
      ...DEMO_SIMULATION,
      durationMs: null,
      seed: started % 2_147_483_647,
      runId: `demo-${started.toString(36)}`,
      signal: abort.signal,
    });
  })().catch((error: unknown) => {
    if (!abort.signal.aborted)
      log(
        `实时坐席台模拟已停止 live desk simulation stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
  });
  return {
    async stop() {
      abort.abort();
      await run;
    },
  };
}
