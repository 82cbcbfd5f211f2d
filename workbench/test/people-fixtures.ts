import type { CsAgent } from '@qcdesk/contracts';

/** The i-th stored agent (1-based), as the contract's record has it. */
export const agentRecord = (i: number): CsAgent & { name: string } => ({
  id: `A${i}`,
  workNo: `w${i}`,
  name: `坐席${i}号`,
  nick: `小${i}`,
  status: 'OFFLINE',
  userId: `U${i}`,
  capacity: 20,
  groups: [],
  receptions: 0,
  sessions: 3,
  version: 1,
});
