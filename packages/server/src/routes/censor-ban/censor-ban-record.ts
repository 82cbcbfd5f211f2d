import { type CensorBan, censorBanContract, censorBanOptionsSchema } from '@qcdesk/contracts';
import type { z } from 'zod';
import { auditFields } from '../../crud/audit-fields.js';
import type { EntityName } from '../../crud/entity-table.js';
import type { RowOf } from '../../crud/rows.js';
import type { censorBans } from '../../db/schema/index.js';

export type CensorBanRow = RowOf<typeof censorBans>;

export const CENSOR_BAN: EntityName = censorBanContract.name;

/** A library as page, list and detail answer it: every word (the list screen previews the first 20). */
export function censorBanRecord(row: CensorBanRow, timeZone: string): z.input<typeof censorBanContract.record> {
  const record: Omit<CensorBan, 'version'> & { version: number } = {
    id: String(row.id),
    name: row.name,
    words: row.words,
    operation: row.operation,
    status: row.status,
    flag: row.flag,
    tempType: row.tempType,
    matches: row.matches,
    scopes: row.scopes,
    // options saved before a field existed read as its default
    options: censorBanOptionsSchema.parse(row.options),
    version: row.version,
    ...auditFields(row, timeZone),
  };
  return record;
}
