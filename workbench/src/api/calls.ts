import {
  type AppOption,
  agentAlarmSchema,
  appOptionSchema,
  appTopBodySchema,
  type CallSchemas,
  type CensorJobProgress,
  type CensorJobStarted,
  censorJobProgressSchema,
  censorJobStartedSchema,
  censorLogExportBodySchema,
  censorLogFilterSchema,
  censorLogPageSchema,
  censorRescanBodySchema,
  crudCallSchemas,
  csGroupOptionSchema,
  type deleteAnswerSchema,
  type deleteBodySchema,
  ENTITY_CONTRACTS,
  type EntityContract,
  type GrantPage,
  grantApplyAnswerSchema,
  grantApplyBodySchema,
  grantPageBodySchema,
  grantPageSchema,
  type idsAnswerSchema,
  type ModelClassify,
  type ModelClassifyAnswer,
  modelClassifyAnswerSchema,
  modelClassifySchema,
  monitorAgentDetailSchema,
  monitorAgentFilterSchema,
  monitorAgentPageSchema,
  monitorChannelListSchema,
  monitorGroupFilterSchema,
  monitorGroupPageSchema,
  monitorQueueBodySchema,
  monitorQueueSchema,
  monitorSessionSchema,
  monitorTodayDataSchema,
  monitorTodaySessionPageSchema,
  type QcOverview,
  qcOverviewQuerySchema,
  qcOverviewSchema,
  type removeBodySchema,
  type SpaceKind,
  type StaffOption,
  savedAnswerSchema,
  spaceKindSchema,
  spaceKindsQuerySchema,
  staffOptionSchema,
  staffTopBodySchema,
  type statusAnswerSchema,
  type statusBodySchema,
  type TaskKindSpaceAnswer,
  type TaskKindStatesAnswer,
  type TicketDetail,
  type TicketOptions,
  taskKindNodeRemoveSchema,
  taskKindNodeSaveSchema,
  taskKindSpaceAnswerSchema,
  taskKindSpaceBodySchema,
  taskKindStatesAnswerSchema,
  taskKindStatesBodySchema,
  ticketAssignSchema,
  ticketClaimSchema,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketDetailQuerySchema,
  ticketDetailSchema,
  ticketFilterSchema,
  ticketMoveSchema,
  ticketOptionsSchema,
  ticketPageSchema,
  transferAgentSchema,
  transferAnswerSchema,
  transferBodySchema,
  type UploadConfig,
  uploadConfigQuerySchema,
  uploadConfigSchema,
} from '@qcdesk/contracts';
import type { z } from 'zod';
import type { ApiClient, QueryValue } from './client';

/** One call's types: what its body and query take, what it answers. */
export interface CallTypes {
  body: unknown;
  query: Record<string, QueryValue> | undefined;
  answer: unknown;
}

/** A page or list row: the fields asked for (and always the id), as the contracts' `fieldsRecordSchema`. */
type Row<C extends EntityContract> = Partial<z.output<C['record']>> & { id: string };

/** The calls an entity contract generates, by path, typed by its own schemas. */
export type CrudCallTypes<C extends EntityContract> = {
  [P in `${C['base']}/page`]: {
    body: z.input<C['filter']>;
    query: { page: number; size: number };
    answer: { records: Row<C>[]; total: number; page: number; size: number };
  };
} & { [P in `${C['base']}/list`]: { body: z.input<C['filter']>; query: undefined; answer: Row<C>[] } } & {
  [P in `${C['base']}/detail`]: { body: undefined; query: Record<string, string>; answer: z.output<C['detail']> };
} & {
  [P in `${C['base']}/create` | `${C['base']}/change`]: {
    body: z.input<C['save']>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
} & {
  [P in `${C['base']}/${C['deletePath']}`]: C['softDelete'] extends true
    ? C['keys'] extends { trash: string }
      ? TrashMoveCall
      : { body: z.input<typeof deleteBodySchema>; query: undefined; answer: z.output<typeof deleteAnswerSchema> }
    : { body: z.input<typeof removeBodySchema>; query: undefined; answer: z.output<typeof idsAnswerSchema> };
} & (C['keys'] extends { trash: string }
    ? { [P in `${C['base']}/restore` | `${C['base']}/empty`]: TrashMoveCall }
    : unknown) & {
    [P in `${C['base']}/status`]: {
      body: z.input<typeof statusBodySchema>;
      query: undefined;
      answer: z.output<typeof statusAnswerSchema>;
    };
  };

/** A trash call of a contract whose restore and empty have their own key: `{ids}` (and its own `deleted`, if sent). */
type TrashMoveCall = {
  body: { ids: string[]; deleted?: z.input<typeof deleteBodySchema>['deleted'] };
  query: undefined;
  answer: z.output<typeof deleteAnswerSchema>;
};

type Contracts = typeof ENTITY_CONTRACTS;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Calls of no entity contract, each typed by its own schemas (and listed in API_CALL_SCHEMAS below). */
interface OtherCalls {
  '/v3/chats/ai-result/overview': {
    body: z.input<typeof qcOverviewQuerySchema>;
    query: undefined;
    answer: QcOverview;
  };
  // the sensitive-word log: its page, and its rescan and export jobs with their progress
  '/v3/system/censor-log/page': {
    body: z.input<typeof censorLogFilterSchema>;
    query: { page: number; size: number };
    answer: z.output<typeof censorLogPageSchema>;
  };
  '/v3/system/censor-log/rescan': {
    body: z.input<typeof censorRescanBodySchema>;
    query: undefined;
    answer: CensorJobStarted;
  };
  '/v3/system/censor-log/rescan/progress': { body: undefined; query: { jobId: string }; answer: CensorJobProgress };
  '/v3/system/censor-log/export': {
    body: z.input<typeof censorLogExportBodySchema>;
    query: undefined;
    answer: CensorJobStarted;
  };
  '/v3/system/censor-log/export/progress': { body: undefined; query: { jobId: string }; answer: CensorJobProgress };
  // a line's authorisation panels (online-service-config §2.1), and the lookups of its config screens (§7)
  '/v3/chats/cs-line/auth/page': {
    body: z.input<typeof grantPageBodySchema>;
    query: { page: number; size: number };
    answer: GrantPage;
  };
  '/v3/chats/cs-line/auth/apply': {
    body: z.input<typeof grantApplyBodySchema>;
    query: undefined;
    answer: z.output<typeof grantApplyAnswerSchema>;
  };
  '/v3/feed/task-kind/space/kinds': { body: undefined; query: { spaceId: string }; answer: SpaceKind[] };
  // a ticket kind's flow (tickets spec §7): its ordered states, its nodes, and its place in ticket spaces
  '/v3/feed/task-kind/states': {
    body: z.input<typeof taskKindStatesBodySchema>;
    query: undefined;
    answer: TaskKindStatesAnswer;
  };
  '/v3/feed/task-kind/node/save': {
    body: z.input<typeof taskKindNodeSaveSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/task-kind/node/remove': {
    body: z.input<typeof taskKindNodeRemoveSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/task-kind/space/save': {
    body: z.input<typeof taskKindSpaceBodySchema>;
    query: undefined;
    answer: TaskKindSpaceAnswer;
  };
  '/v3/feed/task-kind/space/remove': {
    body: z.input<typeof taskKindSpaceBodySchema>;
    query: undefined;
    answer: TaskKindSpaceAnswer;
  };
  '/v3/users/app/list/top': { body: z.input<typeof appTopBodySchema>; query: undefined; answer: AppOption[] };
  // the staff the ticket groups' processors and the nodes' handlers are picked from (at most 100)
  '/v3/users/staff/top': { body: z.input<typeof staffTopBodySchema>; query: undefined; answer: StaffOption[] };
  // the organisation's QC model asked for labels by the replay tester (the platform's key stays on the server)
  '/v3/feed/ai-platform/classify': { body: ModelClassify; query: undefined; answer: ModelClassifyAnswer };
  // how navigation icons are uploaded (online-service-config §7: public read, 3600 s, a URL prefix)
  '/v3/worker/center/upload/config': { body: undefined; query: { dir: string }; answer: UploadConfig };
  // tickets (ours): the list, a ticket with its moves and history, what the forms choose from, and the changes
  '/v3/feed/ticket/page': {
    body: z.input<typeof ticketFilterSchema>;
    query: { page: number; size: number };
    answer: z.output<typeof ticketPageSchema>;
  };
  '/v3/feed/ticket/detail': { body: undefined; query: { ticketId: string }; answer: TicketDetail };
  '/v3/feed/ticket/options': { body: undefined; query: undefined; answer: TicketOptions };
  '/v3/feed/ticket/create': {
    body: z.input<typeof ticketCreateSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/ticket/move': {
    body: z.input<typeof ticketMoveSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/ticket/assign': {
    body: z.input<typeof ticketAssignSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/ticket/claim': {
    body: z.input<typeof ticketClaimSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  '/v3/feed/ticket/comment': {
    body: z.input<typeof ticketCommentSchema>;
    query: undefined;
    answer: z.output<typeof savedAnswerSchema>;
  };
  // the monitors (H6)
  '/v3/chats/monitor/page': {
    body: z.input<typeof monitorAgentFilterSchema>;
    query: { page: number; size: number };
    answer: z.output<typeof monitorAgentPageSchema>;
  };
  '/v3/chats/monitor/group-page': {
    body: z.input<typeof monitorGroupFilterSchema>;
    query: { page: number; size: number };
    answer: z.output<typeof monitorGroupPageSchema>;
  };
  '/v3/chats/monitor/agent-detail': {
    body: undefined;
    query: { agentId: string };
    answer: z.output<typeof monitorAgentDetailSchema>;
  };
  '/v3/chats/monitor/today-data': {
    body: undefined;
    query: { agentId: string };
    answer: z.output<typeof monitorTodayDataSchema>;
  };
  '/v3/chats/monitor/today-session': {
    body: undefined;
    query: { agentId: string; page: number; size: number };
    answer: z.output<typeof monitorTodaySessionPageSchema>;
  };
  '/v3/chats/monitor/longest-session': {
    body: undefined;
    query: { sessionId: string };
    answer: z.output<typeof monitorSessionSchema>;
  };
  '/v3/chats/monitor/channel': {
    body: undefined;
    query: { lineId: string };
    answer: z.output<typeof monitorChannelListSchema>;
  };
  '/v3/chats/monitor/queue': {
    body: z.input<typeof monitorQueueBodySchema>;
    query: undefined;
    answer: z.output<typeof monitorQueueSchema>;
  };
  // forced transfer: the groups and agents a chat may go to, the transfer; an agent's alarms
  '/v3/chats/cs-group/select': {
    body: undefined;
    query: { chatId: string };
    answer: z.output<typeof csGroupOptionSchema>[];
  };
  '/v3/chatting/transfer/agents': {
    body: undefined;
    query: { chatId: string; groupId: string };
    answer: z.output<typeof transferAgentSchema>[];
  };
  '/v3/chatting/transfer': {
    body: z.input<typeof transferBodySchema>;
    query: undefined;
    answer: z.output<typeof transferAnswerSchema>;
  };
  '/v3/chats/monitor/alarm': {
    body: undefined;
    query: { agentId: string };
    answer: z.output<typeof agentAlarmSchema>[];
  };
}

/** Every call the contracts describe, by path: the generated calls of each entity contract, and the others. */
export type ApiCalls = UnionToIntersection<{ [N in keyof Contracts]: CrudCallTypes<Contracts[N]> }[keyof Contracts]> &
  OtherCalls;
export type ApiCallPath = keyof ApiCalls & string;

/** What `call` takes besides the path: the body and query of that path (each omitted where the call has none). */
export type CallInput<P extends ApiCallPath> = (ApiCalls[P] extends { body: undefined }
  ? { body?: undefined }
  : { body: ApiCalls[P] extends { body: infer B } ? B : never }) &
  (ApiCalls[P] extends { query: undefined }
    ? { query?: undefined }
    : { query: ApiCalls[P] extends { query: infer Q } ? Q : never });

export type CallAnswer<P extends ApiCallPath> = ApiCalls[P] extends { answer: infer A } ? A : never;

/** The schemas of every described call, by path: the fake client checks its answers against these. */
export const API_CALL_SCHEMAS: Readonly<Record<string, CallSchemas>> = Object.assign(
  {},
  ...Object.values(ENTITY_CONTRACTS).map((contract) => crudCallSchemas(contract as EntityContract)),
  {
    '/v3/chats/ai-result/overview': { body: qcOverviewQuerySchema, response: qcOverviewSchema },
    '/v3/system/censor-log/page': { body: censorLogFilterSchema, response: censorLogPageSchema },
    '/v3/system/censor-log/rescan': { body: censorRescanBodySchema, response: censorJobStartedSchema },
    '/v3/system/censor-log/rescan/progress': { response: censorJobProgressSchema },
    '/v3/system/censor-log/export': { body: censorLogExportBodySchema, response: censorJobStartedSchema },
    '/v3/system/censor-log/export/progress': { response: censorJobProgressSchema },
    '/v3/chats/cs-line/auth/page': { body: grantPageBodySchema, response: grantPageSchema },
    '/v3/chats/cs-line/auth/apply': { body: grantApplyBodySchema, response: grantApplyAnswerSchema },
    '/v3/feed/task-kind/space/kinds': { query: spaceKindsQuerySchema, response: spaceKindSchema.array() },
    '/v3/feed/task-kind/states': { body: taskKindStatesBodySchema, response: taskKindStatesAnswerSchema },
    '/v3/feed/task-kind/node/save': { body: taskKindNodeSaveSchema, response: savedAnswerSchema },
    '/v3/feed/task-kind/node/remove': { body: taskKindNodeRemoveSchema, response: savedAnswerSchema },
    '/v3/feed/task-kind/space/save': { body: taskKindSpaceBodySchema, response: taskKindSpaceAnswerSchema },
    '/v3/feed/task-kind/space/remove': { body: taskKindSpaceBodySchema, response: taskKindSpaceAnswerSchema },
    '/v3/users/app/list/top': { body: appTopBodySchema, response: appOptionSchema.array() },
    '/v3/users/staff/top': { body: staffTopBodySchema, response: staffOptionSchema.array() },
    '/v3/feed/ai-platform/classify': { body: modelClassifySchema, response: modelClassifyAnswerSchema },
    '/v3/worker/center/upload/config': { query: uploadConfigQuerySchema, response: uploadConfigSchema },
    '/v3/feed/ticket/page': { body: ticketFilterSchema, response: ticketPageSchema },
    '/v3/feed/ticket/detail': { query: ticketDetailQuerySchema, response: ticketDetailSchema },
    '/v3/feed/ticket/options': { response: ticketOptionsSchema },
    '/v3/feed/ticket/create': { body: ticketCreateSchema, response: savedAnswerSchema },
    '/v3/feed/ticket/move': { body: ticketMoveSchema, response: savedAnswerSchema },
    '/v3/feed/ticket/assign': { body: ticketAssignSchema, response: savedAnswerSchema },
    '/v3/feed/ticket/claim': { body: ticketClaimSchema, response: savedAnswerSchema },
    '/v3/feed/ticket/comment': { body: ticketCommentSchema, response: savedAnswerSchema },
    '/v3/chats/monitor/page': { body: monitorAgentFilterSchema, response: monitorAgentPageSchema },
    '/v3/chats/monitor/group-page': { body: monitorGroupFilterSchema, response: monitorGroupPageSchema },
    '/v3/chats/monitor/agent-detail': { response: monitorAgentDetailSchema },
    '/v3/chats/monitor/today-data': { response: monitorTodayDataSchema },
    '/v3/chats/monitor/today-session': { response: monitorTodaySessionPageSchema },
    '/v3/chats/monitor/longest-session': { response: monitorSessionSchema },
    '/v3/chats/monitor/channel': { response: monitorChannelListSchema },
    '/v3/chats/monitor/queue': { body: monitorQueueBodySchema, response: monitorQueueSchema },
    '/v3/chats/cs-group/select': { response: csGroupOptionSchema.array() },
    '/v3/chatting/transfer/agents': { response: transferAgentSchema.array() },
    '/v3/chatting/transfer': { body: transferBodySchema, response: transferAnswerSchema },
    '/v3/chats/monitor/alarm': { response: agentAlarmSchema.array() },
  } satisfies Record<keyof OtherCalls, CallSchemas>,
);

/**
 * Calls `path` with a body and query of the types its contract gives, answering the type of its response: a screen
 * that sends or reads a field the contract does not have fails to compile.
 */
export function call<P extends ApiCallPath>(client: ApiClient, path: P, input: CallInput<P>): Promise<CallAnswer<P>> {
  const { body, query } = input as { body?: unknown; query?: Record<string, QueryValue> };
  return client.request<CallAnswer<P>>({ path, body, query });
}
