import type { SummaryConfigField, SummaryConfigSave } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { customFields, type StoredSummaryField } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

type FieldInfo = Pick<SummaryConfigField, 'fieldId' | 'fieldName' | 'fieldCode' | 'fieldType'>;

/**
 * The fields a save keeps, in its order (repeats already gone: spec §5): each a live custom field of the
 * organisation, else a 400 naming `fields[i].fieldId`.
 */
export async function requireFields(
  tx: Queryable,
  organizationId: number,
  fields: SummaryConfigSave['fields'],
): Promise<StoredSummaryField[]> {
  const keys = fields.map((f) => dbId(f.fieldId) ?? 0);
  const live = await liveFields(tx, organizationId, keys);
  return fields.map((f, i) => {
    if (!live.has(keys[i]!))
      throw ApiError.of(400, 'INVALID_REFERENCE', 'summary.field.unknown', { id: f.fieldId }, `fields[${i}].fieldId`);
    return { fieldId: keys[i]!, required: f.required, search: f.search };
  });
}

/** The live custom fields among `keys` with their names, codes and types, by key, in one query. */
export async function liveFields(
  db: Queryable,
  organizationId: number,
  keys: readonly number[],
): Promise<Map<number, FieldInfo>> {
  const unique = [...new Set(keys)].filter((key) => key > 0);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: customFields.id, name: customFields.name, code: customFields.code, type: customFields.type })
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, organizationId),
        inArray(customFields.id, unique),
        eq(customFields.deleted, 'NONE'),
      ),
    );
  return new Map(
    rows.map((f) => [f.id, { fieldId: String(f.id), fieldName: f.name, fieldCode: f.code, fieldType: f.type }]),
  );
}

/** A config's fields as answered: in its order, each with the field's current name, those in the trash left out. */
export function fieldsInOrder(
  stored: readonly StoredSummaryField[],
  fields: ReadonlyMap<number, FieldInfo>,
): SummaryConfigField[] {
  return stored.flatMap((f) => {
    const info = fields.get(f.fieldId);
    return info === undefined ? [] : [{ ...info, required: f.required, search: f.search }];
  });
}
