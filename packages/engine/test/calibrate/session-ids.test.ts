import { describe, expect, it } from 'vitest';
import { calibrate, ngramIndex, readSession, suggestPhrases } from '../../src/index.js';

/**
 * Eight sessions labelled 0…7 (lower quartile 1.75: s0 s1 are low; upper quartile 5.25: s6 s7 are high). The customer
 * asks for a refund in s0 s1 s2 s5; the agent thanks in s6 s7 and says 好的 in the others.
 */
const REFUND = new Set([0, 1, 2, 5]);
const sessions = Array.from({ length: 8 }, (_, i) => ({
  transcript: readSession({
    sessionId: `s${i}`,
    messages: [
      { role: 'CUSTOMER', text: REFUND.has(i) ? '我要退款' : '查询订单' },
      { role: 'AGENT', text: i >= 6 ? '谢谢您的耐心' : '好的' },
    ],
  }),
  label: i,
}));

const rule = (id: string, keyword: string, role: 'AGENT' | 'CUSTOMER') => ({
  id,
  name: `rule ${id}`,
  conditionConfig: {
    conditions: [
      { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [keyword] } }], checkRange: { role } },
    ],
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
  },
});
const RULES = [rule('refund', '退款', 'CUSTOMER'), rule('ok', '好的', 'AGENT')];
const SCHEME = {
  id: 'sch',
  name: 'ids',
  schemeAngles: [{ angleId: 'g', angleName: 'g', score: 100, angleRules: RULES.map((r) => ({ ruleId: r.id })) }],
};

describe('the report names the sessions behind its counts', () => {
  it('lists the sessions each rule hits', () => {
    const report = calibrate(RULES, SCHEME, sessions, { folds: 2, resamples: 20 });
    const refund = report.evidence.find((e) => e.ruleId === 'refund')!;
    expect(refund.hits).toBe(4);
    expect(refund.hitSessionIds).toEqual(['s0', 's1', 's2', 's5']);
    const ok = report.evidence.find((e) => e.ruleId === 'ok')!;
    expect(ok.hitSessionIds).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    expect(ok.hits).toBe(6);
  });

  it('lists the low- and high-judged sessions that contain each suggested phrase', () => {
    const index = ngramIndex(sessions.map((s) => s.transcript));
    const labels = sessions.map((s) => s.label);
    const phrases = suggestPhrases(index, labels, [0, 1, 2, 3, 4, 5, 6, 7], { count: 50, minSessions: 1 });
    expect(phrases.length).toBeGreaterThan(2);
    for (const p of phrases) {
      expect(p.lowSessionIds).toHaveLength(p.low);
      expect(p.highSessionIds).toHaveLength(p.high);
      // by hand: the low (label ≤ 1) and high (label ≥ 6) sessions whose role said the phrase
      const said = sessions
        .filter((s) => s.transcript.sentences.some((m) => m.role === p.role && m.text?.includes(p.phrase)))
        .map((s) => s.label);
      expect(p.lowSessionIds).toEqual(said.filter((l) => l <= 1).map((l) => `s${l}`));
      expect(p.highSessionIds).toEqual(said.filter((l) => l >= 6).map((l) => `s${l}`));
    }
    const refund = phrases.find((p) => p.role === 'CUSTOMER' && '我要退款'.includes(p.phrase))!;
    expect(refund.lowSessionIds).toEqual(['s0', 's1']);
    expect(refund.highSessionIds).toEqual([]);
    const thanks = phrases.find((p) => p.role === 'AGENT' && '谢谢您的耐心'.includes(p.phrase))!;
    expect(thanks.lowSessionIds).toEqual([]);
    expect(thanks.highSessionIds).toEqual(['s6', 's7']);
  });

  it("gives the report's suggestions the same lists, and their rules' evidence the sessions they hit", () => {
    const report = calibrate(RULES, SCHEME, sessions, {
      folds: 2,
      resamples: 20,
      suggest: 3,
      suggestOptions: { minSessions: 1 },
    });
    expect(report.suggestions).toHaveLength(3);
    for (const s of report.suggestions) {
      expect(s.lowSessionIds).toHaveLength(s.low);
      expect(s.highSessionIds).toHaveLength(s.high);
      expect(s.evidence.hitSessionIds).toHaveLength(s.evidence.hits);
      // a SUB phrase rule hits where the phrase is said; a ONCE (missing) one where it is not
      const said = sessions
        .filter((x) => x.transcript.sentences.some((m) => m.role === s.role && m.text?.includes(s.phrase)))
        .map((x) => x.transcript.sessionId);
      const hit =
        s.scoreType === 'SUB' ? said : sessions.map((x) => x.transcript.sessionId).filter((id) => !said.includes(id));
      expect(s.evidence.hitSessionIds).toEqual(hit);
    }
  });
});
