import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROLES } from '../../src/seed/seed-store.js';
import { type Caller, organisationWith, signedInAgent } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { uploadFile } from '../helpers/uploads.js';
import { type AiSchemeFixture, deskSessions, inspectedDesk, type Json, ok } from '../tasks/fixtures.js';

let t: TestApp;
let filesDir: string;
let admin: Caller;
let reviewer: Caller;
let viewer: Caller;
let agent: Caller;
let outsider: Caller;
let organizationId: number;
let scheme: AiSchemeFixture;
const sessions = deskSessions(30);
let aiRows: Json[];

beforeAll(async () => {
  filesDir = mkdtempSync(join(tmpdir(), 'qcdesk-complaints-'));
  t = await startTestApp({ redisUrl: null, filesDir });
  ({ admin, reviewer, viewer, organizationId } = await organisationWith(t, 'cp-home', {
    admin: ['*'],
    // the demo supervisor: views and reviews complaints, does not file them
    reviewer: [...DEMO_ROLES.supervisor.permissions],
    viewer: ['qc-complaint.view'],
  }));
  ({ outsider } = await organisationWith(t, 'cp-away', { outsider: ['*'] }));
  agent = await signedInAgent(t, organizationId, { username: 'cp-agent', name: '张三', agentId: 101 });
  ({ scheme, aiRows } = await inspectedDesk(t, admin, sessions));
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function upload(who: Caller, name: string, content: string): Promise<string> {
  return (await ok(uploadFile(t, who, name, content))).path;
}

const page = (body: object, who: Caller = viewer) =>
  ok(who.post('/v3/chats/complaint/page', body, { query: { page: '1', size: '50' } }));
const aiResult = async (id: string) => (await ok(admin.post('/v3/chats/ai-result/list', { id })))[0];
/** agent 101's results with hit rules and no veto, in list order */
const agentHits = () => aiRows.filter((r) => r.agentId === '101' && r.resultRules.length > 0 && !r.isVeto);
const fileAi = (who: Caller, r: Json, extra: object = {}) =>
  who.post('/v3/chats/complaint/create', {
    type: 'AI',
    sessionId: r.sessionId,
    resultId: r.id,
    reason: '客户先辱骂，致歉是应该的',
    ...extra,
  });
const reviewBody = (complaint: Json, status: string, extra: object = {}) => ({
  complaint: { id: complaint.id, status, commonReason: '核实属实' },
  version: complaint.version,
  sessionId: complaint.sessionId,
  resultId: complaint.resultId,
  ...extra,
});
const complaintOf = async (id: string) =>
  (await ok(viewer.post('/v3/chats/complaint/list', { status: 'ALL' }))).find((c: Json) => c.id === id);

describe('filing a complaint', () => {
  it('lets an agent file one on his own AI result, with the complained rules and one attachment', async () => {
    const mine = agentHits()[0];
    expect(mine).toBeDefined();
    const path = await upload(agent, '聊天截图.png', 'png-bytes');
    const rule = mine.resultRules[0];
    const { id } = await ok(
      fileAi(agent, mine, {
        complaintRules: [{ ruleId: rule.ruleId }],
        complaintFiles: [{ name: '聊天截图.png', path }],
      }),
    );
    const listed = await page({ status: 'ALL' }, agent);
    expect(listed).toMatchObject({ total: 1, allCheckedNum: 1, readyCheckedNum: 1, checkedNum: 0, rejectNum: 0 });
    expect(listed.records[0]).toMatchObject({
      id,
      type: 'AI',
      status: 'PENDING',
      sessionId: mine.sessionId,
      resultId: mine.id,
      agentId: '101',
      name: '张三',
      reason: '客户先辱骂，致歉是应该的',
      complaintRules: [{ ruleId: rule.ruleId, ruleName: rule.ruleName }],
      attachment: path,
      complaintFiles: [{ name: '聊天截图.png', path }],
      commonReason: null,
      version: 1,
    });
    expect(await aiResult(mine.id)).toMatchObject({
      isComplaint: true,
      complaint: { id, status: 'PENDING', commonReason: null, commonAttachment: null },
    });
    const detail = await ok(viewer.post('/v3/chats/ai-result/detail-complaint', {}, { query: { complaintId: id } }));
    expect(detail).toMatchObject({ id: mine.id, complaint: { id, status: 'PENDING', attachment: path } });
    expect(detail.messages.length).toBeGreaterThan(0);
  });

  it("refuses another agent's result (404), a second pending complaint, a bad reason, two attachments", async () => {
    const others = aiRows.find((r) => r.agentId === '102')!;
    expect((await fileAi(agent, others)).statusCode).toBe(404);
    const again = await fileAi(agent, agentHits()[0]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'COMPLAINT_PENDING', field: 'resultId' });
    const next = agentHits()[1];
    const empty = await fileAi(agent, next, { reason: '  ' });
    expect(empty.json()).toMatchObject({ field: 'reason', message: 'reason：申诉原因不能为空' });
    const long = await fileAi(agent, next, { reason: '冤'.repeat(101) });
    expect(long.json()).toMatchObject({ field: 'reason', message: 'reason：不能超过 100 个字符' });
    const a = await upload(agent, 'a.txt', 'a');
    const b = await upload(agent, 'b.txt', 'b');
    const two = await fileAi(agent, next, { attachment: a, complaintFiles: [{ name: 'b.txt', path: b }] });
    expect(two.json()).toMatchObject({ field: 'complaintFiles', message: '最多只能上传 1 个文件' });
    const outside = await fileAi(agent, next, { attachment: 'tmp/x.txt' });
    expect(outside.json().field).toBe('attachment');
    const ghost = await fileAi(agent, next, { attachment: 'qc/complaint/20240101/none.txt' });
    expect(ghost.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachment' });
    // another organisation's upload is no attachment of ours
    const theirs = await fileAi(agent, next, { attachment: await upload(outsider, 'x.txt', 'x') });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ code: 'FILE_MISSING', field: 'attachment' });
    // a result without veto never hit the veto rule
    const wrongRule = await fileAi(agent, next, { complaintRules: [{ ruleId: scheme.veto }] });
    expect(wrongRule.json()).toMatchObject({
      field: 'complaintRules[0].ruleId',
      message: `规则 ${scheme.veto} 不在该质检结果中`,
    });
    const wrongSession = await fileAi(agent, { ...next, sessionId: agentHits()[0].sessionId });
    expect(wrongSession.json()).toMatchObject({ field: 'resultId' });
    expect((await fileAi(viewer, next)).statusCode).toBe(403);
    const reviewerFiles = await fileAi(reviewer, next);
    expect(reviewerFiles.statusCode).toBe(403);
    expect(reviewerFiles.json().message).toContain('qc-complaint.edit');
    expect((await fileAi(outsider, next)).statusCode).toBe(404);
    expect((await page({ status: 'ALL' })).total).toBe(1);
  });
});

describe('reviewing a complaint', () => {
  it('refuses PENDING, a blank reason, a stale version, an agent, another organisation', async () => {
    const [c] = (await page({ status: 'PENDING' })).records;
    const pending = await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'PENDING'));
    expect(pending.statusCode).toBe(400);
    // an AI complaint's review: Chinese in Chinese, the spec's English wording in English
    expect(pending.json()).toMatchObject({
      field: 'complaint.status',
      message: 'complaint.status：审核状态不能为空',
    });
    const en = await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'PENDING'), { lang: 'en' });
    expect(en.json().message).toBe('complaint.status: review status cannot be empty');
    const blank = reviewBody(c, 'ACTIVE');
    blank.complaint.commonReason = '';
    const noReason = await reviewer.post('/v3/chats/complaint/change', blank, { lang: 'en' });
    expect(noReason.json()).toMatchObject({
      field: 'complaint.commonReason',
      message: 'complaint.commonReason: review reason cannot be empty',
    });
    const stale = await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE', { version: 0 }));
    expect(stale.statusCode).toBe(409);
    expect(
      (await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE', { resultId: '1' }))).json(),
    ).toMatchObject({
      field: 'resultId',
    });
    // filing (qc-complaint.edit) does not let the agent review, on either path
    const self = await agent.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE'));
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain('qc-complaint.review');
    const selfCreate = await agent.post('/v3/chats/complaint/create', reviewBody(c, 'ACTIVE'));
    expect(selfCreate.statusCode).toBe(403);
    expect(selfCreate.json().message).toContain('qc-complaint.review');
    expect((await viewer.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE'))).statusCode).toBe(403);
    expect((await outsider.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE'))).statusCode).toBe(404);
    expect((await complaintOf(c.id)).status).toBe('PENDING');
  });

  it('asks for the version it read and refuses a stale one on /create as on /change, changing nothing', async () => {
    const [c] = (await page({ status: 'PENDING' })).records;
    const { version: _read, ...blind } = reviewBody(c, 'ACTIVE');
    for (const path of ['/v3/chats/complaint/change', '/v3/chats/complaint/create']) {
      const missing = await reviewer.post(path, blind);
      expect(missing.statusCode, path).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'version', message: 'version：修改时须提供版本号' });
    }
    const stale = await reviewer.post(
      '/v3/chats/complaint/create',
      reviewBody(c, 'INACTIVE', { version: c.version - 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE_VERSION',
      field: 'version',
      message: '数据已被他人修改，请刷新后重试',
    });
    expect(await complaintOf(c.id)).toMatchObject({ status: 'PENDING', version: c.version, reviewerName: null });
    // the result carries the complaint with its version, which is what the review screen sends back
    const result = await ok(viewer.post('/v3/chats/ai-result/detail-complaint', {}, { query: { complaintId: c.id } }));
    expect(result.complaint).toMatchObject({ id: c.id, version: c.version });
  });

  it("approving with the reviewer's rule scores re-scores the AI result with the engine; only once", async () => {
    const [c] = (await page({ status: 'PENDING' })).records;
    const before = await aiResult(c.resultId);
    const path = await upload(reviewer, '复核.txt', '复核记录');
    const rules = before.resultRules.map((r: Json) => ({ ruleId: r.ruleId, reviewScore: 0 }));
    const body = reviewBody(c, 'ACTIVE', { rules, note: '申诉成立' });
    (body.complaint as Json).commonAttachment = path;
    expect(await ok(reviewer.post('/v3/chats/complaint/change', body))).toEqual({ id: c.id });
    // every deduction withdrawn: both angles back to their full scores
    expect(await aiResult(c.resultId)).toMatchObject({
      aiScore: before.aiScore,
      reviewScore: 100,
      isReview: true,
      comments: '申诉成立',
      complaint: { id: c.id, status: 'ACTIVE', commonReason: '核实属实', commonAttachment: path },
    });
    expect(await complaintOf(c.id)).toMatchObject({ status: 'ACTIVE', version: 2, reviewerName: 'reviewer' });
    const twice = await reviewer.post('/v3/chats/complaint/change', reviewBody({ ...c, version: 2 }, 'INACTIVE'));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'NOT_PENDING', message: '只能审核待审核的申诉' });
  });

  it('rejecting leaves the score as it was; /create with complaint.id reviews too', async () => {
    const next = agentHits()[1];
    const { id } = await ok(fileAi(agent, next));
    const c = await complaintOf(id);
    const rules = next.resultRules.map((r: Json) => ({ ruleId: r.ruleId, reviewScore: 0 }));
    // the supervisor reviews through /create too
    await ok(reviewer.post('/v3/chats/complaint/create', reviewBody(c, 'INACTIVE', { rules })));
    expect(await aiResult(next.id)).toMatchObject({ reviewScore: null, isReview: false, aiScore: next.aiScore });
    expect(await page({ status: 'ALL' })).toMatchObject({
      total: 2,
      allCheckedNum: 2,
      readyCheckedNum: 0,
      checkedNum: 1,
      rejectNum: 1,
    });
    expect((await page({ status: 'INACTIVE' })).records.map((r: Json) => r.id)).toEqual([id]);
  });
});

describe('a complaint on a manual result', () => {
  it('approve-manual re-scores the manual result with the engine', async () => {
    const { id: schemeId } = await ok(
      admin.post('/v3/chats/qc-scheme/create', { name: '人工', type: 'TEXT', targetType: 'PERSON', style: 'SCORE' }),
    );
    const ruleId = (await ok(admin.post('/v3/chats/qc-rule/create', { name: '服务规范', type: 'PERSON' }))).id;
    const angleId = (await ok(admin.post('/v3/chats/qc-angle/create', { schemeId, name: '规范', score: 100 }))).id;
    await ok(admin.post('/v3/chats/qc-angle-rule/create', { schemeId, angleId, ruleIds: [ruleId] }));
    const sessionId = aiRows.find((r) => r.agentId === '101')!.sessionId;
    const assess = (scoreNum: number) => ({
      schemeId,
      sessionId,
      manualAngles: [{ angleId, manualRules: [{ angleId, ruleId, scoreNum, reason: '用语不规范' }] }],
    });
    const { id: resultId } = await ok(admin.post('/v3/chats/qc-manual-result/create', assess(30)));
    const { id } = await ok(
      agent.post('/v3/chats/complaint/create', {
        type: 'MANUAL',
        sessionId,
        resultId,
        reason: '用语符合规范',
        complaintRules: [{ ruleId }],
      }),
    );
    const c = await complaintOf(id);
    expect(c).toMatchObject({ type: 'MANUAL', complaintRules: [{ ruleId, ruleName: '服务规范' }] });
    // a MANUAL complaint's review: '审核状态不能为空'
    const pending = await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'PENDING'));
    expect(pending.json()).toMatchObject({ field: 'complaint.status', message: 'complaint.status：审核状态不能为空' });
    const wrongKind = await reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE', { rules: [] }));
    expect(wrongKind.json()).toMatchObject({ field: 'rules', message: 'MANUAL 申诉不能携带 rules' });
    await ok(
      reviewer.post(
        '/v3/chats/complaint/change',
        reviewBody(c, 'ACTIVE', { schemeId, manualAngles: assess(10).manualAngles }),
      ),
    );
    const detail = await ok(
      reviewer.post('/v3/chats/qc-manual-result/detail-complaint', {}, { query: { complaintId: id } }),
    );
    expect(detail).toMatchObject({
      id: resultId,
      manualScore: 90,
      reviewScore: 90,
      isReview: true,
      isComplaint: true,
      complaint: { id, status: 'ACTIVE', type: 'MANUAL' },
    });
    expect(detail.manualAngles[0].manualRules[0]).toMatchObject({ ruleId, scoreNum: 10 });
    expect((await page({ type: 'MANUAL', status: 'ALL' })).total).toBe(1);
    const asAi = await viewer.post('/v3/chats/ai-result/detail-complaint', {}, { query: { complaintId: id } });
    expect(asAi.statusCode).toBe(404);
  });
});

describe('complaint list filters', () => {
  it('filters by status, type, session, agent and quick dates on the filing or session time', async () => {
    const all = await page({ status: 'ALL' });
    expect(all.total).toBe(3);
    expect((await page({ status: 'ALL', quickDate: 'TODAY' })).total).toBe(3);
    expect((await page({ status: 'ALL', quickDate: 'YESTERDAY' })).total).toBe(0);
    const [first] = all.records;
    expect((await page({ status: 'ALL', sessionId: first.sessionId })).records.map((r: Json) => r.sessionId)).toContain(
      first.sessionId,
    );
    expect((await page({ status: 'ALL', agentId: '102' })).total).toBe(0);
    // desk sessions start 1 to 30 hours ago: some of them yesterday, none 30 days ago
    expect((await page({ status: 'ALL', timeby: 'startTime', quickDate: 'DAY30' })).total).toBe(3);
    expect((await page({ status: 'ALL', timeby: 'startTime', timeTo: '2000-01-01' })).total).toBe(0);
    expect((await page({ status: 'ALL', fields: ['status'] })).records[0]).toEqual({
      id: first.id,
      status: first.status,
    });
    const bad = await viewer.post('/v3/chats/complaint/page', { status: 'DONE' }, { query: {} });
    expect(bad.json().field).toBe('status');
    const { nobody } = await organisationWith(t, 'cp-none', { nobody: ['qc-ai-result.view'] });
    const denied = await nobody.post('/v3/chats/complaint/page', {}, { query: {} });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('qc-complaint.view');
    expect((await page({ status: 'ALL' }, outsider)).total).toBe(0);
    const foreign = await outsider.post(
      '/v3/chats/ai-result/detail-complaint',
      {},
      { query: { complaintId: first.id } },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('complaint status counts', () => {
  it('counts every status under the other filters, whichever status the list shows', async () => {
    // one more, pending: now 1 pending, 2 approved (AI and MANUAL), 1 rejected
    await ok(fileAi(agent, agentHits()[2]));
    const counts = { allCheckedNum: 4, readyCheckedNum: 1, checkedNum: 2, rejectNum: 1 };
    expect(await page({ status: 'ALL' })).toMatchObject({ total: 4, ...counts });
    expect(await page({ status: 'PENDING' })).toMatchObject({ total: 1, ...counts });
    expect(await page({ status: 'ACTIVE' })).toMatchObject({ total: 2, ...counts });
    expect(await page({ status: 'INACTIVE' })).toMatchObject({ total: 1, ...counts });
    // the other filters narrow the counts too
    expect(await page({ status: 'ACTIVE', type: 'AI' })).toMatchObject({
      total: 1,
      allCheckedNum: 3,
      readyCheckedNum: 1,
      checkedNum: 1,
      rejectNum: 1,
    });
    expect(await page({ status: 'ALL', type: 'MANUAL' })).toMatchObject({
      total: 1,
      allCheckedNum: 1,
      readyCheckedNum: 0,
      checkedNum: 1,
      rejectNum: 0,
    });
    expect(await page({ status: 'ALL' }, outsider)).toMatchObject({
      total: 0,
      allCheckedNum: 0,
      readyCheckedNum: 0,
      checkedNum: 0,
      rejectNum: 0,
    });
  });
});

describe("reviewing one's own complaint", () => {
  it('refuses the person who filed it, on /change and /create; another reviewer still can', async () => {
    // the administrator holds every key: he may file and review, but not both on one complaint
    const { id } = await ok(
      fileAi(
        admin,
        aiRows.find((r) => r.agentId === '102'),
      ),
    );
    const c = await complaintOf(id);
    expect(c).toMatchObject({ status: 'PENDING', creatorName: 'admin' });
    for (const path of ['/v3/chats/complaint/change', '/v3/chats/complaint/create']) {
      const own = await admin.post(path, reviewBody(c, 'ACTIVE'));
      expect(own.statusCode, path).toBe(403);
      expect(own.json()).toMatchObject({
        code: 'OWN_COMPLAINT',
        field: 'complaint.id',
        message: '不能审核自己提交的申诉，请由其他审核人审核',
      });
      const en = await admin.post(path, reviewBody(c, 'INACTIVE'), { lang: 'en' });
      expect(en.json().message).toBe('You cannot review a complaint you filed; another reviewer must review it');
    }
    // nor may the agent the complaint is about, were he given the review key
    const agentLead = await signedInAgent(t, organizationId, {
      username: 'cp-agent-lead',
      name: '李四',
      agentId: 102,
      permissions: [...DEMO_ROLES.agent.permissions, 'qc-complaint.review'],
    });
    const his = await agentLead.post('/v3/chats/complaint/change', reviewBody(c, 'ACTIVE'));
    expect(his.statusCode).toBe(403);
    expect(his.json()).toMatchObject({
      code: 'OWN_COMPLAINT',
      message: '不能审核针对自己质检结果的申诉，请由其他审核人审核',
    });
    expect(await complaintOf(id)).toMatchObject({ status: 'PENDING', version: c.version, reviewerName: null });
    await ok(reviewer.post('/v3/chats/complaint/change', reviewBody(c, 'INACTIVE')));
    expect(await complaintOf(id)).toMatchObject({ status: 'INACTIVE', reviewerName: 'reviewer' });
  });
});
