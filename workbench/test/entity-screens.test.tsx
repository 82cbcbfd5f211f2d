import type { QcRule, QcScheme } from '@qcdesk/contracts';
import { qcRuleDescription } from '../src/entities/qc-rule';
import { qcSchemeDescription } from '../src/entities/qc-scheme';
import { qcTaskDescription, type TaskRecord } from '../src/entities/qc-task';
import { describeEntityScreens } from './describe-entity-screens';

// Every registry entity whose list is the shared EntityList or whose form is the shared EntityForm runs the shared
// suite on its own description; what is specific to each stays in its own test file.

describeEntityScreens<QcRule>(qcRuleDescription, {
  record: (i) => ({ id: String(i), name: `规则${i}号`, type: 'AI', version: 1, comments: null }),
});

describeEntityScreens<QcScheme>(qcSchemeDescription, {
  record: (i) => ({
    id: String(100 + i),
    name: `方案${i}号`,
    status: 'INACTIVE',
    type: 'TEXT',
    targetType: 'AI',
    schemeAngles: [],
    version: 1,
  }),
});

describeEntityScreens<TaskRecord>(qcTaskDescription, {
  record: (i) => ({
    id: String(200 + i),
    name: `任务${i}号`,
    type: 'OFFLINE_TEXT',
    status: 'INACTIVE',
    schemeId: '9',
    schemeName: '文本方案',
    lineIds: ['L1'],
    lines: [{ lineId: 'L1', lineName: '微博客服-通信' }],
    version: 1,
  }),
  more: {
    '/v3/chats/qc-scheme/list': (request) =>
      (request.body as { targetType: string }).targetType === 'AI'
        ? [{ id: '9', name: '文本方案', targetType: 'AI' }]
        : [],
    '/v3/chats/session/directory': () => [{ id: 'L1', name: '微博客服-通信' }],
  },
});
