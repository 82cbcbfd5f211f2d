import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QcRule } from '@qcdesk/engine';
import { describe, expect, it } from 'vitest';
import { CorpusLoadError, runCorpus } from '../src/replay/corpus/corpus-run';
import { fileSource } from '../src/replay/corpus/corpus-source';
import { draftTarget, type ReplayTarget, soloScheme } from '../src/replay/target/replay-target';
import { inProcessEngine } from './replay-corpus-engine';

// vitest runs from the repository's root
const fixture = (path: string) => readFileSync(join(process.cwd(), 'fixtures', path), 'utf8');

function textSource(text: string, chunk = 97) {
  const bytes = new TextEncoder().encode(text);
  return fileSource({
    name: 'corpus.jsonl',
    size: bytes.length,
    stream: () => {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) controller.close();
          else {
            controller.enqueue(bytes.slice(at, at + chunk));
            at += chunk;
          }
        },
      });
    },
  });
}

const keywordRule = (id: string, keywords: string[]): QcRule => ({
  id,
  name: `规则${id}`,
  conditionConfig: {
    conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords } }] }],
    ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 20 },
  },
});

function ruleTarget(keywords: string[], savedKeywords: string[] | null): ReplayTarget {
  const saved = savedKeywords === null ? null : keywordRule('r1', savedKeywords);
  return draftTarget(
    { ruleId: 'r1', name: '规则r1', conditionConfig: keywordRule('r1', keywords).conditionConfig },
    saved,
  );
}

const line = (id: string, text: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ sessionId: id, messages: [{ role: 'CUSTOMER', text }], ...extra });

describe('runCorpus: a target over a corpus in the engine pool', () => {
  it('counts hits, skips a bad line by its number, and diffs against the saved rule', async () => {
    const text = [
      line('s1', '我要退款'),
      line('s2', '发票开错了'),
      'not json',
      line('s3', '你好'),
      JSON.stringify({ sessionId: 's4', messages: 'oops' }),
      line('s5', '退款和发票'),
    ].join('\n');
    const updates: number[] = [];
    const result = await runCorpus({
      engine: inProcessEngine(),
      target: ruleTarget(['退款', '发票'], ['退款']),
      source: textSource(text),
      signal: new AbortController().signal,
      updateEveryMs: 0,
      onUpdate: (progress) => updates.push(progress.done),
    });
    expect(result.end).toBe('done');
    const { report } = result;
    expect(report.sessions).toBe(4);
    expect(report.problems.map((p) => [p.lineNumber, p.en])).toEqual([
      [3, expect.stringContaining('not valid JSON')],
      [5, 'messages (an array) is missing'],
    ]);
    expect(report.rules.map((r) => [r.ruleId, r.hits])).toEqual([['r1', 3]]);
    expect(report.rules[0]!.hitSample.map((s) => [s.sessionId, s.lineNumber])).toEqual([
      ['s1', 1],
      ['s2', 2],
      ['s5', 6],
    ]);
    // uploads keep their line so that the single replay can open them
    expect(report.rules[0]!.hitSample[0]!.payload).toBe(line('s1', '我要退款'));
    expect(report.diff).toEqual([
      expect.objectContaining({ ruleId: 'r1', change: 'changed', newlyHit: 1, stopped: 0 }),
    ]);
    expect(report.diff![0]!.newlySample.map((s) => s.sessionId)).toEqual(['s2']);
    // a solo rule scores 100 less its 20 when it hits
    expect(report.histogram[16]!.count + report.histogram[19]!.count).toBe(4);
    expect(updates).toEqual([1, 2, 3, 4]);
    expect(result.progress).toMatchObject({ done: 4, fraction: 1 });
  });

  it('matches a direct count of the engine over the STC-3 sample with a 20-rule scheme', async () => {
    const rules = JSON.parse(fixture('rules/demo-20.json'));
    const scheme = JSON.parse(fixture('schemes/demo-scheme.json'));
    const target: ReplayTarget = { kind: 'scheme', label: 'demo', rules, scheme, saved: { rules, scheme } };
    const text = fixture('sessions/stc3-sample.jsonl');
    const { compileScheme, inspect } = await import('@qcdesk/engine');
    const compiled = compileScheme(scheme, rules);
    const expected = new Map<string, number>();
    const sessions = text.split('\n').filter((l) => l.trim() !== '');
    for (const l of sessions)
      for (const r of inspect(compiled, JSON.parse(l), { trace: false }).rules)
        expected.set(r.ruleId, (expected.get(r.ruleId) ?? 0) + Number(r.hit));
    const result = await runCorpus({
      engine: inProcessEngine(),
      target,
      source: textSource(text, 4096),
      signal: new AbortController().signal,
    });
    expect(result.report.sessions).toBe(sessions.length);
    expect(Object.fromEntries(result.report.rules.map((r) => [r.ruleId, r.hits]))).toEqual(
      Object.fromEntries(expected),
    );
    // the saved scheme is the target itself: every rule compares as the same
    expect(result.report.diff!.every((d) => d.change === 'same' && d.newlyHit === 0 && d.stopped === 0)).toBe(true);
    // the sample carries STC-3 judgements
    expect(result.report.judged.judgements.length).toBeGreaterThan(0);
  });

  it('stops promptly when cancelled and keeps the figures of the sessions done', async () => {
    const text = Array.from({ length: 400 }, (_, i) => line(`s${i}`, i % 2 === 0 ? '退款' : '你好')).join('\n');
    const engine = inProcessEngine({ delayMs: 2 });
    const controller = new AbortController();
    let reads = 0;
    const result = await runCorpus({
      engine,
      target: ruleTarget(['退款'], null),
      source: textSource(text),
      signal: controller.signal,
      updateEveryMs: 0,
      onUpdate: (progress) => {
        reads = progress.done;
        if (progress.done === 25) controller.abort();
      },
    });
    expect(result.end).toBe('cancelled');
    expect(reads).toBe(25);
    expect(result.report.sessions).toBe(25);
    expect(result.report.rules[0]!.hits).toBe(13);
    expect(result.progress.fraction).toBeLessThan(0.2);
    // nothing more is inspected once cancelled
    const after = engine.inspected();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.inspected()).toBe(after);
    expect(after).toBeLessThanOrEqual(26);
  });

  it('reports a rule that does not compile as a load error naming it', async () => {
    const broken = {
      id: 'bad',
      name: '坏规则',
      conditionConfig: { conditions: [{ cid: 'a', operators: [] }], lambda: 'a &&' },
    };
    const target: ReplayTarget = {
      kind: 'rule',
      label: '坏规则',
      rules: [broken],
      scheme: soloScheme(broken),
      saved: null,
    };
    const run = runCorpus({
      engine: inProcessEngine(),
      target,
      source: textSource(line('s1', '你好')),
      signal: new AbortController().signal,
    });
    await expect(run).rejects.toBeInstanceOf(CorpusLoadError);
    await expect(run).rejects.toMatchObject({ problem: { ruleId: 'bad' } });
  });
});
