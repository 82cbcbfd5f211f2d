import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatFieldPath, formatMessage, LANGS, MESSAGE_CODES, MESSAGES, toFieldErrors } from '../src/index.js';

describe('messages', () => {
  it('every entry has its code and both languages', () => {
    for (const code of MESSAGE_CODES) {
      expect(MESSAGES[code].code).toBe(code);
      for (const lang of LANGS) expect(MESSAGES[code][lang], `${code}.${lang}`).toMatch(/\S/);
    }
  });
  it('keeps the spec texts word for word', () => {
    expect(MESSAGES['qc.angleRule.rulesRequired'].zh).toBe('请选择检测规则');
    expect(MESSAGES['qc.scheme.compareOperatorRequired'].zh).toBe('请选择比较运算符');
    expect(MESSAGES['qc.scheme.voteCountRequired'].zh).toBe('请填写投票数');
    expect(MESSAGES['qc.complaint.manualReviewStatusRequired']).toMatchObject({
      zh: '审核状态不能为空',
      en: 'review status cannot be empty',
    });
    // quoted in English by the spec; the console speaks Chinese in Chinese (issue 15, defect 9), the spec's English in English
    for (const [code, zh, en] of [
      ['qc.complaint.aiReviewStatusRequired', '审核状态不能为空', 'review status cannot be empty'],
      ['qc.complaint.reviewReasonRequired', '审核原因不能为空', 'review reason cannot be empty'],
      ['qc.rule.conditionTypeRequired', '请选择条件类型', 'Please select a condition type'],
      ['common.selectRecord', '请选择记录', 'please select a record'],
    ] as const)
      expect(MESSAGES[code]).toMatchObject({ zh, en });
    expect(MESSAGES['common.noViewPermission'].zh).toBe('无查看权限');
    expect(MESSAGES['censor.lineRequired'].zh).toBe('请选择客服号后查询');
    expect(formatMessage('qc.angle.confirmDelete', 'zh', { name: '服务态度' })).toBe('是否删除改维度——服务态度');
    expect(MESSAGES['qc.angleRule.confirmUnlink'].zh).toBe(
      '确认要对当前规则取消关联？取消关联后，规则将会从当前质检方案中删除。',
    );
    expect(formatMessage('qc.manual.appraiseRequired', 'zh', { name: '服务评价' })).toBe('服务评价 不能为空');
  });
  it('leaves unknown placeholders visible and joins lists', () => {
    expect(formatMessage('common.tooLong', 'en')).toBe('At most {maximum} characters');
    expect(formatMessage('common.invalidOption', 'zh', { values: ['A', 'B'] })).toBe('取值无效，可选值：A, B');
  });
});

describe('toFieldErrors', () => {
  it('formats paths JSON-path style', () => {
    expect(formatFieldPath(['schemeAngles', 2, 'score'])).toBe('schemeAngles[2].score');
    expect(formatFieldPath([0, 'a'])).toBe('[0].a');
    expect(formatFieldPath([])).toBe('');
  });
  it('maps zod issue kinds to generic codes with their limits', () => {
    const schema = z.object({
      name: z.string().max(3),
      n: z.number().int().min(1).max(9),
      list: z.array(z.string()).min(1).max(1),
      must: z.string(),
    });
    const r = schema.safeParse({ name: 'abcd', n: 1.5, list: [] });
    expect(r.success).toBe(false);
    expect(toFieldErrors(r.error!, 'en')).toEqual([
      { code: 'common.tooLong', message: 'At most 3 characters', field: 'name' },
      { code: 'common.integer', message: 'Must be a whole number', field: 'n' },
      { code: 'common.tooFewItems', message: 'Choose at least 1', field: 'list' },
      { code: 'common.required', message: 'This field is required', field: 'must' },
    ]);
    const r2 = schema.safeParse({ name: 1, n: 10, list: ['a', 'b'], must: 'x' });
    expect(toFieldErrors(r2.error!, 'zh').map((e) => e.message)).toEqual(['格式不正确', '不能大于 9', '最多 1 项']);
  });
  it('fills custom issue params', () => {
    const schema = z.object({}).superRefine((_, ctx) =>
      ctx.addIssue({
        code: 'custom',
        message: 'qc.manual.appraiseRequired',
        params: { name: '总结' },
        path: ['appraises', 0],
      }),
    );
    expect(toFieldErrors(schema.safeParse({}).error!, 'en')).toEqual([
      { code: 'qc.manual.appraiseRequired', message: '总结 cannot be empty', field: 'appraises[0]' },
    ]);
  });
});
