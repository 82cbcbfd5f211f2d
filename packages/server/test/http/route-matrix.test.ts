/**
 * Every route of the API against the same three error rules, from one table: 403 without its key (the contracts'
 * ROUTE_PERMISSIONS), 400 naming the field path of a wrongly typed input, and 404 (or nothing changed) for the ids
 * of another organisation. The table must name every route the server registers, so a new route without an entry
 * fails here. The fine-grained tests of each area stay where they are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiPath,
  AUTHENTICATED,
  aiPlatformContract,
  BODY_DEPENDENT_PATHS,
  type CrudAccess,
  type CrudCall,
  type CrudKeys,
  censorBanContract,
  chatbotContract,
  crudPath,
  csAgentContract,
  csGroupContract,
  csLineContract,
  csNavContract,
  csTimeContract,
  customFieldContract,
  type EntityContract,
  PERMISSION_KEYS,
  PUBLIC,
  qcRuleContract,
  qcSchemeContract,
  qcTaskContract,
  ROUTE_PERMISSIONS,
  type RouteAccess,
  roleContract,
  scoreConfigContract,
  spaceContract,
  summaryConfigContract,
  taskGroupContract,
  taskKindContract,
  taskStateContract,
  userContract,
} from '@qcdesk/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeRegistry } from '../../src/http/define-route.js';
import { createDefaultApp } from '../../src/routes/app/index.js';
import { createSystemStates } from '../../src/routes/task-state/system-states.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { uploadFile } from '../helpers/uploads.js';
import { activeTask, aiScheme, deskSessions, type Json, ok } from '../tasks/fixtures.js';
import { writeKind, writeStates } from '../tickets/ticket-fixtures.js';

let t: TestApp;
let filesDir: string;
let admin: Caller;
let outsider: Caller;
/** per permission key, a user of the home organisation holding every key but that one */
const without = new Map<string, Caller>();

/** The home organisation's records whose ids the outsider tries. */
interface Home {
  schemeId: string;
  schemeVersion: number;
  angleId: string;
  angleVersion: number;
  angleRuleId: string;
  ruleId: string;
  ruleOutId: string;
  ruleVersion: number;
  personSchemeId: string;
  /** a session with an AI result, a manual result and complaints on both */
  sessionId: string;
  chatId: string;
  aiResultId: string;
  aiVersion: number;
  manualResultId: string;
  aiComplaintId: string;
  manualComplaintId: string;
  complaintVersion: number;
  taskId: string;
  taskVersion: number;
  filePath: string;
  tokenId: string;
  /** a scheme of the outsider's own organisation */
  outsiderSchemeId: string;
  /** desk staffing: a service time, a group using it, an imported agent (101), the admin's user id */
  timeId: string;
  timeVersion: number;
  groupId: string;
  groupVersion: number;
  agentId: string;
  agentVersion: number;
  userId: string;
  /** people: the admin's user version, a role of the home organisation */
  userVersion: number;
  roleId: string;
  roleVersion: number;
  /** a sensitive-word library of the home organisation */
  censorBanId: string;
  censorBanVersion: number;
  /** the log's background jobs of the home organisation: a rescan and the admin's export */
  rescanJobId: string;
  exportJobId: string;
  /** an AI platform of the home organisation and a chatbot on it */
  platformId: string;
  platformVersion: number;
  chatbotId: string;
  chatbotVersion: number;
  /** a ticket kind of the home organisation, a ticket space listing it, and the organisation's app */
  kindId: string;
  kindVersion: number;
  /** a node of the kind's flow (PENDING → PROCESSING) */
  nodeId: string;
  spaceId: string;
  spaceVersion: number;
  appId: string;
  /** a service line of the home organisation (bound to its app) */
  lineId: string;
  lineVersion: number;
  /** a custom field of the home organisation and a service summary listing it */
  fieldId: string;
  fieldVersion: number;
  summaryId: string;
  summaryVersion: number;
  /** a satisfaction config of the home organisation */
  scoreConfigId: string;
  scoreConfigVersion: number;
  /** a navigation of the home organisation */
  navId: string;
  navVersion: number;
  /** a ticket state and a ticket group (its processor the admin) of the home organisation */
  taskStateId: string;
  taskStateVersion: number;
  taskGroupId: string;
  taskGroupVersion: number;
  /** a ticket of an ACTIVE kind with states (written into the store as the ticket tests do), routed in that group */
  ticketKindId: string;
  ticketId: string;
  ticketVersion: number;
}
let home: Home;

/** One request: JSON body and query; GET routes send no body. */
interface Call {
  readonly body?: unknown;
  readonly query?: Record<string, string>;
}

/** What another organisation's ids answer. */
type Foreign =
  /** 404 {code, message} */
  | (Call & { readonly expect: 404 })
  /** an id the body refers to (not the record called) that the caller's organisation does not have: 400 naming it */
  | (Call & { readonly expect: 400; readonly field: string })
  /** 200, and `check` says nothing of the home organisation shows (empty lists, no ids revoked) */
  | (Call & { readonly expect: 200; readonly check: (answer: Json) => void })
  /** the route takes no id of a record that exists (creates in the caller's organisation, signs in, …) */
  | { readonly none: string };

/**
 * A wrongly typed input and the field path the 400 must name; `recordField` for the import, which checks each
 * record on its own and answers 200 naming the path within the record; `none` for a route that reads no input.
 */
type Bad = (Call & { readonly field: string }) | (Call & { readonly recordField: string }) | { readonly none: string };

interface RouteCase {
  readonly method?: 'GET' | 'POST';
  readonly bad: (h: Home) => Bad;
  readonly foreign: (h: Home) => Foreign;
  /** routes whose key depends on the body: a body for each key it may need */
  readonly byBody?: (h: Home) => readonly { readonly key: string; readonly body: unknown }[];
}

const fieldsOfList = { body: { fields: 'name' }, field: 'fields' } as const;
const noRecords = (answer: Json) => {
  const records = Array.isArray(answer) ? answer : answer.records;
  expect(records).toEqual([]);
  if (!Array.isArray(answer) && 'total' in answer) expect(answer.total).toBe(0);
};
const listCase: RouteCase = {
  bad: () => fieldsOfList,
  foreign: () => ({ body: {}, query: { page: '1', size: '100' }, expect: 200, check: noRecords }),
};
/** the scheme lists show the outsider his own scheme only */
const schemeListCase: RouteCase = {
  bad: () => fieldsOfList,
  foreign: (h) => ({
    body: {},
    query: { page: '1', size: '100' },
    expect: 200,
    check: (answer) => {
      const records = Array.isArray(answer) ? answer : answer.records;
      expect(records.map((r: Json) => r.id)).toEqual([h.outsiderSchemeId]);
    },
  }),
};
const creates = (what: string) => () => ({ none: `creates ${what} in the caller's organisation` });
/** the people lists show the outsider his own organisation's users and roles, never the home one's */
const peopleListCase = (homeId: (h: Home) => string): RouteCase => ({
  bad: () => fieldsOfList,
  foreign: (h) => ({
    body: {},
    query: { page: '1', size: '100' },
    expect: 200,
    check: (answer) => {
      const records = Array.isArray(answer) ? answer : answer.records;
      expect(records.length).toBeGreaterThan(0);
      expect(records.map((r: Json) => r.id)).not.toContain(homeId(h));
    },
  }),
});

/** What the matrix needs to know of an entity whose calls its contract generates. */
interface CrudCaseOptions {
  /** the home organisation's record, and the version it holds */
  readonly id: (h: Home) => string;
  readonly version: (h: Home) => number;
  /** a save body the schema takes (without id and version): a change of another organisation's record is then 404 */
  readonly save: (h: Home) => Record<string, unknown>;
  /** the page and list case (default: another organisation sees no records) */
  readonly list?: RouteCase;
  /** create is the entity's own: a wrongly typed field of its body, and what another organisation's create answers */
  readonly create: RouteCase;
}

/**
 * The rows of an entity's generated calls, from its contract: the detail's id parameter, `{ids, deleted}` or `{ids}`
 * deletes, `/status` where the contract has it; typed by the contract's paths like the rest of the table.
 */
function crudCases<B extends string, K extends CrudKeys, X extends 'delete' | 'remove'>(
  contract: EntityContract<B, K, z.ZodObject, z.ZodType, z.ZodObject, z.ZodType, X>,
  o: CrudCaseOptions,
): Record<keyof CrudAccess<B, K, X>, RouteCase> {
  const path = (call: CrudCall) => crudPath(contract, call);
  const param = contract.detailParam;
  const cases: Record<string, RouteCase> = {
    [path('page')]: o.list ?? listCase,
    [path('list')]: o.list ?? listCase,
    [path('detail')]: {
      bad: () => ({ query: {}, field: param }),
      foreign: (h) => ({ query: { [param]: o.id(h) }, expect: 404 }),
    },
    [path('create')]: o.create,
    [path('change')]: {
      bad: (h) => ({ body: { ...o.save(h), id: o.id(h), version: 'x' }, field: 'version' }),
      foreign: (h) => ({ body: { ...o.save(h), id: o.id(h), version: o.version(h) }, expect: 404 }),
    },
    [path('delete')]: contract.softDelete
      ? {
          bad: (h) => ({ body: { ids: [o.id(h)], deleted: 5 }, field: 'deleted' }),
          foreign: (h) => ({ body: { ids: [o.id(h)], deleted: 'TRASH' }, expect: 404 }),
        }
      : {
          bad: () => ({ body: { ids: 'x' }, field: 'ids' }),
          foreign: (h) => ({ body: { ids: [o.id(h)] }, expect: 404 }),
        },
  };
  if (contract.keys.status !== undefined)
    cases[path('status')] = {
      bad: (h) => ({ body: { ids: [o.id(h)], status: true }, field: 'status' }),
      foreign: (h) => ({ body: { ids: [o.id(h)], status: 'INACTIVE' }, expect: 404 }),
    };
  // restore and empty with a key of their own: each trash call takes {ids}, and refuses another call's move
  if (contract.keys.trash !== undefined)
    for (const [call, other] of [
      ['delete', 'NONE'],
      ['restore', 'BUFFER'],
      ['empty', 'TRASH'],
    ] as const)
      cases[path(call)] = {
        bad: (h) => ({ body: { ids: [o.id(h)], deleted: other }, field: 'deleted' }),
        foreign: (h) => ({ body: { ids: [o.id(h)] }, expect: 404 }),
      };
  return cases as Record<keyof CrudAccess<B, K, X>, RouteCase>;
}

/** The paths of the contracts' table the server serves: all of them. */
type Served = ApiPath;

/**
 * Every registered route: the key's 403 comes from ROUTE_PERMISSIONS, the rest from here. Typed by the contracts'
 * paths, so a path added there without an entry here does not compile; the first test checks the server's side.
 */
const TABLE: Record<Served, RouteCase> = {
  '/v3/health': { bad: () => ({ none: 'reads no input' }), foreign: () => ({ none: 'reads no record' }) },
  '/v3/auth/login': {
    bad: () => ({ body: { username: 7, password: 'x' }, field: 'username' }),
    foreign: () => ({ none: 'signs in' }),
  },
  '/v3/auth/logout': {
    bad: () => ({ none: 'reads no input' }),
    foreign: () => ({ none: "ends the caller's session" }),
  },
  '/v3/auth/me': { bad: () => ({ none: 'reads no input' }), foreign: () => ({ none: 'answers the caller' }) },
  '/v3/auth/token/create': {
    bad: () => ({ body: { name: '后台', expireDays: '30' }, field: 'expireDays' }),
    foreign: creates('a token'),
  },
  '/v3/auth/token/list': {
    bad: () => ({ none: 'reads no input' }),
    foreign: () => ({
      body: {},
      expect: 200,
      check: (answer) => expect(answer.map((x: Json) => x.id)).not.toContain(home.tokenId),
    }),
  },
  '/v3/auth/token/revoke': {
    bad: () => ({ body: { ids: ['1', 2] }, field: 'ids[1]' }),
    // another user's token is not the caller's: nothing is revoked (checked again at the end)
    foreign: (h) => ({
      body: { ids: [h.tokenId] },
      expect: 200,
      check: (answer) => expect(answer).toEqual({ ids: [] }),
    }),
  },

  ...crudCases(qcSchemeContract, {
    id: (h) => h.schemeId,
    version: (h) => h.schemeVersion,
    save: () => ({ name: '改名', type: 'TEXT', targetType: 'AI' }),
    list: schemeListCase,
    create: {
      bad: () => ({ body: { name: 100, type: 'TEXT', targetType: 'AI' }, field: 'name' }),
      foreign: creates('a scheme'),
    },
  }),
  '/v3/chats/qc-angle/detail': {
    bad: () => ({ query: {}, field: 'angleId' }),
    foreign: (h) => ({ query: { angleId: h.angleId }, expect: 404 }),
  },
  '/v3/chats/qc-angle/create': {
    bad: (h) => ({ body: { schemeId: h.schemeId, name: '维度', score: '10' }, field: 'score' }),
    foreign: (h) => ({ body: { schemeId: h.schemeId, name: '维度', score: 10 }, expect: 404 }),
  },
  '/v3/chats/qc-angle/change': {
    bad: (h) => ({
      body: { id: h.angleId, version: h.angleVersion, schemeId: h.schemeId, name: '维度', score: true },
      field: 'score',
    }),
    foreign: (h) => ({
      body: { id: h.angleId, version: h.angleVersion, schemeId: h.schemeId, name: '维度', score: 60 },
      expect: 404,
    }),
  },
  '/v3/chats/qc-angle/delete': {
    bad: () => ({ body: { ids: [1], deleted: 'TRASH' }, field: 'ids[0]' }),
    foreign: (h) => ({ body: { ids: [h.angleId], deleted: 'TRASH' }, expect: 404 }),
  },
  '/v3/chats/qc-angle-rule/create': {
    bad: (h) => ({ body: { schemeId: h.schemeId, angleId: h.angleId, ruleIds: [h.ruleId, 2] }, field: 'ruleIds[1]' }),
    foreign: (h) => ({ body: { schemeId: h.schemeId, angleId: h.angleId, ruleIds: [h.ruleId] }, expect: 404 }),
  },
  '/v3/chats/qc-angle-rule/delete': {
    bad: () => ({ body: { ids: [{}], deleted: 'TRASH' }, field: 'ids[0]' }),
    foreign: (h) => ({ body: { ids: [h.angleRuleId], deleted: 'TRASH' }, expect: 404 }),
  },

  ...crudCases(qcRuleContract, {
    id: (h) => h.ruleId,
    version: (h) => h.ruleVersion,
    save: () => ({ name: '改名', comments: '说明' }),
    create: {
      bad: () => ({
        body: {
          name: '规则',
          conditionConfig: { conditions: [], ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: '5' } },
        },
        field: 'conditionConfig.ruleScore.scoreNum',
      }),
      foreign: creates('a rule'),
    },
  }),
  '/v3/chats/qc-rule/detail-outId': {
    bad: () => ({ query: {}, field: 'ruleOutId' }),
    foreign: (h) => ({ query: { ruleOutId: h.ruleOutId }, expect: 404 }),
  },

  '/v3/chats/ai-result/page': listCase,
  '/v3/chats/ai-result/list': listCase,
  '/v3/chats/ai-result/overview': {
    bad: () => ({ body: { bucket: 'MONTH' }, field: 'bucket' }),
    foreign: (h) => ({
      body: { schemeId: h.schemeId, timeFrom: '2000-01-01' },
      expect: 200,
      check: (answer) => expect(answer.totals.results).toBe(0),
    }),
  },
  '/v3/chats/ai-result/detail': {
    bad: () => ({ query: {}, field: 'sessionId' }),
    foreign: (h) => ({ query: { sessionId: h.sessionId }, expect: 404 }),
  },
  '/v3/chats/ai-result/detail-complaint': {
    bad: () => ({ query: {}, field: 'complaintId' }),
    foreign: (h) => ({ query: { complaintId: h.aiComplaintId }, expect: 404 }),
  },
  '/v3/chats/ai-result/create': {
    bad: (h) => ({
      body: { id: h.aiResultId, version: h.aiVersion, rules: [{ ruleId: h.ruleId, reviewScore: '5' }] },
      field: 'rules[0].reviewScore',
    }),
    foreign: (h) => ({
      body: { id: h.aiResultId, version: h.aiVersion, rules: [{ ruleId: h.ruleId, reviewScore: 0 }] },
      expect: 404,
    }),
  },

  '/v3/chats/qc-manual-result/page': listCase,
  '/v3/chats/qc-manual-result/list': listCase,
  '/v3/chats/qc-manual-result/detail': {
    bad: () => ({ query: {}, field: 'sessionId' }),
    foreign: (h) => ({ query: { sessionId: h.sessionId }, expect: 404 }),
  },
  '/v3/chats/qc-manual-result/detail-complaint': {
    bad: () => ({ query: {}, field: 'complaintId' }),
    foreign: (h) => ({ query: { complaintId: h.manualComplaintId }, expect: 404 }),
  },
  '/v3/chats/qc-manual-result/create': {
    bad: (h) => ({
      body: {
        schemeId: h.personSchemeId,
        sessionId: h.sessionId,
        manualAngles: [{ angleId: '1', manualRules: [{ angleId: '1', ruleId: '1', scoreNum: 'x' }] }],
      },
      field: 'manualAngles[0].manualRules[0].scoreNum',
    }),
    foreign: (h) => ({
      body: { schemeId: h.personSchemeId, sessionId: h.sessionId, version: 1, manualAngles: [] },
      expect: 404,
    }),
  },
  '/v3/chats/session/quality-status': {
    bad: () => ({ body: { ids: [1], status: 'READY_CHECKED' }, field: 'ids[0]' }),
    foreign: (h) => ({ body: { ids: [h.sessionId], status: 'READY_CHECKED' }, expect: 404 }),
    byBody: (h) => [
      { key: 'qc-manual-result.status', body: { ids: [h.sessionId], status: 'READY_CHECKED' } },
      { key: 'qc-manual-result.edit', body: { ids: [h.sessionId], status: 'UNCHECKED' } },
    ],
  },

  '/v3/chats/complaint/page': listCase,
  '/v3/chats/complaint/list': listCase,
  '/v3/chats/complaint/create': {
    bad: (h) => ({ body: { type: 'AI', sessionId: 5, resultId: h.aiResultId, reason: '不服' }, field: 'sessionId' }),
    foreign: (h) => ({
      body: { type: 'AI', sessionId: h.sessionId, resultId: h.aiResultId, reason: '不服' },
      expect: 404,
    }),
    byBody: (h) => [
      {
        key: 'qc-complaint.edit',
        body: { type: 'AI', sessionId: h.sessionId, resultId: h.aiResultId, reason: '不服' },
      },
      {
        key: 'qc-complaint.review',
        body: {
          complaint: { id: h.aiComplaintId, status: 'INACTIVE', commonReason: '不成立' },
          version: h.complaintVersion,
        },
      },
    ],
  },
  '/v3/chats/complaint/change': {
    bad: (h) => ({
      body: { complaint: { id: h.aiComplaintId, status: 'ACTIVE', commonReason: 5 }, version: h.complaintVersion },
      field: 'complaint.commonReason',
    }),
    foreign: (h) => ({
      body: {
        complaint: { id: h.aiComplaintId, status: 'INACTIVE', commonReason: '不成立' },
        version: h.complaintVersion,
      },
      expect: 404,
    }),
  },

  '/v3/chats/session/import': {
    // records are checked one by one (JSON Lines or an array): a bad one is reported by line and field, not refused
    bad: () => ({ body: [{ sessionId: 'bad-record', messages: 'x' }], recordField: 'messages' }),
    foreign: () => ({ none: "imports into the caller's organisation (idempotent per organisation)" }),
  },
  '/v3/chats/session/list': {
    bad: () => ({ body: { agentId: 101 }, field: 'agentId' }),
    foreign: () => ({ body: {}, expect: 200, check: noRecords }),
  },
  '/v3/chats/session/directory': {
    bad: () => ({ body: { kind: 5 }, field: 'kind' }),
    foreign: () => ({ body: { kind: 'AGENT' }, expect: 200, check: noRecords }),
  },
  '/v3/chats/session/detail': {
    bad: () => ({ query: {}, field: 'sessionId' }),
    foreign: (h) => ({ query: { sessionId: h.sessionId }, expect: 404 }),
  },
  '/v3/chats/session/summary': {
    bad: () => ({ body: { sessionId: 5 }, field: 'sessionId' }),
    foreign: (h) => ({ body: { sessionId: h.sessionId, chatId: h.chatId }, expect: 404 }),
  },
  '/v3/chats/session/transcripts': {
    bad: () => ({ body: { limit: '10' }, field: 'limit' }),
    foreign: () => ({ body: { status: 'ALL' }, expect: 200, check: noRecords }),
  },
  '/v3/chats/message/query': {
    bad: () => ({ body: { sessionId: 5 }, field: 'sessionId' }),
    foreign: (h) => ({
      body: { sessionId: h.sessionId },
      query: { page: '1', size: '50' },
      expect: 200,
      check: noRecords,
    }),
  },
  '/v3/chats/message/fetch': {
    bad: () => ({ body: { chatId: 5 }, field: 'chatId' }),
    foreign: (h) => ({
      body: { chatId: h.chatId },
      expect: 200,
      check: (answer) => expect(answer).toEqual({ records: [], nextCursor: null }),
    }),
  },

  ...crudCases(qcTaskContract, {
    id: (h) => h.taskId,
    version: (h) => h.taskVersion,
    // with a scheme of the caller's own, so that the task is what is not found
    save: (h) => ({ name: '改名', type: 'OFFLINE_TEXT', schemeId: h.outsiderSchemeId, lineIds: ['1'] }),
    create: {
      bad: (h) => ({
        body: { name: '任务', type: 'OFFLINE_TEXT', schemeId: h.schemeId, lineIds: [1] },
        field: 'lineIds[0]',
      }),
      // the scheme is a reference of the body: one the caller's organisation does not have is a field error
      foreign: (h) => ({
        body: { name: '任务', type: 'OFFLINE_TEXT', schemeId: h.schemeId, lineIds: ['1'] },
        expect: 400,
        field: 'schemeId',
      }),
    },
  }),
  '/v3/chats/qc-task/progress': {
    bad: () => ({ query: {}, field: 'taskId' }),
    foreign: (h) => ({ query: { taskId: h.taskId }, expect: 404 }),
  },
  '/v3/chats/qc-task/rerun': {
    bad: () => ({ body: { ids: [5] }, field: 'ids[0]' }),
    foreign: (h) => ({ body: { ids: [h.taskId] }, expect: 404 }),
  },

  ...crudCases(csTimeContract, {
    id: (h) => h.timeId,
    version: (h) => h.timeVersion,
    save: () => ({
      name: '改名',
      config: { generalPeriods: [{ daysOfWeek: [1], beginTime: '09:00', endTime: '18:00' }] },
    }),
    create: {
      bad: () => ({
        body: {
          name: '时间',
          config: { generalPeriods: [{ daysOfWeek: ['mon'], beginTime: '09:00', endTime: '18:00' }] },
        },
        field: 'config.generalPeriods[0].daysOfWeek[0]',
      }),
      foreign: creates('a service time'),
    },
  }),
  ...crudCases(csGroupContract, {
    id: (h) => h.groupId,
    version: (h) => h.groupVersion,
    save: (h) => ({ name: '改名', type: 'ONLINE', timeId: h.timeId, agentIds: [h.agentId] }),
    create: {
      bad: (h) => ({ body: { name: '组', type: 'ONLINE', timeId: h.timeId, agentIds: [5] }, field: 'agentIds[0]' }),
      // the service time is a reference of the body: another organisation's is a field error
      foreign: (h) => ({
        body: { name: '组', type: 'ONLINE', timeId: h.timeId, agentIds: [h.agentId] },
        expect: 400,
        field: 'timeId',
      }),
    },
  }),
  '/v3/chats/cs-group/list/top': {
    bad: () => ({ body: { type: 'TEAM' }, field: 'type' }),
    foreign: () => ({ body: {}, expect: 200, check: noRecords }),
  },
  '/v3/chats/cs-group/select': {
    bad: () => ({ query: {}, field: 'chatId' }),
    foreign: (h) => ({ query: { chatId: h.chatId }, expect: 404 }),
  },
  ...crudCases(csAgentContract, {
    id: (h) => h.agentId,
    version: (h) => h.agentVersion,
    save: () => ({ nick: '改名' }),
    create: {
      bad: () => ({ body: { userId: 5, nick: '坐席' }, field: 'userId' }),
      // the user is a reference of the body: another organisation's is a field error
      foreign: (h) => ({ body: { userId: h.userId, nick: '坐席' }, expect: 400, field: 'userId' }),
    },
  }),
  '/v3/chats/cs-agent/createBatch': {
    bad: () => ({ body: { userIds: [5] }, field: 'userIds[0]' }),
    foreign: (h) => ({ body: { userIds: [h.userId] }, expect: 400, field: 'userIds[0]' }),
  },
  '/v3/chats/cs-agent/changeBatch': {
    bad: (h) => ({ body: { agents: [{ id: h.agentId, nick: 5, capacity: 3 }] }, field: 'agents[0].nick' }),
    foreign: (h) => ({ body: { agents: [{ id: h.agentId, nick: '改名', capacity: 3 }] }, expect: 404 }),
  },
  '/v3/chats/cs-agent/pull': {
    bad: () => ({ query: {}, field: 'platform' }),
    foreign: () => ({ none: "reads a platform's export into the caller's organisation" }),
  },
  // an agent's alarms, the monitors' change notices, forced transfer and its agents
  '/v3/chats/monitor/alarm': {
    bad: () => ({ query: {}, field: 'agentId' }),
    foreign: (h) => ({ query: { agentId: h.agentId }, expect: 404 }),
  },
  '/v3/chats/monitor/stream': {
    method: 'GET',
    bad: () => ({ none: 'reads no input' }),
    foreign: () => ({ none: "streams the caller's organisation's changes only" }),
  },
  '/v3/chatting/transfer': {
    bad: (h) => ({ body: { chatId: 5, groupId: h.groupId }, field: 'chatId' }),
    foreign: (h) => ({ body: { chatId: h.chatId, groupId: h.groupId }, expect: 404 }),
  },
  '/v3/chatting/transfer/agents': {
    bad: (h) => ({ query: { chatId: h.chatId }, field: 'groupId' }),
    foreign: (h) => ({ query: { chatId: h.chatId, groupId: h.groupId }, expect: 404 }),
  },
  '/v3/feed/live/events': {
    bad: () => ({ body: { events: 'x' }, field: 'events' }),
    // another organisation's agent is not one of the caller's: the event is refused by its path, nothing changes
    foreign: (h) => ({
      body: {
        events: [{ type: 'AGENT_STATUS', eventId: 'rm-foreign-1', at: 1, agentId: h.agentId, status: 'ONLINE' }],
      },
      expect: 200,
      check: (answer) =>
        expect(answer).toMatchObject({
          accepted: 0,
          refused: 1,
          results: [{ outcome: 'REFUSED', code: 'INVALID_REFERENCE', field: 'events[0].agentId' }],
        }),
    }),
  },
  // the monitors (H6): another organisation's agents, groups, sessions and lines are not found, its pages empty
  '/v3/chats/monitor/page': {
    bad: () => ({ body: { statuses: ['ASLEEP'] }, field: 'statuses[0]' }),
    foreign: (h) => ({
      body: { groupIds: [h.groupId] },
      query: { page: '1', size: '100' },
      expect: 200,
      check: noRecords,
    }),
  },
  '/v3/chats/monitor/group-page': {
    bad: () => ({ query: { size: '500' }, body: {}, field: 'size' }),
    foreign: (h) => ({ body: { groupIds: [h.groupId] }, expect: 200, check: noRecords }),
  },
  '/v3/chats/monitor/agent-detail': {
    bad: () => ({ query: {}, field: 'agentId' }),
    foreign: (h) => ({ query: { agentId: h.agentId }, expect: 404 }),
  },
  '/v3/chats/monitor/today-data': {
    bad: () => ({ query: {}, field: 'agentId' }),
    foreign: (h) => ({ query: { agentId: h.agentId }, expect: 404 }),
  },
  '/v3/chats/monitor/today-session': {
    bad: (h) => ({ query: { agentId: h.agentId, page: '0' }, field: 'page' }),
    foreign: (h) => ({ query: { agentId: h.agentId }, expect: 404 }),
  },
  '/v3/chats/monitor/longest-session': {
    bad: () => ({ query: {}, field: 'sessionId' }),
    foreign: (h) => ({ query: { sessionId: h.sessionId }, expect: 404 }),
  },
  '/v3/chats/monitor/channel': {
    bad: () => ({ query: {}, field: 'lineId' }),
    foreign: (h) => ({ query: { lineId: h.lineId }, expect: 404 }),
  },
  '/v3/chats/monitor/queue': {
    bad: () => ({ body: { lineId: 5 }, field: 'lineId' }),
    foreign: (h) => ({ body: { lineId: h.lineId }, expect: 404 }),
  },

  ...crudCases(userContract, {
    id: (h) => h.userId,
    version: (h) => h.userVersion,
    save: () => ({ username: 'rm.x', name: '改名' }),
    list: peopleListCase((h) => h.userId),
    create: {
      bad: () => ({ body: { username: 'rm.new', name: '新人', password: 12345678 }, field: 'password' }),
      foreign: creates('a user'),
    },
  }),
  '/v3/users/user/reset-password': {
    bad: (h) => ({ body: { id: h.userId, password: 12345678 }, field: 'password' }),
    foreign: (h) => ({ body: { id: h.userId, password: 'takeover-password' }, expect: 404 }),
  },
  ...crudCases(roleContract, {
    id: (h) => h.roleId,
    version: (h) => h.roleVersion,
    save: () => ({ code: 'rm-role', name: '改名' }),
    list: peopleListCase((h) => h.roleId),
    create: {
      bad: () => ({ body: { code: 'rm-new', name: '新角色', permissions: 'all' }, field: 'permissions' }),
      foreign: creates('a role'),
    },
  }),
  ...crudCases(censorBanContract, {
    id: (h) => h.censorBanId,
    version: (h) => h.censorBanVersion,
    save: () => ({ name: '改名', flag: 'cs-customer', operation: 'REPORT', words: ['骗子'] }),
    create: {
      bad: () => ({ body: { name: '词库', flag: 'cs-customer', operation: 'REPORT', words: [5] }, field: 'words[0]' }),
      foreign: creates('a library'),
    },
  }),
  ...crudCases(aiPlatformContract, {
    id: (h) => h.platformId,
    version: (h) => h.platformVersion,
    save: () => ({ name: '改名', provider: 'BUILTIN' }),
    create: {
      bad: () => ({ body: { name: '平台', provider: 'HTTP', baseUrl: 'ftp://x' }, field: 'baseUrl' }),
      foreign: creates('an AI platform'),
    },
  }),
  '/v3/feed/ai-platform/classify': {
    bad: () => ({ body: { task: 'CUSTOMER_CHECK_MODEL', texts: [5] }, field: 'texts[0]' }),
    // the home organisation's HTTP platform is not the outsider's: its texts go to its own (built-in) model
    foreign: () => ({
      body: { task: 'CUSTOMER_CHECK_MODEL', texts: ['我要投诉'] },
      expect: 200,
      check: (answer) => expect(answer).toMatchObject({ modelId: 'builtin-lexicon', builtin: true, fallback: false }),
    }),
  },
  ...crudCases(chatbotContract, {
    id: (h) => h.chatbotId,
    version: (h) => h.chatbotVersion,
    save: () => ({ name: '改名', nick: '小助手' }),
    create: {
      bad: () => ({ body: { name: '机器人', nick: 5 }, field: 'nick' }),
      // the platform is a reference of the body: another organisation's is a field error
      foreign: (h) => ({
        body: { name: '机器人', nick: '小助手', platformId: h.platformId },
        expect: 400,
        field: 'platformId',
      }),
    },
  }),
  ...crudCases(taskKindContract, {
    id: (h) => h.kindId,
    version: (h) => h.kindVersion,
    save: () => ({ name: '改名', code: 'RENAMED' }),
    create: {
      bad: () => ({ body: { name: '模版', code: 'K', taskCode: 5 }, field: 'taskCode' }),
      foreign: creates('a ticket kind'),
    },
  }),
  '/v3/feed/task-kind/states': {
    bad: (h) => ({ body: { id: h.kindId, stateCodes: 'PENDING' }, field: 'stateCodes' }),
    foreign: (h) => ({ body: { id: h.kindId }, expect: 404 }),
  },
  '/v3/feed/task-kind/node/save': {
    bad: (h) => ({
      body: {
        kindId: h.kindId,
        name: '节点',
        handlerType: 'LAST',
        stateFrom: 'PENDING',
        stateTo: 'CLOSED',
        alarmMinutes: '5',
      },
      field: 'alarmMinutes',
    }),
    foreign: (h) => ({
      body: { kindId: h.kindId, name: '节点', handlerType: 'LAST', stateFrom: 'PENDING', stateTo: 'CLOSED' },
      expect: 404,
    }),
  },
  '/v3/feed/task-kind/node/remove': {
    bad: () => ({ body: { id: 5 }, field: 'id' }),
    foreign: (h) => ({ body: { id: h.nodeId }, expect: 404 }),
  },
  '/v3/feed/task-kind/space/save': {
    bad: (h) => ({ body: { kindId: h.kindId, spaceId: 5 }, field: 'spaceId' }),
    foreign: (h) => ({ body: { kindId: h.kindId, spaceId: h.spaceId }, expect: 404 }),
  },
  '/v3/feed/task-kind/space/remove': {
    bad: (h) => ({ body: { kindId: 5, spaceId: h.spaceId }, field: 'kindId' }),
    foreign: (h) => ({ body: { kindId: h.kindId, spaceId: h.spaceId }, expect: 404 }),
  },
  '/v3/feed/ticket/page': listCase,
  '/v3/feed/ticket/list': listCase,
  '/v3/feed/ticket/detail': {
    bad: () => ({ query: {}, field: 'ticketId' }),
    foreign: (h) => ({ query: { ticketId: h.ticketId }, expect: 404 }),
  },
  '/v3/feed/ticket/options': {
    bad: () => ({ none: 'reads no input' }),
    foreign: (h) => ({
      body: {},
      expect: 200,
      check: (answer) => {
        expect(answer.kinds.map((k: Json) => k.id)).not.toContain(h.ticketKindId);
        expect(answer.groups.map((g: Json) => g.id)).not.toContain(h.taskGroupId);
      },
    }),
  },
  '/v3/feed/ticket/create': {
    bad: (h) => ({ body: { kindId: h.ticketKindId, title: 5 }, field: 'title' }),
    // the kind is a reference of the body: another organisation's is a field error
    foreign: (h) => ({ body: { kindId: h.ticketKindId, title: '越权' }, expect: 400, field: 'kindId' }),
  },
  '/v3/feed/ticket/move': {
    bad: (h) => ({ body: { id: h.ticketId, version: 'x', stateTo: 'CLOSED' }, field: 'version' }),
    foreign: (h) => ({ body: { id: h.ticketId, version: h.ticketVersion, stateTo: 'CLOSED' }, expect: 404 }),
  },
  '/v3/feed/ticket/assign': {
    bad: (h) => ({ body: { id: h.ticketId, version: h.ticketVersion, handlerId: 5 }, field: 'handlerId' }),
    foreign: (h) => ({
      body: { id: h.ticketId, version: h.ticketVersion, groupId: h.taskGroupId },
      expect: 404,
    }),
  },
  '/v3/feed/ticket/claim': {
    bad: () => ({ body: { id: 5 }, field: 'id' }),
    foreign: (h) => ({ body: { id: h.ticketId }, expect: 404 }),
  },
  '/v3/feed/ticket/comment': {
    bad: (h) => ({ body: { id: h.ticketId, remark: 5 }, field: 'remark' }),
    foreign: (h) => ({ body: { id: h.ticketId, remark: '越权' }, expect: 404 }),
  },
  '/v3/feed/task-kind/space/kinds': {
    bad: () => ({ query: {}, field: 'spaceId' }),
    foreign: (h) => ({ query: { spaceId: h.spaceId }, expect: 404 }),
  },
  ...crudCases(spaceContract, {
    id: (h) => h.spaceId,
    version: (h) => h.spaceVersion,
    save: () => ({ name: '改名', type: 'TICKET' }),
    create: {
      bad: () => ({ body: { name: '空间', type: 'TICKET', taskKindIds: [5] }, field: 'taskKindIds[0]' }),
      // the ticket kind is a reference of the body: another organisation's is a field error
      foreign: (h) => ({
        body: { name: '空间', type: 'TICKET', taskKindIds: [h.kindId] },
        expect: 400,
        field: 'taskKindIds[0]',
      }),
    },
  }),
  '/v3/feed/space/auth/page': {
    bad: (h) => ({ body: { targetId: h.spaceId, memberType: 'ALL' }, field: 'memberType' }),
    foreign: (h) => ({ body: { targetId: h.spaceId, memberType: 'STAFF' }, expect: 404 }),
  },
  '/v3/feed/space/auth/apply': {
    bad: (h) => ({ body: { targetId: h.spaceId, memberType: 'STAFF', add: [5] }, field: 'add[0]' }),
    foreign: (h) => ({ body: { targetId: h.spaceId, memberType: 'ORG', add: [] }, expect: 404 }),
  },
  ...crudCases(csLineContract, {
    id: (h) => h.lineId,
    version: (h) => h.lineVersion,
    save: () => ({ name: '改名' }),
    create: {
      bad: () => ({ body: { name: '线路', code: 5 }, field: 'code' }),
      // the records a line binds are references of the body: another organisation's app is a field error
      foreign: (h) => ({ body: { name: '线路', appId: h.appId }, expect: 400, field: 'appId' }),
    },
  }),
  ...crudCases(csNavContract, {
    id: (h) => h.navId,
    version: (h) => h.navVersion,
    save: () => ({ name: '改名', kind: 'BOTTOM' }),
    create: {
      bad: () => ({
        body: { name: '导航', kind: 'BOTTOM', onlineConfig: { buttons: [{ name: 5 }] } },
        field: 'onlineConfig.buttons[0].name',
      }),
      // the skill groups of GROUP routes are references of the body: another organisation's is a field error
      foreign: (h) => ({
        body: {
          name: '导航',
          kind: 'GROUP',
          onlineConfig: { routes: [{ name: '路由', groups: [{ groupId: h.groupId, weight: 1 }] }] },
        },
        expect: 400,
        field: 'onlineConfig.routes[0].groups[0].groupId',
      }),
    },
  }),
  '/v3/chats/cs-line/auth/page': {
    bad: (h) => ({ body: { targetId: h.lineId, memberType: 'ALL' }, field: 'memberType' }),
    foreign: (h) => ({ body: { targetId: h.lineId, memberType: 'STAFF' }, expect: 404 }),
  },
  '/v3/chats/cs-line/auth/apply': {
    bad: (h) => ({ body: { targetId: h.lineId, memberType: 'STAFF', add: [5] }, field: 'add[0]' }),
    foreign: (h) => ({ body: { targetId: h.lineId, memberType: 'STAFF', add: [] }, expect: 404 }),
  },
  ...crudCases(scoreConfigContract, {
    id: (h) => h.scoreConfigId,
    version: (h) => h.scoreConfigVersion,
    save: () => ({ name: '改名' }),
    create: {
      bad: () => ({
        body: { name: '满意度', onlineConfig: { replies: [{ score: 5, reply: 5 }] } },
        field: 'onlineConfig.replies[0].reply',
      }),
      foreign: creates('a satisfaction config'),
    },
  }),
  '/v3/chats/score-config/check-issue': {
    bad: () => ({ query: {}, field: 'lineId' }),
    foreign: (h) => ({ query: { lineId: h.lineId }, expect: 404 }),
  },
  ...crudCases(customFieldContract, {
    id: (h) => h.fieldId,
    version: (h) => h.fieldVersion,
    save: () => ({ name: '改名', code: 'rm-renamed', type: 'INPUT' }),
    create: {
      bad: () => ({
        body: { name: '字段', code: 'rm-bad', type: 'RADIO', options: [{ label: 5 }] },
        field: 'options[0].label',
      }),
      foreign: creates('a custom field'),
    },
  }),
  ...crudCases(summaryConfigContract, {
    id: (h) => h.summaryId,
    version: (h) => h.summaryVersion,
    save: () => ({ name: '改名' }),
    create: {
      bad: () => ({ body: { name: '小结', fields: [{ fieldId: 5 }] }, field: 'fields[0].fieldId' }),
      // the custom fields are references of the body: another organisation's is a field error
      foreign: (h) => ({
        body: { name: '小结', fields: [{ fieldId: h.fieldId }] },
        expect: 400,
        field: 'fields[0].fieldId',
      }),
    },
  }),
  // ticket states: every organisation lists its own system states, never the home one's states
  ...crudCases(taskStateContract, {
    id: (h) => h.taskStateId,
    version: (h) => h.taskStateVersion,
    save: () => ({ name: '改名', code: 'RM_CALLBACK', status: 'PROCESSING' }),
    list: peopleListCase((h) => h.taskStateId),
    create: {
      bad: () => ({ body: { name: '状态', code: 'RM_BAD', status: 'PENDING', color: 5 }, field: 'color' }),
      foreign: creates('a ticket state'),
    },
  }),
  ...crudCases(taskGroupContract, {
    id: (h) => h.taskGroupId,
    version: (h) => h.taskGroupVersion,
    save: (h) => ({ name: '改名', staffIds: [h.userId] }),
    create: {
      bad: (h) => ({ body: { name: '工单组', capacity: '20', staffIds: [h.userId] }, field: 'capacity' }),
      // the processors are references of the body: another organisation's user is a field error
      foreign: (h) => ({ body: { name: '工单组', staffIds: [h.userId] }, expect: 400, field: 'staffIds[0]' }),
    },
  }),
  '/v3/users/staff/top': {
    bad: () => ({ body: { limit: 101 }, field: 'limit' }),
    foreign: (h) => ({
      body: {},
      expect: 200,
      check: (answer) => {
        expect(answer.length).toBeGreaterThan(0);
        expect(answer.map((a: Json) => a.id)).not.toContain(h.userId);
      },
    }),
  },
  '/v3/users/app/list/top': {
    bad: () => ({ body: { types: 'FRONT' }, field: 'types' }),
    foreign: (h) => ({
      body: {},
      expect: 200,
      check: (answer) => expect(answer.map((a: Json) => a.id)).not.toContain(h.appId),
    }),
  },
  '/v3/system/censor-log/page': {
    bad: () => ({ body: { lineId: 5 }, field: 'lineId' }),
    foreign: () => ({ body: { lineId: '1' }, query: { page: '1', size: '100' }, expect: 200, check: noRecords }),
  },
  '/v3/system/censor-log/rescan': {
    bad: () => ({ body: { timeFrom: '2024-05-01', timeTo: 5 }, field: 'timeTo' }),
    foreign: () => ({ none: "rescans the caller's organisation's messages" }),
  },
  '/v3/system/censor-log/rescan/progress': {
    bad: () => ({ query: {}, field: 'jobId' }),
    foreign: (h) => ({ query: { jobId: h.rescanJobId }, expect: 404 }),
  },
  '/v3/system/censor-log/export': {
    bad: () => ({ body: { lineId: '1', format: 'PDF' }, field: 'format' }),
    foreign: () => ({ none: "exports the caller's organisation's log" }),
  },
  '/v3/system/censor-log/export/progress': {
    bad: () => ({ query: {}, field: 'jobId' }),
    foreign: (h) => ({ query: { jobId: h.exportJobId }, expect: 404 }),
  },
  '/v3/system/censor-log/export/download': {
    method: 'GET',
    bad: () => ({ query: {}, field: 'jobId' }),
    foreign: (h) => ({ query: { jobId: h.exportJobId }, expect: 404 }),
  },
  '/v3/users/permission/list': {
    bad: () => ({ none: 'reads no input' }),
    foreign: () => ({ none: 'the same keys for everyone' }),
  },

  '/v3/worker/center/upload': {
    bad: () => ({ query: { dir: 'elsewhere' }, field: 'dir' }),
    foreign: () => ({ none: "stores in the caller's organisation's folder" }),
  },
  '/v3/worker/center/upload/config': {
    bad: () => ({ query: { dir: 'elsewhere' }, field: 'dir' }),
    foreign: () => ({ none: 'the same configuration for every organisation' }),
  },
  '/v3/worker/center/download': {
    method: 'GET',
    bad: () => ({ query: {}, field: 'path' }),
    foreign: (h) => ({ query: { path: h.filePath }, expect: 404 }),
  },
};

const ROUTES: Readonly<Record<string, RouteCase>> = TABLE;

const registered = () => routeRegistry.filter((r) => r.path.startsWith('/v3/'));
const accessOf = (path: string): RouteAccess => ROUTE_PERMISSIONS[path as keyof typeof ROUTE_PERMISSIONS];
const isKey = (access: RouteAccess) => access !== PUBLIC && access !== AUTHENTICATED;

function send(who: Caller | null, path: string, call: Call): Promise<LightMyRequestResponse> {
  const method = ROUTES[path]?.method ?? 'POST';
  return t.app.inject({
    method,
    url: path,
    query: call.query,
    ...(method === 'POST' ? { payload: (call.body ?? {}) as object } : {}),
    headers: who === null ? {} : { cookie: who.cookie },
  });
}

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'qcdesk-matrix-'));
  t = await startTestApp({ redisUrl: null, filesDir });
  ({ admin } = await organisationWith(t, 'rm-home', { admin: ['*'] }));
  ({ outsider } = await organisationWith(t, 'rm-away', { outsider: ['*'] }));
  const keys = [
    ...new Set(
      registered()
        .map((r) => accessOf(r.path))
        .filter(isKey),
    ),
  ];
  const people = Object.fromEntries(
    keys.map((k) => [k.replace(/[^a-z]/gi, '_'), PERMISSION_KEYS.filter((p) => p !== k)]),
  );
  const signed = await organisationWith(t, 'rm-keys', people);
  for (const k of keys) without.set(k, (signed as unknown as Record<string, Caller>)[k.replace(/[^a-z]/gi, '_')]!);

  const sessions = deskSessions(6);
  await ok(admin.post('/v3/chats/session/import', sessions));
  const scheme = await aiScheme(admin);
  const taskId = await activeTask(admin, scheme.schemeId, ['1', '2']);
  await t.app.tasks.whenIdle();
  const schemeDetail = await ok(admin.post('/v3/chats/qc-scheme/detail', {}, { query: { schemeId: scheme.schemeId } }));
  const angle = schemeDetail.schemeAngles[0];
  const { id: ruleId } = await ok(admin.post('/v3/chats/qc-rule/create', { name: '外部编号规则', ruleOutId: 'OUT-1' }));
  const rule = await ok(admin.post('/v3/chats/qc-rule/detail', {}, { query: { ruleId } }));
  // a PERSON scheme, its angle and rule, and an assessment of the session
  const { id: personSchemeId } = await ok(
    admin.post('/v3/chats/qc-scheme/create', { name: '人工', type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
  );
  const personRule = (await ok(admin.post('/v3/chats/qc-rule/create', { name: '规范', type: 'PERSON' }))).id;
  const personAngle = (
    await ok(admin.post('/v3/chats/qc-angle/create', { schemeId: personSchemeId, name: '规范', score: 100 }))
  ).id;
  await ok(
    admin.post('/v3/chats/qc-angle-rule/create', {
      schemeId: personSchemeId,
      angleId: personAngle,
      ruleIds: [personRule],
    }),
  );
  const ai = (await ok(admin.post('/v3/chats/ai-result/list', {})))[0];
  const { id: manualResultId } = await ok(
    admin.post('/v3/chats/qc-manual-result/create', {
      schemeId: personSchemeId,
      sessionId: ai.sessionId,
      manualAngles: [
        { angleId: personAngle, manualRules: [{ angleId: personAngle, ruleId: personRule, scoreNum: 10 }] },
      ],
    }),
  );
  const { id: aiComplaintId } = await ok(
    admin.post('/v3/chats/complaint/create', { type: 'AI', sessionId: ai.sessionId, resultId: ai.id, reason: '不服' }),
  );
  const { id: manualComplaintId } = await ok(
    admin.post('/v3/chats/complaint/create', {
      type: 'MANUAL',
      sessionId: ai.sessionId,
      resultId: manualResultId,
      reason: '不服',
    }),
  );
  const complaint = (await ok(admin.post('/v3/chats/complaint/list', { status: 'ALL' }))).find(
    (c: Json) => c.id === aiComplaintId,
  );
  const task = await ok(admin.post('/v3/chats/qc-task/detail', {}, { query: { taskId } }));
  const uploaded = await uploadFile(t, admin, '证据.txt', '聊天记录');
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const { id: tokenId } = await ok(admin.post('/v3/auth/token/create', { name: '质检后台' }));
  const { id: outsiderSchemeId } = await ok(
    outsider.post('/v3/chats/qc-scheme/create', { name: '别家方案', type: 'TEXT', targetType: 'AI' }),
  );
  // desk staffing: the import made agents 101..103; a service time and a group of agent 101 using it
  const { id: timeId } = await ok(
    admin.post('/v3/chats/cs-time/create', {
      name: '工作日',
      config: { generalPeriods: [{ daysOfWeek: [1, 2, 3, 4, 5], beginTime: '09:00', endTime: '18:00' }] },
    }),
  );
  const { id: groupId } = await ok(
    admin.post('/v3/chats/cs-group/create', { name: '售前组', type: 'ONLINE', timeId, agentIds: ['101'] }),
  );
  const staffing = {
    time: await ok(admin.post('/v3/chats/cs-time/detail', {}, { query: { timeId } })),
    group: await ok(admin.post('/v3/chats/cs-group/detail', {}, { query: { groupId } })),
    agent: await ok(admin.post('/v3/chats/cs-agent/detail', {}, { query: { agentId: '101' } })),
    me: await ok(admin.post('/v3/auth/me', {})),
  };
  // people: a role of the home organisation, the admin as a user record
  const { id: roleId } = await ok(
    admin.post('/v3/users/role/create', { code: 'rm-role', name: '角色', permissions: ['qc-rule.view'] }),
  );
  const peopleRecords = {
    role: await ok(admin.post('/v3/users/role/detail', {}, { query: { roleId } })),
    admin: await ok(admin.post('/v3/users/user/detail', {}, { query: { userId: staffing.me.user.id } })),
  };
  const { id: censorBanId } = await ok(
    admin.post('/v3/system/censor-ban/create', {
      name: '客户辱骂',
      flag: 'cs-customer',
      operation: 'REPORT',
      words: ['骗子'],
    }),
  );
  const censorBan = await ok(admin.post('/v3/system/censor-ban/detail', {}, { query: { banId: censorBanId } }));
  const { id: platformId } = await ok(
    admin.post('/v3/feed/ai-platform/create', { name: '模型服务', provider: 'HTTP', baseUrl: 'http://127.0.0.1:9/' }),
  );
  const { id: chatbotId } = await ok(
    admin.post('/v3/chats/chatbot/create', { name: '售前机器人', nick: '小助手', platformId }),
  );
  const bots = {
    platform: await ok(admin.post('/v3/feed/ai-platform/detail', {}, { query: { platformId } })),
    chatbot: await ok(admin.post('/v3/chats/chatbot/detail', {}, { query: { chatbotId } })),
  };
  // the spaces and ticket kinds lines point at, and the home organisation's app
  const { id: kindId } = await ok(admin.post('/v3/feed/task-kind/create', { name: '投诉处理', code: 'COMPLAINT' }));
  const { id: spaceId } = await ok(
    admin.post('/v3/feed/space/create', { name: '售后工单', type: 'TICKET', taskKindIds: [kindId] }),
  );
  // the kind's flow: two system states and a node between them (the kind is still shielded, so it may be edited)
  await createSystemStates(t.database.db, Number(staffing.me.organisation.id));
  await ok(admin.post('/v3/feed/task-kind/states', { id: kindId, stateCodes: ['PENDING', 'PROCESSING'] }));
  const { id: nodeId } = await ok(
    admin.post('/v3/feed/task-kind/node/save', {
      kindId,
      name: '受理',
      handlerType: 'CREATOR',
      stateFrom: 'PENDING',
      stateTo: 'PROCESSING',
    }),
  );
  const spaceRecords = {
    kind: await ok(admin.post('/v3/feed/task-kind/detail', {}, { query: { kindId } })),
    space: await ok(admin.post('/v3/feed/space/detail', {}, { query: { spaceId } })),
  };
  const appId = String(await createDefaultApp(t.database.db, Number(staffing.me.organisation.id)));
  const { id: lineId } = await ok(admin.post('/v3/chats/cs-line/create', { name: '售前线路', appId }));
  const line = await ok(admin.post('/v3/chats/cs-line/detail', {}, { query: { lineId } }));
  const { id: navId } = await ok(admin.post('/v3/chats/cs-nav/create', { name: '底部导航', kind: 'BOTTOM' }));
  const nav = await ok(admin.post('/v3/chats/cs-nav/detail', {}, { query: { navId } }));
  const { id: fieldId } = await ok(
    admin.post('/v3/feed/field/create', { name: '客户电话', code: 'phone', type: 'PHONE' }),
  );
  const { id: summaryId } = await ok(
    admin.post('/v3/chats/summary-config/create', { name: '服务小结', fields: [{ fieldId, required: true }] }),
  );
  const summaries = {
    field: await ok(admin.post('/v3/feed/field/detail', {}, { query: { fieldId } })),
    summary: await ok(admin.post('/v3/chats/summary-config/detail', {}, { query: { summaryConfigId: summaryId } })),
  };
  const { id: scoreConfigId } = await ok(admin.post('/v3/chats/score-config/create', { name: '满意度配置' }));
  const scoreConfig = await ok(admin.post('/v3/chats/score-config/detail', {}, { query: { configId: scoreConfigId } }));
  // the log's background jobs: a rescan and an export
  const { jobId: rescanJobId } = await ok(
    admin.post('/v3/system/censor-log/rescan', { timeFrom: '2024-05-01', timeTo: '2024-05-01' }),
  );
  const { jobId: exportJobId } = await ok(admin.post('/v3/system/censor-log/export', { lineId: '1', format: 'CSV' }));
  // a ticket state, and a ticket group whose processor is the admin
  const { id: taskStateId } = await ok(
    admin.post('/v3/feed/task-state/create', { name: '待回访', code: 'RM_CALLBACK', status: 'PROCESSING' }),
  );
  const { id: taskGroupId } = await ok(
    admin.post('/v3/feed/task-group/create', { name: '售后一组', staffIds: [staffing.me.user.id] }),
  );
  const ticketSetup = {
    state: await ok(admin.post('/v3/feed/task-state/detail', {}, { query: { stateId: taskStateId } })),
    group: await ok(admin.post('/v3/feed/task-group/detail', {}, { query: { groupId: taskGroupId } })),
  };
  const ticketHome = await homeTicket(taskGroupId, Number(staffing.me.organisation.id));
  home = {
    ...ticketHome,
    taskStateId,
    taskStateVersion: ticketSetup.state.version,
    taskGroupId,
    taskGroupVersion: ticketSetup.group.version,
    kindId,
    kindVersion: spaceRecords.kind.version,
    nodeId,
    spaceId,
    spaceVersion: spaceRecords.space.version,
    appId,
    lineId,
    lineVersion: line.version,
    navId,
    navVersion: nav.version,
    fieldId,
    fieldVersion: summaries.field.version,
    summaryId,
    summaryVersion: summaries.summary.version,
    scoreConfigId,
    scoreConfigVersion: scoreConfig.version,
    platformId,
    platformVersion: bots.platform.version,
    chatbotId,
    chatbotVersion: bots.chatbot.version,
    rescanJobId,
    exportJobId,
    censorBanId,
    censorBanVersion: censorBan.version,
    schemeId: scheme.schemeId,
    schemeVersion: schemeDetail.version,
    angleId: angle.id,
    angleVersion: angle.version,
    angleRuleId: angle.angleRules[0].id,
    ruleId,
    ruleOutId: 'OUT-1',
    ruleVersion: rule.version,
    personSchemeId,
    sessionId: ai.sessionId,
    chatId: sessions.find((s) => s.sessionId === ai.sessionId)!.chatId,
    aiResultId: ai.id,
    aiVersion: ai.version,
    manualResultId,
    aiComplaintId,
    manualComplaintId,
    complaintVersion: complaint.version,
    taskId,
    taskVersion: task.version,
    filePath: uploaded.json().path,
    tokenId,
    outsiderSchemeId,
    timeId,
    timeVersion: staffing.time.version,
    groupId,
    groupVersion: staffing.group.version,
    agentId: '101',
    agentVersion: staffing.agent.version,
    userId: staffing.me.user.id,
    userVersion: peopleRecords.admin.version,
    roleId,
    roleVersion: peopleRecords.role.version,
  };
}, 240_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('the route table', () => {
  it('has one entry for every /v3 route the server registers, and none for a route it does not', () => {
    const served = registered().map((r) => r.path);
    expect(served.length).toBeGreaterThan(60);
    expect(Object.keys(ROUTES).sort()).toEqual([...served].sort());
    for (const r of registered()) expect(ROUTES[r.path]!.method ?? 'POST', r.path).toBe(r.method ?? 'POST');
  });

  it('gives every route taking an input a bad one, and every route taking an id an organisation case', () => {
    for (const [path, c] of Object.entries(ROUTES)) {
      const spec = registered().find((r) => r.path === path)!;
      const bad = c.bad(home);
      // a route that declares a body or a query (other than an empty one) is tested with a bad input
      if ('none' in bad)
        expect(spec.query === undefined && (spec.body === undefined || isEmptyBody(spec.body)), path).toBe(true);
      const foreign = c.foreign(home);
      if ('none' in foreign) expect(/detail|change|status|delete|progress|rerun|revoke/.test(path), path).toBe(false);
    }
  });
});

/** A kind with a flow written into the store (its screens are the template helpers'), and a ticket routed in `groupId`. */
async function homeTicket(groupId: string, organizationId: number) {
  await writeStates(t.database.db, organizationId);
  const { kindId } = await writeKind(t.database.db, organizationId, {
    name: '路由矩阵工单',
    states: ['PENDING', 'CLOSED'],
    nodes: [{ from: 'PENDING', to: 'CLOSED' }],
  });
  const { id: ticketId } = await ok(
    admin.post('/v3/feed/ticket/create', { kindId: String(kindId), title: '工单', groupId }),
  );
  const ticket = await ok(admin.post('/v3/feed/ticket/detail', {}, { query: { ticketId } }));
  return { ticketKindId: String(kindId), ticketId, ticketVersion: ticket.version as number };
}

function isEmptyBody(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && Object.keys(shape).length === 0;
}

describe('403 without the key', () => {
  it.each(Object.keys(ROUTES).filter((p) => isKey(accessOf(p))))('%s', async (path) => {
    const c = ROUTES[path]!;
    const cases = BODY_DEPENDENT_PATHS.includes(path as never)
      ? c.byBody!(home)
      : [{ key: accessOf(path) as string, body: {} }];
    expect(cases.length).toBeGreaterThan(0);
    for (const { key, body } of cases) {
      const who = without.get(key) ?? (await lacking(key));
      const res = await send(who, path, { body });
      expect(res.statusCode, `${path} without ${key}: ${res.body}`).toBe(403);
      const answer = res.json();
      expect(Object.keys(answer).sort(), path).toEqual(['code', 'message']);
      expect(answer.code).toBe('FORBIDDEN');
      expect(answer.message).toContain(key);
    }
  });

  it.each(Object.keys(ROUTES).filter((p) => accessOf(p) !== PUBLIC))('%s answers 401 signed out', async (path) => {
    const res = await send(null, path, {});
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('lets anyone call the public routes', async () => {
    const publicPaths = Object.keys(ROUTES).filter((p) => accessOf(p) === PUBLIC);
    expect(publicPaths.sort()).toEqual(['/v3/auth/login', '/v3/health']);
    expect((await send(null, '/v3/health', {})).statusCode).toBe(200);
  });
});

async function lacking(key: string): Promise<Caller> {
  const name = `k${without.size}`;
  const made = await organisationWith(t, 'rm-keys-more', { [name]: PERMISSION_KEYS.filter((p) => p !== key) });
  const who = (made as unknown as Record<string, Caller>)[name]!;
  without.set(key, who);
  return who;
}

describe('400 naming the field path of a wrongly typed input', () => {
  it.each(Object.keys(ROUTES))('%s', async (path) => {
    const bad = ROUTES[path]!.bad(home);
    if ('none' in bad) return;
    const res = await send(admin, path, bad);
    if ('recordField' in bad) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ created: 0, failed: 1, errors: [{ line: 1, field: bad.recordField }] });
      return;
    }
    expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
    const answer = res.json();
    expect(answer).toMatchObject({ code: 'INVALID_FIELD', field: bad.field });
    expect(answer.message.startsWith(`${bad.field}：`), answer.message).toBe(true);
    const en = await t.app.inject({
      method: ROUTES[path]!.method ?? 'POST',
      url: path,
      query: bad.query,
      ...((ROUTES[path]!.method ?? 'POST') === 'POST' ? { payload: (bad.body ?? {}) as object } : {}),
      headers: { cookie: admin.cookie, 'accept-language': 'en' },
    });
    expect(en.json().message.startsWith(`${bad.field}: `), en.json().message).toBe(true);
  });
});

describe("another organisation's ids", () => {
  /** what the home organisation reads before and after the outsider's calls */
  const snapshot = async () => {
    const q = (path: string, query: Record<string, string>) => ok(admin.post(path, {}, { query }));
    return {
      scheme: await q('/v3/chats/qc-scheme/detail', { schemeId: home.schemeId }),
      personScheme: await q('/v3/chats/qc-scheme/detail', { schemeId: home.personSchemeId }),
      angle: await q('/v3/chats/qc-angle/detail', { angleId: home.angleId }),
      rule: await q('/v3/chats/qc-rule/detail', { ruleId: home.ruleId }),
      ai: await q('/v3/chats/ai-result/detail', { sessionId: home.sessionId }),
      manual: await q('/v3/chats/qc-manual-result/detail', { sessionId: home.sessionId }),
      complaints: await ok(admin.post('/v3/chats/complaint/list', { status: 'ALL' })),
      task: await q('/v3/chats/qc-task/detail', { taskId: home.taskId }),
      tokens: await ok(admin.post('/v3/auth/token/list', {})),
      sessions: (await ok(admin.post('/v3/chats/session/list', {}))).length,
      user: await q('/v3/users/user/detail', { userId: home.userId }),
      role: await q('/v3/users/role/detail', { roleId: home.roleId }),
      space: await q('/v3/feed/space/detail', { spaceId: home.spaceId }),
      kind: await q('/v3/feed/task-kind/detail', { kindId: home.kindId }),
      line: await q('/v3/chats/cs-line/detail', { lineId: home.lineId }),
      nav: await q('/v3/chats/cs-nav/detail', { navId: home.navId }),
      field: await q('/v3/feed/field/detail', { fieldId: home.fieldId }),
      // what another organisation could change of a ticket (its alarm flags follow the clock)
      ticket: await q('/v3/feed/ticket/detail', { ticketId: home.ticketId }).then((d: Json) => ({
        version: d.version,
        stateCode: d.stateCode,
        handlerId: d.handlerId,
        events: d.events,
      })),
      summary: await q('/v3/chats/summary-config/detail', { summaryConfigId: home.summaryId }),
      taskState: await q('/v3/feed/task-state/detail', { stateId: home.taskStateId }),
      taskGroup: await q('/v3/feed/task-group/detail', { groupId: home.taskGroupId }),
    };
  };
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot();
  });

  it.each(Object.keys(ROUTES))('%s', async (path) => {
    const foreign = ROUTES[path]!.foreign(home);
    if ('none' in foreign) return;
    const res = await send(outsider, path, foreign);
    if (foreign.expect === 404) {
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    } else if (foreign.expect === 400) {
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ field: foreign.field });
    } else {
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      foreign.check(res.json());
    }
  });

  it('changed nothing of the home organisation', async () => {
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.tokens.map((x: Json) => x.id)).toContain(home.tokenId);
  });
});
