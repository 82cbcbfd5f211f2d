import { csNavContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

describeCrudEntity({
  contract: csNavContract,
  body: (name) => ({
    name,
    kind: 'SELF',
    welcome: '您好，请问有什么可以帮您？',
    onlineConfig: {
      tabs: [{ name: '标签-1', menus: [{ name: '菜单-1', type: 'TEXT', params: { content: '营业时间 9:00-18:00' } }] }],
      buttons: [],
    },
  }),
  change: { field: 'welcome', value: '欢迎光临' },
  invalid: { patch: { onlineConfig: { tabs: [{ name: '' }] } }, field: 'onlineConfig.tabs[0].name' },
});
