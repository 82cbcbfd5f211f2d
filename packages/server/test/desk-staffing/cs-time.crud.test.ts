import { csTimeContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';
import { WORKDAYS } from './helpers.js';

describeCrudEntity({
  contract: csTimeContract,
  body: (name) => ({ name, prompt: '人工服务时间为{X}', config: { generalPeriods: [WORKDAYS] } }),
  change: { field: 'prompt', value: '客服在线时间：{X}' },
  invalid: {
    patch: { config: { generalPeriods: [{ ...WORKDAYS, beginTime: '9 点' }] } },
    field: 'config.generalPeriods[0].beginTime',
  },
});
