/**
 * An external call platform (the contact centre's telephony) as /v3/chats/cs-agent/pull sees it: something that
 * lists its agents. Each platform is one adapter; the console keeps agents matched by the platform's own id.
 */

/** One agent as a platform exports it. Only `platformAgentId` and a nick or name are required. */
export interface PlatformAgent {
  /** the agent's id on the platform: what pulls match on */
  readonly platformAgentId: string;
  readonly workNo: string | null;
  readonly name: string | null;
  readonly nick: string | null;
  readonly capacity: number | null;
  readonly softNumber: string | null;
  readonly sipNumber: string | null;
  readonly mobile: string | null;
}

/** One row of the export: the agent it describes, or why it could not be read. `line` counts from 1. */
export type PlatformRow =
  | { readonly line: number; readonly agent: PlatformAgent }
  | { readonly line: number; readonly platformAgentId: string | null; readonly error: string };

export interface CallPlatformAdapter {
  /** the platform's code, as agents' `callPlatform` and /pull's `platform` name it */
  readonly platform: string;
  /** every agent the platform exports now; throws CallPlatformError when the export cannot be read at all */
  readAgents(): Promise<PlatformRow[]>;
}

/** The export could not be read (missing file, unreachable URL, not CSV or JSON). */
export class CallPlatformError extends Error {
  override readonly name = 'CallPlatformError';
}
