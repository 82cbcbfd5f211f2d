import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../../src/files/upload-lifetime.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { multipartFile } from '../helpers/uploads.js';
import { type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let admin: Caller;
let viewer: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, viewer } = await organisationWith(t, 'chatbot-avatar', { admin: ['*'], viewer: ['chatbot.view'] }));
  ({ admin: outsider } = await organisationWith(t, 'chatbot-avatar-other', { admin: ['*'] }));
}, 60_000);
afterAll(async () => t?.close());

async function upload(who: Caller, dir: string): Promise<string> {
  const body = multipartFile('头像.png', 'png-bytes', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/v3/worker/center/upload?dir=${encodeURIComponent(dir)}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}
const download = (who: Caller, path: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v3/worker/center/download?path=${encodeURIComponent(path)}`,
    headers: { cookie: who.cookie },
  });
const create = (body: Json, as: Caller = admin) => as.post('/v3/chats/chatbot/create', body);

describe('chatbot avatars', () => {
  it('an upload under online/chatbot becomes the avatar: kept by the sweep, readable in the organisation only', async () => {
    const path = await upload(admin, 'online/chatbot');
    expect(path.startsWith('online/chatbot/')).toBe(true);
    const { id } = await ok(create({ name: '售前', nick: '小助手', avatar: path }));
    const bot = await ok(admin.post('/v3/chats/chatbot/detail', {}, { query: { chatbotId: id } }));
    expect(bot.avatar).toBe(path);

    // an hour and more later, the sweep removes unattached uploads only
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await sweepUploads(t.database.db, t.config.filesDir, later)).not.toContain(path);
    expect(existsSync(join(t.config.filesDir, path))).toBe(true);

    const seen = await download(viewer, path);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toBe('png-bytes');
    expect((await download(outsider, path)).statusCode).not.toBe(200);

    // a change that keeps the avatar is not a new attachment
    await ok(admin.post('/v3/chats/chatbot/change', { ...bot, nick: '售前小助手' }));
  });

  it('refuses a path outside online/chatbot, someone else’s upload and an unknown file, naming avatar', async () => {
    const outside = await create({ name: '机器人', nick: '小助手', avatar: 'qc/complaint/1/x.png' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ field: 'avatar', message: 'avatar：请上传头像图片' });

    const foreign = await upload(outsider, 'online/chatbot');
    for (const avatar of [foreign, 'online/chatbot/1/20260101/none.png']) {
      const res = await create({ name: '机器人', nick: '小助手', avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json()).toMatchObject({ field: 'avatar', code: 'FILE_MISSING' });
    }
  });
});
