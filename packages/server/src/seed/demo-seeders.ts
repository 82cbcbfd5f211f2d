import type { ServerConfig } from '../config/server-config.js';
import type { Database } from '../db/connect.js';

/** What the first start made, for the areas that add their own demo data (sessions, tasks, results). */
export interface DemoSeedContext {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly organizationId: number;
  /** user ids of the demo people; `agent.agentId` is the agent whose sessions and results he sees */
  readonly users: {
    readonly admin: number;
    readonly inspector: number;
    readonly supervisor: number;
    readonly agent: { readonly userId: number; readonly agentId: number };
  };
  /** demo rule keys by their fixture id (`demo-greeting-missing` → 12) */
  readonly rules: ReadonlyMap<string, number>;
  /** the demo schemes: the active AI one, the draft AI one, the PERSON one */
  readonly schemes: { readonly activeAi: number; readonly draftAi: number; readonly person: number };
  readonly log: (line: string) => void;
  /** when the seed began (the organisation's creation): a seed finished by a later start dresses data the same */
  readonly seededAt: Date;
}

/** One step of the demo seed, recorded as done under its `step` name when it returns. */
export interface DemoSeeder {
  readonly step: string;
  /**
   * true: the step runs in one transaction (its context's `db` is the transaction), so an interrupted first start
   * leaves all or nothing of it. false: the step must be idempotent itself, as it runs again in full after an
   * interruption (long steps: an import is idempotent on sessionId, a task run resumes from its checkpoint).
   */
  readonly atomic: boolean;
  readonly seed: (context: DemoSeedContext) => Promise<void>;
}

/**
 * Run in order after the QC configuration is seeded, on an empty store, or to finish a first start that was
 * interrupted. Other areas append their seeder here (`demoSeeders.push({step, atomic, seed})`) from a module that
 * seed-store.ts imports.
 */
export const demoSeeders: DemoSeeder[] = [];
