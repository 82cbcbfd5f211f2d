/** What users of a pool see, shared by the Node and browser entries and the main entry. */

export type { NearestMiss, WhyNot, WhyNotStage } from '../explain/why-not.js';
export type {
  ReplayAngle,
  ReplayCondition,
  ReplayResult,
  ReplayRule,
  ReplayStep,
} from '../replay/replay-session.js';
export {
  createWorkerPool,
  type Pool,
  type PoolAdapter,
  type PoolInspectOptions,
  type PoolOptions,
  type PoolOutput,
  type PoolProgress,
  type PoolStats,
  type SessionOutcome,
  type WorkerHandle,
} from './pool.js';
export type {
  LoadError,
  LoadInfo,
  LoadRequest,
  Result,
  SessionError,
  SessionErrorCode,
  SessionInputFormat,
  SessionOutputFormat,
} from './protocol.js';
export type { ReplayError, ReplayRequest } from './replay-call.js';
