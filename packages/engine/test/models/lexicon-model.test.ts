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

const exact = (text: string, task: 'CUSTOMER_CHECK_MODEL' | 'ABUSE_MODEL') => labels(text, task).sort();
const confidence = (text: string, task: 'CUSTOMER_CHECK_MODEL' | 'ABUSE_MODEL', label: string) =>
  lexiconModel.classifySync!([text], task)[0]!.find((l) => l.label === label)?.confidence ?? 0;

describe('the lexicon model on the issue examples (exact labels)', () => {
  it.each([
    ['你什么态度', ['QUESTIONING_SERVICE']],
    ['我要到315曝光你们', ['PUBLIC_OPINION']],
    ['给我转你们负责人', ['ESCALATION']],
    ['我要投诉你们', ['COMPLAINT']],
    ['谢谢你的耐心解答', ['PRAISE']],
    ['气死我了', ['ANGER']],
    ['你是不是傻逼', ['ABUSE']],
    ['我要投诉，还要在微博上曝光你们', ['COMPLAINT', 'PUBLIC_OPINION']],
    ['你们到底能不能解决问题', ['QUESTIONING_SERVICE']],
    ['再不给答复我就打12315', ['ESCALATION']],
    ['不处理我就投诉', ['COMPLAINT']],
  ])('customer: %s', (text, expected) => {
    expect(exact(text, 'CUSTOMER_CHECK_MODEL')).toEqual([...expected].sort());
  });

  it.each([
    ['这不归我们管', ['PASSING_THE_BUCK']],
    ['你给我滚', ['ABUSE']],
    ['有本事你去投诉啊', ['GUIDING_COMPLAINT']],
    ['呵呵，您说得都对', ['SARCASM']],
    ['这事我处理不了，你去投诉吧', ['GUIDING_COMPLAINT', 'PASSING_THE_BUCK']],
    ['您是不是有病', ['ABUSE']],
  ])('agent: %s', (text, expected) => {
    expect(exact(text, 'ABUSE_MODEL')).toEqual([...expected].sort());
  });
});

describe('the lexicon model on hard negatives (no label at all)', () => {
  it.each([
    '请插上USB线再试',
    '页面可以滚动查看',
    '总收到垃圾短信',
    '手机里的垃圾文件怎么删除',
    '我不是要投诉',
    '我不是投诉，只是问问',
    '没有要投诉的意思，麻烦帮我查一下',
    '我没有生气，只是想确认一下',
    '[呵呵]好的',
    '请问315活动什么时候开始',
    '请问客户经理的联系方式是多少',
    '麻烦尽快处理，谢谢',
    '谢谢你们，让我等了三天还没人联系',
  ])('customer: %s', (text) => {
    expect(labels(text, 'CUSTOMER_CHECK_MODEL')).toEqual([]);
  });

  it.each([
    '请插上USB线再试',
    '您可以滚动页面查看全部内容',
    '这类垃圾短信可以在设置中拦截',
    '[呵呵]您好，请私信提供您的号码',
    '您不用去投诉，我现在就帮您处理',
    '您的投诉我们已经收到，会尽快处理',
    '这个我们这边帮您联系厂家处理，有结果第一时间告诉您',
  ])('agent: %s', (text) => {
    expect(labels(text, 'ABUSE_MODEL')).toEqual([]);
  });

  it('reads 12315 inside a handle as a regulator, not as the 315 gala, and the handle is no complaint', () => {
    expect(exact('@12315消费者维权', 'CUSTOMER_CHECK_MODEL')).toEqual(['ESCALATION']);
  });

  it('does not take thanks inside a complaint for praise', () => {
    expect(exact('谢谢，但是我还是要投诉', 'CUSTOMER_CHECK_MODEL')).toEqual(['COMPLAINT']);
  });
});

describe('negation, intensity and rhetorical questions', () => {
  it('cancels a cue negated within a short window, but not a condition clause', () => {
    expect(labels('您不用去投诉', 'ABUSE_MODEL')).toEqual([]);
    expect(labels('你去投诉吧', 'ABUSE_MODEL')).toEqual(['GUIDING_COMPLAINT']);
    expect(labels('不用投诉了，已经解决了', 'CUSTOMER_CHECK_MODEL')).not.toContain('COMPLAINT');
    expect(labels('再不解决我就投诉', 'CUSTOMER_CHECK_MODEL')).toContain('COMPLAINT');
  });

  it('does not read 是不是 as a negation', () => {
    expect(labels('你是不是智障', 'ABUSE_MODEL')).toEqual(['ABUSE']);
  });

  it('raises confidence with intensity, and lets a weak cue count only when intensified', () => {
    expect(confidence('太过分了！！', 'CUSTOMER_CHECK_MODEL', 'ANGER')).toBeGreaterThan(
      confidence('有点过分', 'CUSTOMER_CHECK_MODEL', 'ANGER'),
    );
    expect(labels('快点处理！', 'CUSTOMER_CHECK_MODEL')).toEqual([]);
    expect(labels('真的快点处理！', 'CUSTOMER_CHECK_MODEL')).toEqual(['ANGER']);
    for (const l of lexiconModel.classifySync!(['太过分了！！！简直气死我了！！'], 'CUSTOMER_CHECK_MODEL')[0]!) {
      expect(l.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads rhetorical questions about the service', () => {
    for (const text of ['这就是你们的服务？', '你们是怎么办事的', '有没有人管啊', '凭什么让我等一个月'])
      expect(labels(text, 'CUSTOMER_CHECK_MODEL'), text).toContain('QUESTIONING_SERVICE');
  });

  it('answers the async interface like the sync one', async () => {
    const texts = ['给我转你们负责人', '谢谢'];
    expect(await lexiconModel.classify(texts, 'CUSTOMER_CHECK_MODEL')).toEqual(
      lexiconModel.classifySync!(texts, 'CUSTOMER_CHECK_MODEL'),
    );
  });

  it('stays fast on long input (linear patterns)', () => {
    const long = `${'投诉！？哈'.repeat(4000)}${'a'.repeat(20000)}`;
    const t0 = performance.now();
    lexiconModel.classifySync!([long], 'CUSTOMER_CHECK_MODEL');
    lexiconModel.classifySync!([long], 'ABUSE_MODEL');
    expect(performance.now() - t0).toBeLessThan(2000);
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
