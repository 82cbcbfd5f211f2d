import { chatbotContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';

describeCrudEntity({
  contract: chatbotContract,
  // every bot of the suite sits on a platform of its own organisation, with a knowledge base of it
  prepare: async (admin) => ({
    platformId: (await ok(admin.post('/v3/feed/ai-platform/create', { name: '内置模型', provider: 'BUILTIN' }))).id,
    spaceId: (await ok(admin.post('/v3/feed/space/create', { name: '商品知识库', type: 'CS_KB' }))).id,
  }),
  body: (name, prepared) => ({ name, nick: '小助手', platformId: prepared.platformId, spaceIds: [prepared.spaceId] }),
  change: { field: 'nick', value: '售后小助手' },
  invalid: { patch: { mode: 'RULE' }, field: 'mode' },
});
