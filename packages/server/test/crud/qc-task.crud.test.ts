import { qcTaskContract } from '@qcdesk/contracts';
import { describeCrudEntity } from './describe-crud-entity.js';

describeCrudEntity({
  contract: qcTaskContract,
  // a task needs a live TEXT scheme of its organisation
  prepare: async (admin) => {
    const res = await admin.post('/v3/chats/qc-scheme/create', { name: '任务用方案', type: 'TEXT', targetType: 'AI' });
    return { schemeId: (res.json() as { id: string }).id };
  },
  body: (name, { schemeId }) => ({ name, type: 'OFFLINE_TEXT', schemeId, lineIds: ['1'] }),
  change: { field: 'lineIds', value: ['1', '2'] },
  invalid: { patch: { lineIds: [] }, field: 'lineIds' },
});
