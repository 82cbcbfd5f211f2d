import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFilePath } from '../../src/files/file-store.js';
import { demoBillPng } from '../../src/seed/demo-chat-images.js';
import { type Caller, organisationWith } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { multipartFile } from '../helpers/uploads.js';

let t: TestApp;
let user: Caller;
let colleague: Caller;
let stranger: Caller;
let organizationId: number;
let filesDir: string;
const QUOTA = 4096;

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'qcdesk-files-'));
  // a small upload quota, so the quota test fills it with a few KB
  t = await startTestApp({ filesDir, uploadQuotaBytes: QUOTA });
  ({ user, colleague, organizationId } = await organisationWith(t, 'files', { user: [], colleague: ['*'] }));
  ({ stranger } = await organisationWith(t, 'files-away', { stranger: ['*'] }));
  // a file beside the store that no path may reach
  writeFileSync(join(filesDir, '..', `${filesDir.split('/').pop()}-secret.txt`), 'secret');
  // a fresh database and app take long on a busy machine (PGlite compiles and migrates in this process)
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
  rmSync(`${filesDir}-secret.txt`, { force: true });
});

const download = (path: string, cookie = user.cookie) =>
  t.app.inject({ method: 'GET', url: '/v3/worker/center/download', query: { path }, headers: { cookie } });
const upload = (name: string, content: string, cookie = user.cookie) => {
  const body = multipartFile(name, content);
  return t.app.inject({
    method: 'POST',
    url: '/v3/worker/center/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

describe('attachments', () => {
  it('uploads a complaint file under qc/complaint/<organisation>/ and downloads it by the answered path', async () => {
    const up = await upload('申诉 截图.txt', '客服态度不好');
    expect(up.statusCode, up.body).toBe(200);
    const { path, name, size } = up.json();
    expect(path).toMatch(new RegExp(`^qc/complaint/${organizationId}/\\d{8}/[0-9a-f]{12}-申诉_截图\\.txt$`));
    expect(name).toBe('申诉 截图.txt');
    expect(size).toBe(Buffer.byteLength('客服态度不好'));
    expect(readFileSync(join(filesDir, path), 'utf8')).toBe('客服态度不好');

    const down = await download(path);
    expect(down.statusCode).toBe(200);
    expect(down.body).toBe('客服态度不好');
    expect(down.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('申诉_截图.txt')}`,
    );
  });

  it("answers 404 for another organisation's file, even to its administrator", async () => {
    const { path } = (await upload('mine.txt', '只给本组织看')).json();
    const theirs = await download(path, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: `文件 file ${path} 不存在` });
    expect(theirs.body).not.toContain('只给本组织看');
    // the stranger's own upload is his, and not the user's
    const own = (await upload('theirs.txt', 'x', stranger.cookie)).json().path;
    expect((await download(own, stranger.cookie)).statusCode).toBe(200);
    expect((await download(own)).statusCode).toBe(404);
    // a path that climbs out of the stranger's own folder into the user's is judged where it lands
    const climb = path.replace(`/${organizationId}/`, `/${organizationId + 1}/../${organizationId}/`);
    expect(climb).not.toBe(path);
    expect((await download(climb, stranger.cookie)).statusCode).toBe(404);
    expect((await download(path)).statusCode).toBe(200);
  });

  it('refuses paths that leave the store with 400, and answers 404 for a missing file', async () => {
    const secret = `../${filesDir.split('/').pop()}-secret.txt`;
    for (const path of [secret, '/etc/passwd', 'qc/../../x', 'qc\\..\\x']) {
      const res = await download(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_FILE_PATH', field: 'path' });
    }
    mkdirSync(join(filesDir, 'qc'), { recursive: true });
    expect((await download('qc/complaint/none.png')).statusCode).toBe(404);
    expect((await download(`qc/complaint/${organizationId}/none.png`)).statusCode).toBe(404);
    expect((await download('qc')).statusCode).toBe(404);
  });

  it('serves the chat images of the store (chat/image/<organisation>/) to that organisation only', async () => {
    const path = `chat/image/${organizationId}/demo/bill.png`;
    mkdirSync(join(filesDir, 'chat', 'image', String(organizationId), 'demo'), { recursive: true });
    writeFileSync(join(filesDir, path), demoBillPng(0.2).png);
    const down = await download(path);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect((await download(path, stranger.cookie)).statusCode).toBe(404);
    // not an upload folder
    const up = multipartFile('x.png', 'x');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v3/worker/center/upload',
      query: { dir: 'chat/image' },
      payload: up.payload,
      headers: { ...up.headers, cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('needs a sign-in to download or upload', async () => {
    expect((await download('qc/complaint/x.txt', '')).statusCode).toBe(401);
    const body = multipartFile('a.txt', 'x');
    const up = await t.app.inject({ method: 'POST', url: '/v3/worker/center/upload', ...body });
    expect(up.statusCode).toBe(401);
  });

  it('asks for a file when the upload has none', async () => {
    const res = await user.post('/v3/worker/center/upload', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED', field: 'file' });
  });

  it('resolves only inside the store', () => {
    expect(storedFilePath('/data/files', 'qc/complaint/a.png')).toBe('/data/files/qc/complaint/a.png');
    expect(() => storedFilePath('/data/files', '../files2/a.png')).toThrow(/not a path inside the file store/);
  });

  it('lets only the uploader download an upload no complaint references yet', async () => {
    const { path } = (await upload('草稿.txt', '还没提交')).json();
    expect((await download(path)).statusCode).toBe(200);
    // even an administrator of the organisation does not see it: 404, as for a missing file
    const other = await download(path, colleague.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', message: `文件 file ${path} 不存在` });
  });

  it('answers a path over 500 characters with "too long", a missing one with "required"', async () => {
    const long = await download(`qc/complaint/${organizationId}/${'a'.repeat(500)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'path', message: 'path：不能超过 500 个字符' });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v3/worker/center/download',
      headers: { cookie: user.cookie },
    });
    expect(missing.json()).toMatchObject({ field: 'path', message: 'path：此项为必填项' });
  });
});

describe('the upload quota', () => {
  it("refuses (413) an upload that would pass the organisation's quota, writing nothing", async () => {
    const {
      saver,
      other,
      organizationId: quotaOrg,
    } = await organisationWith(t, 'files-quota', {
      saver: [],
      other: [],
    });
    const stored = () => {
      const dir = join(filesDir, 'qc', 'complaint', String(quotaOrg));
      return existsSync(dir)
        ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())
        : [];
    };
    expect((await upload('a.txt', 'a'.repeat(3000), saver.cookie)).statusCode).toBe(200);
    // 3000 + 2000 > 4096: refused, whoever in the organisation uploads
    const over = await upload('b.txt', 'b'.repeat(2000), other.cookie);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      field: 'file',
      message: '本组织的上传空间不足（上限 4 KB）；未使用的上传文件 60 分钟后自动清理',
    });
    expect(stored()).toHaveLength(1);
    // what is left still fits, to the byte; then nothing more does
    expect((await upload('c.txt', 'c'.repeat(QUOTA - 3000), other.cookie)).statusCode).toBe(200);
    const full = await t.app.inject({
      method: 'POST',
      url: '/v3/worker/center/upload',
      ...multipartFile('d.txt', 'd'),
      headers: { ...multipartFile('d.txt', 'd').headers, cookie: saver.cookie, 'accept-language': 'en' },
    });
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe(
      'not enough upload space left for your organisation (quota 4 KB); unused uploads are removed after 60 minutes',
    );
    expect(stored()).toHaveLength(2);
    // another organisation's room is its own
    expect((await upload('e.txt', 'e'.repeat(3000), stranger.cookie)).statusCode).toBe(200);
  });

  it('lets uploads at the same moment share the room, not each take all of it', async () => {
    const { racer, organizationId: raceOrg } = await organisationWith(t, 'files-race', { racer: [] });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload(`r${i}.txt`, 'r'.repeat(1500), racer.cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 413, 413, 413]);
    const dir = join(filesDir, 'qc', 'complaint', String(raceOrg));
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files).toHaveLength(2);
  });
});
