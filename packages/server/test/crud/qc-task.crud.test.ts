import { qcTaskContract } from '@qcdesk/contracts';
import { deskSessions } from '../tasks/fixtures.js';
import { describeCrudEntity } from './describe-crud-entity.js';

describeCrudEntity({
  contract: qcTaskContract,
  // a task needs a live TEXT scheme and live lines of its organisation (an import makes lines 1 and 2)
  prepare: async (admin) => {
    await admin.post('/v3/chats/session/import', deskSessions(3));
    const res = await admin.post('/v3/chats/qc-scheme/create', { name: '任务用方案', type: 'TEXT', targetType: 'AI' });
    return { schemeId: (res.json() as { id: string }).id };
  },
  body: (name, { schemeId }) => ({ name, type: 'OFFLINE_TEXT', schemeId, lineIds: ['1'] }),
  change: { field: 'lineIds', value: ['1', '2'] },
  invalid: { patch: { lineIds: [] }, field: 'lineIds' },
});
