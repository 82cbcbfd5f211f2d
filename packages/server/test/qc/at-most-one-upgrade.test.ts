import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { complaints, qcAngleRules, qcRules } from '../../src/db/schema/index.js';
import { isUniqueViolation } from '../../src/db/unique-violation.js';
import { ONE_PENDING_COMPLAINT } from '../../src/routes/complaint/pending-complaint.js';
import { migrationBefore, type RawSql, storeMigratedFrom } from '../helpers/store-before-migration.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

/** A complaint as a store before the index could hold it: raw SQL, the columns that have no default. */
async function complaint(
  run: RawSql,
  at: { org: number; session: number; type: string; result: number; status: string; minute: number; deleted?: string },
): Promise<number> {
  const time = new Date(Date.UTC(2024, 0, 1, 8, at.minute)).toISOString();
  const { rows } = await run(sql`
    insert into complaints (organization_id, type, result_id, session_ref, session_id, chat_id, start_time, status,
      reason, deleted, create_time, modify_time)
    values (${at.org}, ${at.type}, ${at.result}, ${at.session}, 's-1', 'c-1', ${time}, ${at.status}, '冤枉',
      ${at.deleted ?? 'NONE'}, ${time}, ${time})
    returning id`);
  return Number(rows[0]!.id);
}

describe('upgrading a store with duplicate pending complaints', () => {
  it('keeps the newest pending complaint of a result PENDING, rejects the others with a reason, then holds one', async () => {
    const ids: Record<string, number> = {};
    const { opened, close } = await storeMigratedFrom(migrationBefore('_one_pending_complaint'), async (run) => {
      const org = Number((await run(sql`insert into organizations (name) values ('旧公司') returning id`)).rows[0]!.id);
      const session = Number(
        (
          await run(sql`
            insert into chat_sessions (organization_id, session_id, chat_id, begin_time, content_hash)
            values (${org}, 's-1', 'c-1', now(), 'h') returning id`)
        ).rows[0]!.id,
      );
      const at = { org, session };
      // AI result 7: three filings at once and an older approved one
      ids.approved = await complaint(run, { ...at, type: 'AI', result: 7, status: 'ACTIVE', minute: 0 });
      ids.first = await complaint(run, { ...at, type: 'AI', result: 7, status: 'PENDING', minute: 1 });
      ids.newest = await complaint(run, { ...at, type: 'AI', result: 7, status: 'PENDING', minute: 3 });
      ids.second = await complaint(run, { ...at, type: 'AI', result: 7, status: 'PENDING', minute: 2 });
      // a MANUAL result with the same number is another result
      ids.manual = await complaint(run, { ...at, type: 'MANUAL', result: 7, status: 'PENDING', minute: 1 });
      // AI result 8: two filed in the same instant: the later id stays
      ids.tieA = await complaint(run, { ...at, type: 'AI', result: 8, status: 'PENDING', minute: 5 });
      ids.tieB = await complaint(run, { ...at, type: 'AI', result: 8, status: 'PENDING', minute: 5 });
      // AI result 9: one pending and one in the trash, which the rule does not count
      ids.alone = await complaint(run, { ...at, type: 'AI', result: 9, status: 'PENDING', minute: 6 });
      ids.trashed = await complaint(run, {
        ...at,
        type: 'AI',
        result: 9,
        status: 'PENDING',
        minute: 7,
        deleted: 'TRASH',
      });
    });
    closers.push(close);
    const db = opened.db;
    const rows = await db.select().from(complaints).orderBy(asc(complaints.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const of = (k: string) => byId.get(ids[k]!)!;
    for (const kept of ['newest', 'manual', 'tieB', 'alone', 'trashed'])
      expect(of(kept), kept).toMatchObject({ status: 'PENDING', version: 1, commonReason: null, reviewTime: null });
    expect(of('approved')).toMatchObject({ status: 'ACTIVE', version: 1 });
    for (const [closed, keep] of [
      ['first', 'newest'],
      ['second', 'newest'],
      ['tieA', 'tieB'],
    ] as const) {
      expect(of(closed), closed).toMatchObject({
        status: 'INACTIVE',
        version: 2,
        commonReason: `重复的待审核申诉，以申诉 ${ids[keep]} 为准 / duplicate of pending complaint ${ids[keep]}`,
      });
      expect(of(closed).reviewTime).not.toBeNull();
    }

    // from now on the store itself refuses a second pending complaint on a result
    const second = db
      .insert(complaints)
      .values({ ...of('newest'), id: undefined, createTime: new Date(), modifyTime: new Date() })
      .returning({ id: complaints.id });
    const error = await second.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, ONE_PENDING_COMPLAINT)).toBe(true);
    expect(isUniqueViolation(error, 'some_other_index')).toBe(false);
    // … but takes one once the pending one is reviewed
    await db.update(complaints).set({ status: 'ACTIVE' }).where(eq(complaints.id, ids.newest!));
    await db.insert(complaints).values({ ...of('newest'), id: undefined, status: 'PENDING' });
  }, 120_000);
});

describe('upgrading a store with a rule linked twice into an angle and a shared outside id', () => {
  it('keeps the oldest live link and the oldest live holder of an outside id; the store then holds one', async () => {
    const ids: Record<string, number> = {};
    const { opened, close } = await storeMigratedFrom(migrationBefore('_one_rule_out_id_one_link'), async (run) => {
      const one = async (q: ReturnType<typeof sql>) => Number((await run(q)).rows[0]!.id);
      const org = await one(sql`insert into organizations (name) values ('旧公司') returning id`);
      const other = await one(sql`insert into organizations (name) values ('别家') returning id`);
      const rule = (name: string, outId: string | null, deleted = 'NONE', o = org) =>
        one(sql`insert into qc_rules (organization_id, name, type, rule_out_id, deleted)
          values (${o}, ${name}, 'AI', ${outId}, ${deleted}) returning id`);
      ids.trashedHolder = await rule('回收站里的', 'R-1', 'TRASH');
      ids.holder = await rule('先建的', 'R-1');
      ids.later = await rule('后建的', 'R-1');
      ids.emptied = await rule('已清空的', 'R-1', 'BUFFER');
      ids.elsewhere = await rule('别家的', 'R-1', 'NONE', other);
      ids.plain = await rule('无编号', null);
      ids.plain2 = await rule('也无编号', null);
      const scheme = await one(sql`insert into qc_schemes (organization_id, name, type, target_type)
        values (${org}, '方案', 'TEXT', 'AI') returning id`);
      const angle = await one(sql`insert into qc_angles (organization_id, scheme_id, name, score)
        values (${org}, ${scheme}, '态度', 100) returning id`);
      const link = (ruleId: number, deleted = 'NONE') =>
        one(sql`insert into qc_angle_rules (organization_id, scheme_id, angle_id, rule_id, deleted)
          values (${org}, ${scheme}, ${angle}, ${ruleId}, ${deleted}) returning id`);
      ids.trashedLink = await link(ids.holder, 'TRASH');
      ids.link = await link(ids.holder);
      ids.copy = await link(ids.holder);
      ids.copy2 = await link(ids.holder);
      ids.otherLink = await link(ids.later);
    });
    closers.push(close);
    const db = opened.db;
    const rules = new Map((await db.select().from(qcRules)).map((r) => [r.id, r]));
    const rule = (k: string) => rules.get(ids[k]!)!;
    expect(rule('holder')).toMatchObject({ ruleOutId: 'R-1', version: 1 });
    expect(rule('trashedHolder')).toMatchObject({ ruleOutId: null, deleted: 'TRASH', version: 2 });
    expect(rule('later')).toMatchObject({ ruleOutId: null, deleted: 'NONE', version: 2 });
    // emptied rules and other organisations' do not count
    expect(rule('emptied')).toMatchObject({ ruleOutId: 'R-1', version: 1 });
    expect(rule('elsewhere')).toMatchObject({ ruleOutId: 'R-1', version: 1 });
    expect(rule('plain2')).toMatchObject({ ruleOutId: null, version: 1 });
    const links = new Map((await db.select().from(qcAngleRules)).map((r) => [r.id, r]));
    const link = (k: string) => links.get(ids[k]!)!;
    expect(link('link')).toMatchObject({ deleted: 'NONE', version: 1 });
    expect(link('copy')).toMatchObject({ deleted: 'BUFFER', version: 2 });
    expect(link('copy2')).toMatchObject({ deleted: 'BUFFER', version: 2 });
    expect(link('trashedLink')).toMatchObject({ deleted: 'TRASH', version: 1 });
    expect(link('otherLink')).toMatchObject({ deleted: 'NONE', version: 1 });

    const refused = async (write: Promise<unknown>) =>
      write.then(
        () => null,
        (e: unknown) => e,
      );
    const again = await refused(
      db
        .insert(qcAngleRules)
        .values({ ...link('link'), id: undefined })
        .returning({ id: qcAngleRules.id }),
    );
    expect(isUniqueViolation(again, 'qc_angle_rules_angle_rule_uq')).toBe(true);
    const taken = await refused(
      db
        .insert(qcRules)
        .values({ ...rule('plain'), id: undefined, ruleOutId: 'R-1' })
        .returning({ id: qcRules.id }),
    );
    expect(isUniqueViolation(taken, 'qc_rules_org_out_id_uq')).toBe(true);
  }, 120_000);
});
