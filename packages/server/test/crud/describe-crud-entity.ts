/**
 * The generic behaviour of every entity whose calls `defineEntityRoutes` generates, from its contract: paging and its
 * bounds, `fields`, keyword search with literal `%` and `_`, 409 on a stale version, NONE → TRASH → restore / empty,
 * status, and 401 / 403 / 400-with-field-path / 404-of-another-organisation. An entity's own test file calls it
 * once with how to make a valid body; its specific rules stay in that file. Runs on PGlite, and on PostgreSQL under
 * `npm run test:pg`.
 */
import { type CrudCall, crudPath, deleteMovePath, type EntityContract, LIMITS } from '@qcdesk/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerWith, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Body = Record<string, unknown>;

/** What the suite is told about the entity beyond its contract. */
export interface CrudSuite {
  readonly contract: EntityContract;
  /**
   * A valid create body whose keyword-searched field is `name`. `prepare` ran before, in the same organisation, and
   * its answer is passed along (a scheme a task needs, …).
   */
  readonly body: (name: string, prepared: Body) => Body;
  /** a change's body, where it differs from a create's (a user's password is given on create only); default `body` */
  readonly changeBody?: (name: string, prepared: Body) => Body;
  /** records the entity needs before one can be saved (called once per organisation, as its admin) */
  readonly prepare?: (admin: Caller) => Promise<Body>;
  /** a field (other than name) and a new value a change writes and the detail shows; default: the name */
  readonly change?: { readonly field: string; readonly value: unknown };
  /** a body field the contract refuses, and the field path the 400 names; default: a name over 100 characters */
  readonly invalid?: { readonly patch: Body; readonly field: string };
  /** the field `keyword` searches; default `name` */
  readonly keywordField?: string;
  /** what every page and list body carries besides the suite's own filters (a tab such as targetType) */
  readonly filter?: Body;
  /** the status a new record starts in (entities with /status); default INACTIVE */
  readonly initialStatus?: 'ACTIVE' | 'INACTIVE';
}

const json = (res: LightMyRequestResponse) => res.json() as Body & { records: Body[]; total: number };

async function ok(res: Promise<LightMyRequestResponse>): Promise<Body & { records: Body[]; total: number }> {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(`expected 200, got ${answer.statusCode}: ${answer.body}`);
  return json(answer);
}

export function describeCrudEntity(suite: CrudSuite): void {
  const { contract } = suite;
  const { base, detailParam, keys } = contract;
  const path = (call: CrudCall) => crudPath(contract, call);
  const keywordField = suite.keywordField ?? 'name';
  const changeBody = suite.changeBody ?? suite.body;
  const hasStatus = keys.status !== undefined;
  const keysBut = (missing: string) =>
    [...new Set([keys.view, keys.edit, keys.delete, keys.status ?? keys.edit, keys.trash ?? keys.delete])].filter(
      (k) => k !== missing,
    );

  let t: TestApp;
  let admin: Caller;
  let outsider: Caller;
  let prepared: Body;
  let outsiderPrepared: Body;
  const home = { id: '', version: 0 };
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}`;
  const create = async (name: string, as: Caller = admin, with_: Body = prepared) =>
    String((await ok(as.post(path('create'), suite.body(name, with_)))).id);
  const listBody = (body: Body) => ({ ...suite.filter, ...body });
  const detail = async (id: string, as: Caller = admin) =>
    as.post(path('detail'), {}, { query: { [detailParam]: id } });

  describe(`${contract.name.en} (${base}): the generic calls`, () => {
    beforeAll(async () => {
      t = await startTestApp();
      const org = await organisationWith(t, `crud-${base.replaceAll('/', '-')}`, { admin: ['*'] });
      admin = org.admin;
      const other = await organisationWith(t, `crud-other-${base.replaceAll('/', '-')}`, { admin: ['*'] });
      outsider = other.admin;
      prepared = (await suite.prepare?.(admin)) ?? {};
      outsiderPrepared = (await suite.prepare?.(outsider)) ?? {};
      home.id = await create(unique('home '));
      home.version = Number((await ok(detail(home.id))).version);
    }, 60_000);
    afterAll(async () => t?.close());

    it('creates a record and shows it in detail, page and list', async () => {
      const name = unique('新建 ');
      const id = await create(name);
      const shown = await ok(detail(id));
      expect(shown).toMatchObject({ id, [keywordField]: name });
      const page = await ok(admin.post(path('page'), listBody({ keyword: name })));
      expect(page).toMatchObject({ total: 1, page: 1, size: LIMITS.defaultPageSize });
      expect(page.records.map((r) => r.id)).toEqual([id]);
      const list = (await ok(admin.post(path('list'), listBody({ keyword: name })))) as unknown as Body[];
      expect(list.map((r) => r.id)).toEqual([id]);
    });

    it('pages newest change first, within the size bounds, naming `size` when out of them', async () => {
      const prefix = unique('paging ');
      const ids = [];
      for (const n of [1, 2, 3]) ids.push(await create(`${prefix}-${n}`));
      const first = await ok(
        admin.post(path('page'), listBody({ keyword: prefix }), { query: { page: '1', size: '2' } }),
      );
      expect(first).toMatchObject({ total: 3, page: 1, size: 2 });
      expect(first.records.map((r) => r.id)).toEqual([ids[2], ids[1]]);
      const second = await ok(
        admin.post(path('page'), listBody({ keyword: prefix }), { query: { page: '2', size: '2' } }),
      );
      expect(second.records.map((r) => r.id)).toEqual([ids[0]]);
      for (const size of ['0', String(LIMITS.pageSizeMax + 1)]) {
        const res = await admin.post(path('page'), listBody({}), { query: { size }, lang: 'en' });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ field: 'size', message: 'size: Page size must be from 1 to 500' });
      }
    });

    it('answers only the requested `fields`, and always the id', async () => {
      const page = await ok(admin.post(path('page'), listBody({ fields: [keywordField] })));
      expect(page.records.length).toBeGreaterThan(0);
      for (const record of page.records) expect(Object.keys(record).sort()).toEqual(['id', keywordField].sort());
    });

    it('searches `%` and `_` literally', async () => {
      const prefix = unique('lit');
      const percent = await create(`${prefix} 100%`);
      const underscore = await create(`${prefix} a_b`);
      await create(`${prefix} 1000 axb`);
      const byPercent = await ok(admin.post(path('page'), listBody({ keyword: `${prefix} 100%` })));
      expect(byPercent.records.map((r) => r.id)).toEqual([percent]);
      const byUnderscore = await ok(admin.post(path('page'), listBody({ keyword: 'a_b' })));
      expect(byUnderscore.records.map((r) => r.id)).toEqual([underscore]);
    });

    it('changes with the version read, then answers 409 to the stale version and keeps the first change', async () => {
      const id = await create(unique('version '));
      const before = await ok(detail(id));
      const field = suite.change?.field ?? keywordField;
      const value = suite.change?.value ?? unique('changed ');
      const changed = { ...changeBody(String(before[keywordField]), prepared), [field]: value };
      await ok(admin.post(path('change'), { ...changed, id, version: before.version }));
      const after = await ok(detail(id));
      expect(after[field]).toEqual(value);
      expect(after.version).toBe(Number(before.version) + 1);
      const stale = await admin.post(path('change'), {
        ...changed,
        [keywordField]: 'stale',
        id,
        version: before.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(json(stale)).toMatchObject({ code: 'STALE_VERSION', field: 'version' });
      expect((await ok(detail(id)))[keywordField]).toBe(after[keywordField]);
    });

    it('asks for the version when changing, naming `version`', async () => {
      const res = await admin.post(path('change'), { ...changeBody('no version', prepared), id: home.id });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'version' })]));
    });

    it('refuses a bad body with 400 naming the field path, in Chinese and in English', async () => {
      const invalid = suite.invalid ?? {
        patch: { [keywordField]: 'x'.repeat(LIMITS.nameMax + 1) },
        field: keywordField,
      };
      const body = { ...suite.body('invalid', prepared), ...invalid.patch };
      for (const lang of [undefined, 'en'] as const) {
        const res = await admin.post(path('create'), body, lang === undefined ? {} : { lang });
        expect(res.statusCode).toBe(400);
        const answer = json(res) as unknown as { errors?: { field: string; message: string }[]; message: string };
        expect(answer.errors?.map((e) => e.field)).toContain(invalid.field);
        expect(answer.message).toMatch(lang === 'en' ? /[a-z]/i : /[\u4e00-\u9fff]/);
      }
    });

    if (contract.softDelete) {
      it('moves NONE → TRASH → NONE → TRASH → BUFFER, shows the trash view, and refuses other moves', async () => {
        const id = await create(unique('trash '));
        // restore and empty are their own calls where they have their own key
        const move = (deleted: 'NONE' | 'TRASH' | 'BUFFER', ids = [id]) =>
          admin.post(deleteMovePath(contract, deleted), { ids, deleted }, { lang: 'en' });
        const skip = await move('BUFFER');
        expect(skip.statusCode).toBe(400);
        expect(json(skip)).toEqual({
          code: 'BAD_DELETE_MOVE',
          message: 'Cannot move records from NONE to BUFFER',
          field: 'ids[0]',
        });
        expect(await ok(move('TRASH'))).toEqual({ ids: [id], deleted: 'TRASH' });
        if ('deleted' in contract.filter.shape) {
          const trash = await ok(admin.post(path('page'), listBody({ deleted: 'TRASH' })));
          expect(trash.records.map((r) => r.id)).toContain(id);
          const live = await ok(admin.post(path('page'), listBody({}), { query: { size: '500' } }));
          expect(live.records.map((r) => r.id)).not.toContain(id);
        }
        const version = (await ok(detail(id))).version;
        const inTrash = await admin.post(path('change'), { ...changeBody('in trash', prepared), id, version });
        expect(inTrash.statusCode).toBe(400);
        expect(json(inTrash).code).toBe('IN_TRASH');
        await ok(move('NONE'));
        expect((await ok(detail(id))).deleted).toBe('NONE');
        await ok(move('TRASH'));
        await ok(move('BUFFER'));
        expect((await detail(id)).statusCode).toBe(404);
        expect((await move('NONE')).statusCode).toBe(404);
      });

      it('moves nothing when one of the ids may not move, naming it', async () => {
        const a = await create(unique('all-or-none '));
        const b = await create(unique('all-or-none '));
        await ok(admin.post(path('delete'), { ids: [b], deleted: 'TRASH' }));
        const res = await admin.post(path('delete'), { ids: [a, b], deleted: 'TRASH' });
        expect(res.statusCode).toBe(400);
        expect(json(res).field).toBe('ids[1]');
        expect((await ok(detail(a))).deleted).toBe('NONE');
      });
    } else {
      it('deletes for good', async () => {
        const id = await create(unique('remove '));
        expect(await ok(admin.post(path('delete'), { ids: [id] }))).toEqual({ ids: [id] });
        expect((await detail(id)).statusCode).toBe(404);
      });
    }

    it('asks to select a record when ids is empty', async () => {
      const body = contract.softDelete ? { ids: [], deleted: 'TRASH' } : { ids: [] };
      const res = await admin.post(path('delete'), body, { lang: 'en' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ field: 'ids', message: 'ids: please select a record' });
    });

    if (hasStatus) {
      it('switches records on and off', async () => {
        const id = await create(unique('status '));
        expect((await ok(detail(id))).status).toBe(suite.initialStatus ?? 'INACTIVE');
        for (const status of ['ACTIVE', 'INACTIVE', 'ACTIVE'] as const) {
          expect(await ok(admin.post(path('status'), { ids: [id], status }))).toEqual({ ids: [id], status });
          expect((await ok(detail(id))).status).toBe(status);
        }
      });
    }

    it('answers 401 signed out and 403 without the key of each call', async () => {
      const anonymous = callerWith(t, 'qcdesk_session=none');
      expect((await anonymous.post(path('page'), listBody({}))).statusCode).toBe(401);
      const people = await organisationWith(t, unique('keys-'), {
        noView: keysBut(keys.view),
        noEdit: keysBut(keys.edit),
        noDelete: keysBut(keys.delete),
      });
      expect((await people.noView.post(path('page'), listBody({}))).statusCode).toBe(403);
      expect((await people.noView.post(path('detail'), {}, { query: { [detailParam]: home.id } })).statusCode).toBe(
        403,
      );
      expect((await people.noEdit.post(path('create'), suite.body('x', prepared))).statusCode).toBe(403);
      if (keys.delete !== keys.edit)
        expect((await people.noEdit.post(path('page'), listBody({}))).statusCode).toBe(200);
      const deleteBody = contract.softDelete ? { ids: [home.id], deleted: 'TRASH' } : { ids: [home.id] };
      const refused = await people.noDelete.post(path('delete'), deleteBody);
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe(`没有权限执行此操作（需要权限 ${keys.delete}）`);
      if (keys.trash !== undefined && keys.trash !== keys.delete) {
        // restore and empty need their own key: the delete key is not enough
        const { noTrash } = await organisationWith(t, unique('trash-key-'), { noTrash: keysBut(keys.trash) });
        for (const to of ['NONE', 'BUFFER'] as const) {
          const res = await noTrash.post(deleteMovePath(contract, to), { ids: [home.id] });
          expect(res.statusCode).toBe(403);
          expect(json(res).message).toBe(`没有权限执行此操作（需要权限 ${keys.trash}）`);
        }
      }
    });

    it("never shows or changes another organisation's record: 404 on every call that names it", async () => {
      const theirs = await ok(outsider.post(path('page'), listBody({})));
      expect(theirs.records.map((r) => r.id)).not.toContain(home.id);
      expect((await detail(home.id, outsider)).statusCode).toBe(404);
      const change = { ...changeBody('takeover', outsiderPrepared), id: home.id, version: home.version };
      const takeover = await outsider.post(path('change'), change, { lang: 'en' });
      expect(takeover.statusCode).toBe(404);
      expect(json(takeover)).toEqual({ code: 'NOT_FOUND', message: `${contract.name.en} ${home.id} not found` });
      const deleteBody = contract.softDelete ? { ids: [home.id], deleted: 'TRASH' } : { ids: [home.id] };
      expect((await outsider.post(path('delete'), deleteBody)).statusCode).toBe(404);
      if (hasStatus)
        expect((await outsider.post(path('status'), { ids: [home.id], status: 'ACTIVE' })).statusCode).toBe(404);
      expect((await ok(detail(home.id))).deleted ?? 'NONE').toBe('NONE');
      expect((await detail('99999999999', admin)).statusCode).toBe(404);
      expect((await detail('not-a-number', admin)).statusCode).toBe(404);
    });
  });
}
