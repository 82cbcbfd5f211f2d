import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequest } from '../src/api/client';
import { trashPath } from '../src/api/resource';
import { entityPermission } from '../src/entity/access';
import { EntityForm } from '../src/entity/EntityForm';
import { EntityList } from '../src/entity/EntityList';
import type { EntityDescription, EntityRecord } from '../src/entity/types';
import { message, translate } from '../src/i18n/locale-store';
import { fakeClient, type Handler, renderConsole } from './helpers';
import { drawAtRoute } from './list-route';

/** What the shared suite needs to stand in for an entity's server. */
export interface EntityScreenData<R extends EntityRecord> {
  /** the i-th stored record (1-based), as the contract's record schema has it; its `name` is searched by keyword */
  record: (i: number) => R & { name: string };
  /** answers of the other calls the screens make (e.g. a form's option lists) */
  more?: Record<string, Handler>;
}

interface Stored {
  id: string;
  name: string;
  deleted: 'NONE' | 'TRASH' | 'BUFFER';
  status?: string;
}

/** 25 records in NONE and 2 in TRASH behind page, detail, delete and status; create and change refuse the name. */
function fakeServer<R extends EntityRecord>(
  d: EntityDescription<R>,
  data: EntityScreenData<R>,
  firstChange: Record<string, unknown> = {},
) {
  const rows = Array.from({ length: 27 }, (_, i) => {
    const record = data.record(i + 1) as unknown as Stored;
    return { ...record, ...(i === 0 ? firstChange : {}), deleted: i >= 25 ? 'TRASH' : 'NONE' } as Stored;
  });
  const base = d.api.base;
  return fakeClient({
    ...data.more,
    [`${base}/page`]: (request: ApiRequest) => {
      const body = request.body as { deleted?: string; keyword?: string };
      const page = Number(request.query?.page);
      const size = Number(request.query?.size);
      const matching = rows.filter(
        (r) => r.deleted === (body.deleted ?? 'NONE') && (!body.keyword || r.name.includes(body.keyword)),
      );
      return { records: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
    },
    [`${base}/detail`]: (request: ApiRequest) => rows.find((r) => r.id === request.query?.[d.api.detailParam]),
    // the trash moves: one delete call, or the contract's own delete, restore and empty calls
    ...Object.fromEntries(
      (['TRASH', 'NONE', 'BUFFER'] as const).map((to) => [
        trashPath(base, to),
        (request: ApiRequest) => {
          const body = request.body as { ids: string[]; deleted?: Stored['deleted'] };
          const deleted = body.deleted ?? to;
          for (const row of rows) if (body.ids.includes(row.id)) row.deleted = deleted;
          return { ids: body.ids, deleted };
        },
      ]),
    ),
    [`${base}/status`]: (request: ApiRequest) => {
      const body = request.body as { ids: string[]; status: string };
      for (const row of rows) if (body.ids.includes(row.id)) row.status = body.status;
      return body;
    },
    [`${base}/create`]: () => {
      throw new ApiError(409, 'NAME_TAKEN', '名称已被使用', 'name');
    },
    [`${base}/change`]: () => {
      throw new ApiError(409, 'NAME_TAKEN', '名称已被使用', 'name');
    },
  });
}

const rowsShown = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('data-row-id') !== null);
const keyOf = (base: string, call: 'view' | 'create' | 'status' | 'delete' | 'change' | 'restore') =>
  entityPermission(base, call) ?? '';

/**
 * The behaviour every entity's list and form share, run on its own description against a fake of its calls
 * (answers checked against its contract): paging, keyword, the trash with restore and empty, buttons hidden without
 * their call's key; required fields, maximum lengths and a problem the server names shown under its field.
 */
export function describeEntityScreens<R extends EntityRecord>(d: EntityDescription<R>, data: EntityScreenData<R>) {
  const base = d.api.base;
  const view = keyOf(base, 'view');
  const all = [view, keyOf(base, 'create'), keyOf(base, 'change'), keyOf(base, 'delete'), keyOf(base, 'restore')];
  if (d.status) all.push(keyOf(base, 'status'));
  const list = (query: Record<string, string> = {}, permissions = all) => {
    const server = fakeServer(d, data);
    // the list follows the router: its page and keyword are the route's query
    renderConsole(
      drawAtRoute((location) => <EntityList description={d} location={location} />, d.listPath, query),
      {
        client: server.client,
        permissions,
      },
    );
    return server;
  };
  const first = data.record(1).name;

  describe(`${d.name}: list`, () => {
    it('pages through the records and says how many there are', async () => {
      const { calls } = list();
      await screen.findByText(first);
      const size = d.defaultPageSize ?? 20;
      expect(rowsShown()).toHaveLength(Math.min(size, 25));
      expect(screen.getByText('共 25 条')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: '2' }));
      await screen.findByText(data.record(size + 1).name);
      expect(calls.filter((c) => c.path === `${base}/page`).at(-1)!.query).toEqual({ page: 2, size });
    });

    if (d.keyword)
      it('searches by keyword from page 1', async () => {
        const { calls } = list();
        await screen.findByText(first);
        const wanted = data.record(17).name;
        await userEvent.type(screen.getByLabelText('关键词'), wanted);
        await userEvent.click(screen.getByRole('button', { name: '搜索' }));
        await waitFor(() => expect(rowsShown()).toHaveLength(1));
        expect(screen.getByText(wanted)).toBeTruthy();
        const last = calls.filter((c) => c.path === `${base}/page`).at(-1)!;
        expect(last.body).toMatchObject({ keyword: wanted });
        expect(last.query).toMatchObject({ page: 1 });
      });

    if (d.softDelete)
      it('the trash view lists deleted records, restores to NONE and empties to BUFFER', async () => {
        const { calls } = list({ deleted: 'TRASH' });
        await screen.findByText(data.record(26).name);
        expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
        await userEvent.click(screen.getByRole('checkbox', { name: `select ${data.record(26).id}` }));
        await userEvent.click(screen.getByRole('button', { name: '恢复' }));
        await userEvent.click(await screen.findByRole('button', { name: '确定' }));
        await waitFor(() => expect(screen.queryByText(data.record(26).name)).toBeNull());
        await userEvent.click(screen.getByRole('checkbox', { name: `select ${data.record(27).id}` }));
        await userEvent.click(screen.getByRole('button', { name: '清空' }));
        await userEvent.click(await screen.findByRole('button', { name: '确定' }));
        await waitFor(() => expect(screen.queryByText(data.record(27).name)).toBeNull());
        const [restore, empty] = [trashPath(base, 'NONE'), trashPath(base, 'BUFFER')];
        expect(
          calls.filter((c) => c.path === restore || c.path === empty).map((c) => ({ path: c.path, body: c.body })),
        ).toEqual([
          { path: restore, body: { ids: [data.record(26).id], deleted: 'NONE' } },
          { path: empty, body: { ids: [data.record(27).id], deleted: 'BUFFER' } },
        ]);
      });

    it('without the keys of create, status and delete, their buttons are not there', async () => {
      list({}, [view]);
      await screen.findByText(first);
      for (const name of ['新建', '启用', '停用', '删除'])
        expect(screen.queryByRole('button', { name }), name).toBeNull();
    });

    if (d.status)
      it('with the status key, activates the selected records after confirmation', async () => {
        const { calls } = list();
        await screen.findByText(first);
        await userEvent.click(screen.getByRole('checkbox', { name: `select ${data.record(1).id}` }));
        await userEvent.click(screen.getByRole('button', { name: '启用' }));
        await userEvent.click(await screen.findByRole('button', { name: '确定' }));
        await waitFor(() =>
          expect(calls.find((c) => c.path === `${base}/status`)?.body).toEqual({
            ids: [data.record(1).id],
            status: d.status!.active,
          }),
        );
      });
  });

  const form = d.form;
  if (!form) return;
  const formOf = (query: Record<string, string>, permissions = all, firstChange: Record<string, unknown> = {}) => {
    const server = fakeServer(d, data, firstChange);
    renderConsole(<EntityForm description={{ ...d, form }} location={{ path: '/entity/edit', query }} />, {
      client: server.client,
      permissions,
    });
    return server;
  };
  const fieldBox = (label: string) =>
    screen
      .getAllByText(label)
      .map((element) => element.closest('.mantine-InputWrapper-root'))
      .find((box): box is HTMLElement => box !== null)!;

  describe(`${d.name}: form`, () => {
    it('refuses empty required fields, each under its field, and sends nothing', async () => {
      const { calls } = formOf({});
      await userEvent.click(await screen.findByRole('button', { name: '保存' }));
      const required = form.fields.filter((f) => f.required && !f.fixed);
      expect(required.length).toBeGreaterThan(0);
      // 此项为必填项, or the spec's own words where a field has them (a summary's 请输入名称)
      const texts = required.map((f) => message(f.requiredMessage ?? 'common.required'));
      for (const text of new Set(texts))
        expect(await screen.findAllByText(text)).toHaveLength(texts.filter((t) => t === text).length);
      expect(calls.some((c) => c.path === `${base}/create`)).toBe(false);
    });

    const limited = form.fields.find((f) => f.kind === 'text' && f.maxLength !== undefined);
    if (limited)
      it(`takes at most ${limited.maxLength} characters of ${limited.key}, and refuses a stored longer one`, async () => {
        const long = '长'.repeat(limited.maxLength! + 1);
        const { calls } = formOf({ id: String(data.record(1).id) }, all, { [limited.key]: long });
        const input = await waitFor(() => {
          const found = within(fieldBox(translate(limited.label))).getByRole('textbox') as HTMLInputElement;
          expect(found.value).toBe(long);
          return found;
        });
        expect(input.maxLength).toBe(limited.maxLength);
        await userEvent.click(screen.getByRole('button', { name: '保存' }));
        expect(
          await within(fieldBox(translate(limited.label))).findByText(`不能超过 ${limited.maxLength} 个字符`),
        ).toBeTruthy();
        expect(calls.some((c) => c.path === `${base}/change`)).toBe(false);
      });

    it('shows a problem the server names under that field, not in the banner', async () => {
      const { calls } = formOf({ id: String(data.record(1).id) });
      const box = await waitFor(() => {
        const found = fieldBox(translate(form.fields.find((f) => f.key === 'name')!.label));
        expect((within(found).getByRole('textbox') as HTMLInputElement).value).toBe(first);
        return found;
      });
      await userEvent.click(screen.getByRole('button', { name: '保存' }));
      expect(await within(box).findByText('名称已被使用')).toBeTruthy();
      expect(calls.find((c) => c.path === `${base}/change`)?.body).toMatchObject({ id: data.record(1).id });
      expect(screen.queryByRole('alert')).toBeNull();
    });

    if (form.permission)
      it('without the edit key the inputs are disabled and there is no save', async () => {
        formOf({ id: String(data.record(1).id) }, [view]);
        await waitFor(() =>
          expect(screen.getAllByRole('textbox').every((e) => (e as HTMLInputElement).disabled)).toBe(true),
        );
        expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
      });
  });
}
