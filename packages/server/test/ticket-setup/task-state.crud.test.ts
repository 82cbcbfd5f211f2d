import { taskStateContract } from '@qcdesk/contracts';
import { describeCrudEntity } from '../crud/describe-crud-entity.js';

/**
 * A state's code is fixed once created, so a change must send the code it was created with: the suite's bodies take
 * the code from the name (the suite changes a record under the name it read).
 */
function codeOf(name: string): string {
  let hash = 0x811c9dc5;
  for (const ch of name) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `S${hash.toString(16)}`;
}

describeCrudEntity({
  contract: taskStateContract,
  body: (name) => ({ name, code: codeOf(name), status: 'PENDING', color: '#13c2c2' }),
  change: { field: 'color', value: '#f5222d' },
  invalid: { patch: { name: '名'.repeat(31) }, field: 'name' },
});
