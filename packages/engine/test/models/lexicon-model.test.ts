import { describe, expect, it } from 'vitest';
import { compileRule } from '../../src/compile/compile-rule.js';
import { lexiconModel } from '../../src/models/lexicon/lexicon-model.js';
import { readSession } from '../../src/transcript/read-session.js';

const labels = (text: string, task: 'CUSTOMER_CHECK_MODEL' | 'ABUSE_MODEL') =>
  lexiconModel.classifySync!([text], task)[0]!.map((l) => l.label);

describe('the built-in lexicon model', () => {
  it('labels clear cues', () => {
    expect(labels('你给我滚', 'ABUSE_MODEL')).toContain('ABUSE');
    expect(labels('明年315曝光见！', 'CUSTOMER_CHECK_MODEL')).toContain('PUBLIC_OPINION');
    expect(labels('给我转你们负责人', 'CUSTOMER_CHECK_MODEL')).toContain('ESCALATION');
    expect(labels('这不归我们管', 'ABUSE_MODEL')).toContain('PASSING_THE_BUCK');
  });

  it('does not take words inside other words for abuse or public opinion', () => {
    expect(labels('请插上USB线再试', 'ABUSE_MODEL')).not.toContain('ABUSE');
    expect(labels('页面可以滚动查看', 'CUSTOMER_CHECK_MODEL')).not.toContain('ABUSE');
    expect(labels('总收到垃圾短信', 'CUSTOMER_CHECK_MODEL')).not.toContain('ABUSE');
    const consumer = labels('@12315消费者维权', 'CUSTOMER_CHECK_MODEL');
    expect(consumer).toContain('ESCALATION');
    expect(consumer).not.toContain('PUBLIC_OPINION');
  });

  it('drops a cue negated right before it', () => {
    expect(labels('我不是投诉，只是问问', 'CUSTOMER_CHECK_MODEL')).not.toContain('COMPLAINT');
    expect(labels('我要投诉你们', 'CUSTOMER_CHECK_MODEL')).toContain('COMPLAINT');
  });
});

describe('small input forms', () => {
  it('reads a named lambda padded with spaces as the named lambda', () => {
    const rule = compileRule({
      id: 'r',
      conditionConfig: {
        lambda: ' ANY_ONE ',
        conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['x'] } }] }],
      },
    });
    expect(rule.rule.lambda.kind).toBe('ANY_ONE');
  });

  it('keeps a send time of the epoch itself, and reads numeric strings', () => {
    const t = readSession({
      sessionId: 's',
      messages: [
        { role: 'AGENT', text: 'a', time: '1970-01-01T00:00:00Z' },
        { role: 'AGENT', text: 'b', sendTime: '1530000020000' },
        { role: 'AGENT', text: 'c', time: 'not a date' },
      ],
    });
    expect(t.sentences.map((s) => s.time)).toEqual([0, 1530000020000, null]);
  });
});
