import { summaryConfigContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { ok } from '../tasks/fixtures.js';

describeCrudEntity({
  contract: summaryConfigContract,
  // every summary of the suite lists a custom field of its own organisation
  prepare: async (admin) => ({
    fieldId: (await ok(admin.post('/v3/feed/field/create', { name: '问题描述', code: 'problem', type: 'TEXTAREA' })))
      .id,
  }),
  body: (name, prepared) => ({ name, fields: [{ fieldId: prepared.fieldId, required: true }] }),
  change: {
    field: 'fields',
    value: [],
  },
  invalid: { patch: { fields: [{ fieldId: '1', required: 'yes' }] }, field: 'fields[0].required' },
  initialStatus: 'ACTIVE',
});
