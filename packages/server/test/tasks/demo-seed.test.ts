import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsOfLinesFile } from '../../src/ingest/read-lines-file.js';
import { seedStore } from '../../src/seed/seed-store.js';
import { DEMO_LINES, STC3_FILE } from '../../src/tasks/demo-seeder.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let log: string[];
beforeAll(async () => {
  t = await startTestApp({ redisUrl: null });
  log = [];
  await seedStore(t.database.db, { ...t.config, demo: true }, (line) => log.push(line));
}, 300_000);
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: string) =>
  ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('demo sessions', () => {
  it('imports every STC-3 session, dressed with lines, agents, groups and times over 30 days', async () => {
    let total = 0;
    for await (const r of recordsOfLinesFile(STC3_FILE)) total += r.ok ? 1 : 0;
    const [s] = await rows<{
      n: number;
      lines: number;
      agents: number;
      groups: number;
      oldest: number;
      newest: number;
    }>(
      `select count(*)::int n, count(distinct line_id)::int lines, count(distinct agent_id)::int agents,
        count(distinct group_ids)::int groups, extract(epoch from now() - min(begin_time))::int / 86400 oldest,
        extract(epoch from now() - max(begin_time))::int / 3600 newest from chat_sessions`,
    );
    expect(s).toMatchObject({ n: total, lines: DEMO_LINES.length, agents: 6 });
    expect(s!.groups).toBeGreaterThan(3);
    expect(s!.oldest).toBe(29);
    expect(s!.newest).toBeLessThan(12);
    const [agent] = await rows<{ n: number }>('select count(*)::int n from chat_sessions where agent_id = 1001');
    expect(agent!.n).toBeGreaterThan(0);
    // about three in five have a service summary, stored for /v3/chats/session/summary
    const [summaries] = await rows<{ n: number; detailed: number }>(
      `select (count(*) filter (where summary))::int n,
        (count(*) filter (where summary and summary_detail ? 'fields'))::int detailed from chat_sessions`,
    );
    expect(summaries!.n / s!.n).toBeGreaterThan(0.4);
    expect(summaries!.n / s!.n).toBeLessThan(0.8);
    expect(summaries!.detailed).toBe(summaries!.n);
  });

  it('runs an active task on the active AI scheme: one result per session', async () => {
    const [task] = await rows<{ id: number; status: string; run_state: string; scheme_id: number }>(
      'select id, status, run_state, scheme_id from qc_tasks',
    );
    expect(task).toMatchObject({ status: 'ACTIVE', run_state: 'DONE' });
    const [r] = await rows<{ n: number; sessions: number; hit: number; vetoed: number }>(
      `select count(*)::int n, count(distinct session_ref)::int sessions,
        (count(*) filter (where jsonb_array_length(result_rules) > 0))::int hit,
        (count(*) filter (where is_veto))::int vetoed from ai_results where task_id = ${task!.id}`,
    );
    const [s] = await rows<{ n: number }>('select count(*)::int n from chat_sessions');
    expect(r).toMatchObject({ n: s!.n, sessions: s!.n });
    expect(r!.hit).toBeGreaterThan(s!.n / 10);
    expect(log.some((l) => l.startsWith('演示会话 demo sessions:'))).toBe(true);
  });

  it('assesses some sessions by hand and files complaints in every status', async () => {
    const manual = await rows<{ status: string; n: number; scored: number }>(
      `select manual_status status, count(*)::int n, count(manual_score)::int scored from manual_results
        group by manual_status order by manual_status`,
    );
    expect(manual).toEqual([
      { status: 'CHECKED', n: 10, scored: 10 },
      { status: 'READY_CHECKED', n: 6, scored: 0 },
      { status: 'UNCHECKED', n: 8, scored: 0 },
    ]);
    const complaints = await rows<{ type: string; status: string; n: number }>(
      'select type, status, count(*)::int n from complaints group by type, status order by type, status',
    );
    expect(complaints).toEqual([
      { type: 'AI', status: 'ACTIVE', n: 2 },
      { type: 'AI', status: 'INACTIVE', n: 2 },
      { type: 'AI', status: 'PENDING', n: 3 },
      { type: 'MANUAL', status: 'ACTIVE', n: 1 },
      { type: 'MANUAL', status: 'INACTIVE', n: 1 },
      { type: 'MANUAL', status: 'PENDING', n: 1 },
    ]);
    // an approved AI complaint withdrew the complained deduction: its result is reviewed
    const [approved] = await rows<{ reviewed: number }>(
      `select count(*)::int reviewed from ai_results r join complaints c on c.result_id = r.id and c.type = 'AI'
        where c.status = 'ACTIVE' and r.is_review and r.review_score >= r.ai_score`,
    );
    expect(approved!.reviewed).toBe(2);
    const [mine] = await rows<{ n: number }>('select count(*)::int n from complaints where agent_id = 1001');
    expect(mine!.n).toBeGreaterThan(0);
    expect(log.some((l) => l.startsWith('演示人工质检 demo assessments: 24 条人工结果'))).toBe(true);
  });

  it('ends the newest sessions with an image message, its picture in the file store', async () => {
    const images = await rows<{ content: string; seq: number; last: number; count: number }>(
      `select m.content, m.seq, (select max(seq) from chat_messages o where o.session_ref = m.session_ref)::int last,
              s.message_count count
         from chat_messages m join chat_sessions s on s.id = m.session_ref
        where m.content like '%TIMImageElem%'`,
    );
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image.seq).toBe(image.last);
      expect(image.count).toBe(image.seq + 1);
      const [item] = JSON.parse(image.content) as { MsgContent: { ImageInfoArray: { URL: string }[] } }[];
      const urls = item!.MsgContent.ImageInfoArray.map((info) => info.URL);
      expect(urls).toHaveLength(3);
      const path = decodeURIComponent(urls[0]!.split('path=')[1]!);
      expect(path).toMatch(/^chat\/image\/\d+\/demo\/bill\.png$/);
      expect(existsSync(join(t.config.filesDir, path))).toBe(true);
    }
  });
});

describe('demo sensitive-word libraries', () => {
  it('has an ACTIVE staff library and an ACTIVE customer one on the system list, before the task ran', async () => {
    const libraries = await rows<{ flag: string; temp_type: string; status: string; words: number }>(
      `select flag, temp_type, status, cardinality(words)::int words from censor_bans order by flag`,
    );
    expect(libraries).toEqual([
      { flag: 'cs-agent', temp_type: 'CUSTOM', status: 'ACTIVE', words: 12 },
      { flag: 'cs-customer', temp_type: 'SYS_WORDS', status: 'ACTIVE', words: 0 },
    ]);
  });

  it('their words occur in real STC-3 sessions: the demo AI results carry each library (58 and 211 measured)', async () => {
    const hits = await rows<{ flag: string; n: number }>(
      `select b.flag, count(r.id)::int n from censor_bans b
        left join ai_results r on r.censor_ban_ids @> array[b.id]::bigint[] group by b.flag order by b.flag`,
    );
    expect(hits).toEqual([
      { flag: 'cs-agent', n: expect.any(Number) },
      { flag: 'cs-customer', n: expect.any(Number) },
    ]);
    expect(hits[0]!.n).toBeGreaterThanOrEqual(50);
    expect(hits[1]!.n).toBeGreaterThanOrEqual(180);
  });

  it('the log holds real STC-3 hits of both libraries, and each library counts its own as matches', async () => {
    const logged = await rows<{ id: string; flag: string; n: number; roles: string }>(
      `select b.id::text id, b.flag, count(l.id)::int n, string_agg(distinct l.sender_role, ',') roles
        from censor_bans b left join censor_logs l on l.censor_ban_id = b.id group by b.id, b.flag order by b.flag`,
    );
    expect(logged.map((r) => [r.flag, r.roles])).toEqual([
      ['cs-agent', 'AGENT'],
      ['cs-customer', 'CUSTOMER'],
    ]);
    for (const r of logged) expect(r.n).toBeGreaterThan(0);
  });
});
