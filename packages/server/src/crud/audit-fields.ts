import { formatTime } from '../http/time-zone.js';
import { wireId } from './ids.js';

/** The shared entity columns as a row has them (db/schema/columns.ts). */
export interface AuditedRow {
  readonly organizationId: number;
  readonly creatorId: number | null;
  readonly creatorName: string | null;
  readonly createTime: Date;
  readonly modifierId: number | null;
  readonly modifierName: string | null;
  readonly modifyTime: Date;
}

/** Who created and last changed a record and when, as every record answers it (times in the desk's zone). */
export function auditFields(row: AuditedRow, timeZone: string) {
  return {
    tenantId: String(row.organizationId),
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    createTime: formatTime(row.createTime, timeZone),
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
