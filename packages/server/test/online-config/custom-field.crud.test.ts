import { customFieldContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

// a code names one field of the organisation: each body of the suite takes a code of its own
let codes = 0;

describeCrudEntity({
  contract: customFieldContract,
  body: (name) => ({
    name,
    code: `f_${++codes}`,
    type: 'RADIO',
    options: [
      { label: '是', value: 'YES' },
      { label: '否', value: 'NO' },
    ],
  }),
  change: { field: 'placeholder', value: '请选择' },
  invalid: { patch: { options: [] }, field: 'options' },
});
