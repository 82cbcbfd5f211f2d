import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/db/schema/files.js';
import { chatMessages, chatSessions } from '../../src/db/schema/sessions.js';
import { sweepStrayUploadFiles, sweepUploads } from '../../src/files/upload-lifetime.js';
import { demoBillPng, seedDemoChatImages } from '../../src/seed/demo-chat-images.js';
import type { DemoSeedContext } from '../../src/seed/demo-seeders.js';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { type Caller, organisationWith, signedInAgent } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { uploadFile } from '../helpers/uploads.js';
import { deskSessions, inspectedDesk, type Json, ok } from '../tasks/fixtures.js';

// Who may download a file of his organisation: whoever may see what it belongs to (issue 13 point 11).
let t: TestApp;
let filesDir: string;
let organizationId: number;
let admin: Caller;
let supervisor: Caller;
/** agents 101 and 102 served sessions; agent 104 none */
let zhang: Caller;
let li: Caller;
let newcomer: Caller;
let aiRows: Json[];

beforeAll(async () => {
  // a file store of the test app's own, removed with it
  t = await startTestApp();
  filesDir = t.config.filesDir;
  ({ admin, supervisor, organizationId } = await organisationWith(t, 'fa-home', {
    admin: ['*'],
    supervisor: [...DEMO_ROLES.supervisor.permissions],
  }));
  const agent = (username: string, agentId: number) =>
    signedInAgent(t, organizationId, { username, name: username, agentId });
  zhang = await agent('fa-zhang', 101);
  li = await agent('fa-li', 102);
  newcomer = await agent('fa-new', 104);
  ({ aiRows } = await inspectedDesk(t, admin, deskSessions(12)));
}, 120_000);
afterAll(() => t.close());

async function upload(who: Caller, name: string, content: string): Promise<string> {
  return (await ok(uploadFile(t, who, name, content))).path;
}
const download = (who: Caller, path: string) =>
  t.app.inject({ method: 'GET', url: '/v3/worker/center/download', query: { path }, headers: { cookie: who.cookie } });
const statusOf = async (who: Caller, path: string) => (await download(who, path)).statusCode;
/** the agent's results, in list order */
const resultsOf = (agentId: string) => aiRows.filter((r) => r.agentId === agentId);
const fileAi = (who: Caller, r: Json, attachment: string) =>
  who.post('/v3/chats/complaint/create', {
    type: 'AI',
    sessionId: r.sessionId,
    resultId: r.id,
    reason: '客户先辱骂',
    attachment,
  });
/** ages an upload: as if it had been made `hours` ago */
const age = (path: string, hours: number) =>
  t.database.db
    .update(uploads)
    .set({ createTime: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(uploads.path, path));

describe('complaint attachments', () => {
  let zhangsFile: string;
  let reviewFile: string;

  it("are the complaint's: its agent and the supervisor download them, another agent gets 404", async () => {
    zhangsFile = await upload(zhang, '截图.txt', '张三的证据');
    await ok(fileAi(zhang, resultsOf('101')[0], zhangsFile));
    expect(await statusOf(zhang, zhangsFile)).toBe(200);
    expect(await statusOf(supervisor, zhangsFile)).toBe(200);
    const other = await download(li, zhangsFile);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', message: `文件 file ${zhangsFile} 不存在` });
  });

  it("the reviewer's attachment goes with the complaint too", async () => {
    const [c] = await ok(supervisor.post('/v3/chats/complaint/list', { status: 'PENDING', agentId: '101' }));
    reviewFile = await upload(supervisor, '复核.txt', '复核记录');
    // not attached yet: only the supervisor who uploaded it
    expect(await statusOf(zhang, reviewFile)).toBe(404);
    await ok(
      supervisor.post('/v3/chats/complaint/change', {
        complaint: { id: c.id, status: 'INACTIVE', commonReason: '不成立', commonAttachment: reviewFile },
        version: c.version,
      }),
    );
    expect(await statusOf(zhang, reviewFile)).toBe(200);
    expect(await statusOf(supervisor, reviewFile)).toBe(200);
    expect(await statusOf(li, reviewFile)).toBe(404);
  });

  it("refuses (400) a complaint naming someone else's unattached upload", async () => {
    const lisFile = await upload(li, '李四.txt', '李四的草稿');
    const res = await fileAi(zhang, resultsOf('101')[1], lisFile);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachment', message: `附件不存在：${lisFile}` });
    expect(await statusOf(zhang, lisFile)).toBe(404);
  });

  it('sweeps uploads left unattached past their hour, keeping attached and young ones', async () => {
    const old = await upload(zhang, '旧.txt', '一小时前');
    const young = await upload(zhang, '新.txt', '刚刚');
    await age(old, 2);
    await age(zhangsFile, 2);
    // expired, though not swept yet: no complaint may take it
    const late = await fileAi(zhang, resultsOf('101')[1], old);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachment' });

    expect(await sweepUploads(t.database.db, filesDir, new Date())).toEqual([old]);
    expect(existsSync(join(filesDir, old))).toBe(false);
    expect(await statusOf(zhang, old)).toBe(404);
    expect(await statusOf(zhang, young)).toBe(200);
    expect(await statusOf(zhang, zhangsFile)).toBe(200);
    expect(await statusOf(zhang, reviewFile)).toBe(200);
    // an hour on, the young one goes too; attachments stay
    const later = new Date(Date.now() + 3601_000);
    const swept = await sweepUploads(t.database.db, filesDir, later);
    expect(swept).toContain(young);
    expect(swept).not.toContain(zhangsFile);
    expect(swept).not.toContain(reviewFile);
    expect(await statusOf(zhang, young)).toBe(404);
    expect(await statusOf(supervisor, zhangsFile)).toBe(200);
    const gone = await fileAi(zhang, resultsOf('101')[1], young);
    expect(gone.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachment' });
  });

  it('removes, once at start, old upload files nothing records or names (made before uploads were recorded)', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    const stray = `qc/complaint/${organizationId}/20240101/0123456789ab-旧附件.txt`;
    mkdirSync(join(filesDir, 'qc', 'complaint', String(organizationId), '20240101'), { recursive: true });
    writeFileSync(join(filesDir, stray), '没人引用');
    utimesSync(join(filesDir, stray), hoursAgo(2), hoursAgo(2));
    // an attachment that lost its record (as the ones filed before records were kept) stays: a complaint names it
    await t.database.db.delete(uploads).where(eq(uploads.path, zhangsFile));
    utimesSync(join(filesDir, zhangsFile), hoursAgo(2), hoursAgo(2));
    // a fresh upload's file is written before its record: a young file is never taken for a stray
    const fresh = `qc/complaint/${organizationId}/20240101/ba9876543210-刚写.txt`;
    writeFileSync(join(filesDir, fresh), '写入中');
    const recorded = await upload(li, '记录.txt', '有记录');
    utimesSync(join(filesDir, recorded), hoursAgo(2), hoursAgo(2));

    expect(await sweepStrayUploadFiles(t.database.db, filesDir, new Date())).toEqual([stray]);
    expect(existsSync(join(filesDir, stray))).toBe(false);
    for (const kept of [zhangsFile, fresh, recorded]) expect(existsSync(join(filesDir, kept)), kept).toBe(true);
    expect(await statusOf(zhang, zhangsFile)).toBe(200);
  });
});

describe('chat images', () => {
  it("are downloadable by whoever may open a session that shows them: the demo seed's", async () => {
    await seedDemoChatImages({
      db: t.database.db,
      config: t.config,
      organizationId,
      log: () => {},
    } as unknown as DemoSeedContext);
    const path = `chat/image/${organizationId}/demo/bill.png`;
    // the newest sessions (agents 101..103) end with the picture
    expect(await statusOf(zhang, path)).toBe(200);
    expect(await statusOf(li, path)).toBe(200);
    expect(await statusOf(supervisor, path)).toBe(200);
    expect(await statusOf(admin, `chat/image/${organizationId}/demo/bill-thumb.png`)).toBe(200);
    // an agent who served none of them
    expect(await statusOf(newcomer, path)).toBe(404);
  });

  it("answers 404 for a picture of a session the agent may not open (another agent's)", async () => {
    const db = t.database.db;
    const [session] = await db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.organizationId, organizationId), eq(chatSessions.agentId, 101)))
      .limit(1);
    const path = `chat/image/${organizationId}/${session!.sessionId}/photo.png`;
    mkdirSync(join(filesDir, 'chat', 'image', String(organizationId), session!.sessionId), { recursive: true });
    writeFileSync(join(filesDir, path), demoBillPng(0.1).png);
    await db.insert(chatMessages).values({
      organizationId,
      sessionRef: session!.id,
      seq: 10_000,
      messageId: `${session!.sessionId}-photo`,
      chatId: session!.chatId,
      sessionId: session!.sessionId,
      senderRole: 'CUSTOMER',
      sendTime: Date.now(),
      content: JSON.stringify([{ MsgType: 'TIMImageElem', MsgContent: { ImageInfoArray: [{ URL: path }] } }]),
    });
    expect(await statusOf(zhang, path)).toBe(200);
    expect(await statusOf(supervisor, path)).toBe(200);
    expect(await statusOf(li, path)).toBe(404);
    // a picture no message shows is no agent's
    const stray = `chat/image/${organizationId}/${session!.sessionId}/stray.png`;
    writeFileSync(join(filesDir, stray), demoBillPng(0.1).png);
    expect(await statusOf(zhang, stray)).toBe(404);
    expect(await statusOf(supervisor, stray)).toBe(200);
  });
});
