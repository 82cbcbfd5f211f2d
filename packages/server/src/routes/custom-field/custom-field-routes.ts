import { customFieldContract } from '@qcdesk/contracts';
import { and, eq, ilike, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditFields } from '../../crud/audit-fields.js';
import { defineEntityRoutes } from '../../crud/define-entity-routes.js';
import type { Queryable } from '../../crud/entity-table.js';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import type { RowOf } from '../../crud/rows.js';
import { customFields } from '../../db/schema/index.js';
import { ApiError } from '../../http/api-error.js';

type FieldRow = RowOf<typeof customFields>;

/**
 * Custom fields (tickets spec "Custom fields"): the contract's page, list, detail, create, change and delete, with
 * the trash. A code names one field of the organisation (a field in the trash keeps its code until emptied); the type
 * is chosen when creating and kept, since summaries and tickets already hold values of it.
 */
export async function customFieldRoutes(app: FastifyInstance): Promise<void> {
  defineEntityRoutes(app, customFieldContract, {
    table: customFields,
    keywordColumns: [customFields.name],
    where: (filter) => [
      filter.code ? ilike(customFields.code, `%${escapeLike(filter.code)}%`) : undefined,
      filter.type ? eq(customFields.type, filter.type) : undefined,
    ],
    records: (rows, { timeZone }) => rows.map((row) => fieldRecord(row, timeZone)),
    summaries: {
      page: 'custom fields, a page at a time (keyword on the name, code contained, type, deleted): the field picker’s source',
      detail: 'one custom field (fieldId) with its options',
    },
    save: {
      summary:
        'save a custom field: name, code (unique in the organisation) and type required; a choice type needs options with distinct values (a tree at most 3 levels); the type is kept from the create',
      values: async (body, { tx, auth, stored }) => {
        if (stored !== null && body.type !== stored.type)
          throw ApiError.of(400, 'INVALID_FIELD', 'field.typeFixed', {}, 'type');
        // the check answers the usual case; the unique index decides between saves at the same moment
        await refuseTakenCode(tx, auth.organizationId, body.code, body.id);
        return {
          name: body.name,
          code: body.code,
          options: body.options,
          placeholder: body.placeholder ?? null,
          intro: body.intro ?? null,
        };
      },
      createValues: (body) => ({ type: body.type }),
      uniqueIndexes: { custom_fields_org_code_uq: (body) => takenCode(body.code) },
    },
  });
}

const takenCode = (code: string) => ApiError.of(400, 'DUPLICATE', 'field.duplicateCode', { value: code }, 'code');

async function refuseTakenCode(tx: Queryable, organizationId: number, code: string, id: string | undefined) {
  const key = id === undefined ? null : dbId(id);
  const [other] = await tx
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.organizationId, organizationId),
        eq(customFields.code, code),
        ne(customFields.deleted, 'BUFFER'),
        key === null ? undefined : ne(customFields.id, key),
      ),
    );
  if (other !== undefined) throw takenCode(code);
}

/** A row as answered. */
export function fieldRecord(row: FieldRow, timeZone: string) {
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    type: row.type,
    options: row.options,
    placeholder: row.placeholder,
    intro: row.intro,
    version: row.version,
    deleted: row.deleted,
    ...auditFields(row, timeZone),
  };
}
